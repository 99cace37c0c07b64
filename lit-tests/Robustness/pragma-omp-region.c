// OpenMP programs with `#pragma omp for` swapped for `#pragma gpupar` inside `#pragma omp
// parallel` regions. Under -fopenmp every thread of the team reaches such a loop, as it reached
// the `omp for`: the host file runs it in `#pragma omp single` after a barrier, one thread for
// the team, the others waiting at its end. The split form (`#pragma omp parallel` right above the gpupar
// pragma) is moved to the CPU fallback as `parallel for`, with its clauses. A loop that a
// `single` already gives to one thread, or that an `omp parallel for` runs in each of its
// iterations, is left as it is; so is a region whose `{` stands between it and the pragma.
// The same holds for the loops of the static functions that regions call (below).
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -fsyntax-only -Xclang -verify %s
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

// A loop that stays serial (a value carried under a condition) runs in `omp single` too.
void serial_in_region(int n, float *a) {
  float carry = 0;
#pragma omp parallel
  {
#pragma gpupar
    for (int i = 0; i < n; i++) { // expected-warning@+2 {{may carry a value}} expected-note@+2 {{read here}}
      if (a[i] > 0)
        carry = carry * 0.5f + 1;
      a[i] += carry;
    }
  }
}

// NPB CG: comment lines between the region's pragma and its block.
void comment_between(int n, float *a) {
#pragma omp parallel default(shared)

/*--------------------------------------------------------------------
c  Initialize
c-------------------------------------------------------------------*/
  {
#pragma gpupar
    for (int i = 0; i < n; i++)
      a[i] = 0;
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

// Loops of functions that regions call: a static function called only from regions (through
// another, past an `omp barrier`) runs its loop once for the team; one also called in each
// iteration of an `omp parallel for`, one whose address is taken, and one of external linkage
// (another file may call it inside an `omp for`) are left as they are.
static void scale(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] *= 3;
}
static void step(int n, float *a) { scale(n, a); }
static void per_row(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
static void by_pointer(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] -= 1;
}
void external(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] *= 0.5f;
}
void (*keep)(int, float *) = by_pointer;

void calls(int n, int m, float *a) {
#pragma omp parallel
  {
    step(n, a);
#pragma omp barrier
    per_row(n, a);
    by_pointer(n, a);
    external(n, a);
  }
#pragma omp parallel for
  for (int r = 0; r < m; r++)
    per_row(n, a + r * n);
}

void after(void) {}

// CHECK-LABEL: {{^}}void region(
// CHECK: {{^}}#pragma omp parallel{{$}}
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT: {{^}}    int k = 2;
// CHECK-NEXT: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}    {{{$}}
// CHECK-NEXT: {{^}}#ifdef _OPENMP{{$}}
// CHECK-NEXT: {{^}}#pragma omp barrier{{$}}
// CHECK-NEXT: {{^}}#pragma omp single{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK: {{^}}/* #pragma gpupar reduction(+ : s[0:1]) */
// CHECK-NEXT: {{^}}    {{{$}}
// CHECK-NEXT: {{^}}#ifdef _OPENMP{{$}}
// CHECK-NEXT: {{^}}#pragma omp barrier{{$}}
// CHECK-NEXT: {{^}}#pragma omp single{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-LABEL: {{^}}void serial_in_region(
// CHECK: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}    {{{$}}
// CHECK-NEXT: {{^}}#ifdef _OPENMP{{$}}
// CHECK-NEXT: {{^}}#pragma omp barrier{{$}}
// CHECK-NEXT: {{^}}#pragma omp single{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT: {{^}}#line 31 "
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; i++) {
// CHECK-LABEL: {{^}}void comment_between(
// CHECK: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}    {{{$}}
// CHECK-NEXT: {{^}}#ifdef _OPENMP{{$}}
// CHECK-NEXT: {{^}}#pragma omp barrier{{$}}
// CHECK-NEXT: {{^}}#pragma omp single{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
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
// CHECK-LABEL: {{^}}static void scale(
// CHECK: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}#ifdef _OPENMP{{$}}
// CHECK-NEXT: {{^}}#pragma omp barrier{{$}}
// CHECK-NEXT: {{^}}#pragma omp single{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-LABEL: {{^}}static void per_row(
// CHECK: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK-LABEL: {{^}}static void by_pointer(
// CHECK: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK-LABEL: {{^}}void external(
// CHECK: {{^}}/* #pragma gpupar */
// CHECK-NEXT: {{^}}#line {{[0-9]+}} "
// CHECK-LABEL: {{^}}void after(
