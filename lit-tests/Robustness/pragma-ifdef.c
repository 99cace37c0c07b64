// Preprocessor lines between the pragma and its loop: '#endif', skipped '#else' branches, other
// tools' loop pragmas (moved next to the 'for' in the host file, commented out where they were).
// RUN: %gpupar_cc -DOPEN -fplugin-arg-gpupar-outdir=%t -fplugin-arg-gpupar-remarks -fsyntax-only %s 2>&1 | %filecheck %s --check-prefix=DIAG
// RUN: %FileCheck %s --check-prefix=HOST < %t/pragma-ifdef.gpupar.c
// RUN: %gcc -DOPEN -fopenmp -fsyntax-only %gpupar_include %t/pragma-ifdef.gpupar.c
void f(int n, float *a) {
#ifdef OPEN
#pragma gpupar
#else
  this text is skipped ( "
#endif
  for (int i = 0; i < n; i++) // DIAG: pragma-ifdef.c:[[@LINE]]:3: remark: loop offloaded
    a[i] = 0;
#pragma omp parallel for
#pragma gpupar
  for (int i = 0; i < n; i++) // DIAG: pragma-ifdef.c:[[@LINE]]:3: remark: loop offloaded
    a[i] += 1;
#pragma gpupar
#ifdef _OPENMP_NOT
#endif
#pragma omp parallel for \
    schedule(static)
  for (int i = 0; i < n; i++) // DIAG: pragma-ifdef.c:[[@LINE]]:3: remark: loop offloaded
    a[i] *= 2;
}
// HOST: {{^}}/* #pragma omp parallel for */
// HOST: {{^}}#pragma omp parallel for{{$}}
// HOST-NEXT: {{^}}#line 16 "
// HOST-NEXT: {{^}}  for (int i = 0; i < n; i++)
// HOST: {{^}}/* #pragma omp parallel for{{ $}}
// HOST: {{^}}#pragma omp parallel for {{.$}}
// HOST-NEXT: {{^}}    schedule(static){{$}}
// HOST-NEXT: {{^}}#line 23 "
// HOST-NEXT: {{^}}  for (int i = 0; i < n; i++)
