// OpenMP programs with `#pragma omp for` swapped for `#pragma gpupar` inside `#pragma omp
// parallel` regions. Under -fopenmp every thread of the team reaches such a loop, as it reached
// the `omp for`: the host file runs it in `#pragma omp single`, one thread for the team, the
// others waiting at its end. The split form (`#pragma omp parallel` right above the gpupar
// pragma) is moved to the CPU fallback as `parallel for`, with its clauses. A loop that a
// `single` already gives to one thread, or that an `omp parallel for` runs in each of its
// iterations, is left as it is; so is a region whose `{` stands between it and the pragma.
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -fsyntax-only %s
// RUN: %FileCheck %s < %t/pragma-omp-region.gpupar.c
// RUN: %gcc -fopenmp -fsyntax-only %gpupar_include %t/pragma-omp-region.gpupar.c
void region(int n, float *a, float *s) {
#pragma omp parallel
  {
    int k = 2;
#pragma gpupar
    for (int i = 0; i < n; i++)
      a[i] += k;
#pragma gpupar reduction(+ : s[0:1])
    for (int i = 0; i < n; i++)
      s[0] += a[i];
  }
}

void split(int n, float *a) {
#pragma omp parallel num_threads(2)
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

void one_thread(int n, int m, float *a) {
#pragma omp parallel
  {
#pragma omp single
    {
#pragma gpupar
      for (int i = 0; i < n; i++)
        a[i] += 1;
    }
  }
#pragma omp parallel for
  for (int r = 0; r < m; r++) {
#pragma gpupar
    for (int i = 0; i < n; i++)
      a[r * n + i] += r;
  }
}

void after(void) {}

// CHECK-LABEL: {{^}}void region(
// CHECK: {{^}}#pragma omp parallel{{$}}
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT: {{^}}    int k = 2;
// CHECK-NEXT: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}#pragma omp single{{$}}
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK: {{^}}/* #pragma gpupar reduction(+ : s[0:1]) */
// CHECK-NEXT: {{^}}#pragma omp single{{$}}
// CHECK-LABEL: {{^}}void split(
// CHECK: {{^}}/* #pragma omp parallel num_threads(2) */
// CHECK-NOT: omp single
// CHECK: {{^}}#pragma omp parallel for num_threads(2){{$}}
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; i++)
// CHECK-LABEL: {{^}}void one_thread(
// CHECK: {{^}}#pragma omp single{{$}}
// CHECK-NEXT: {{^}}    {
// CHECK-NEXT: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK-LABEL: {{^}}void after(
