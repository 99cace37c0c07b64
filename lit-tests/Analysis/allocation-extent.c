// An array read at run-time indices needs its extent: a pointer the loop's function allocated
// with malloc or calloc, stored once before the loop, has its allocation's (asked of the runtime
// at the call); any other pointer's is the block it points into, which the runtime looks up among
// the blocks it saw the program allocate (gpupar_heap_extent; not found: the loop runs serially).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -c %s -o %t/allocation-extent.o
// RUN: %filecheck %s --check-prefix=HOST < %t/allocation-extent.gpupar.c
#include <stdlib.h>

void *my_alloc(size_t);

void allocated(int n, const int *idx, double *out) {
  double *x = malloc(n * sizeof *x);
  float *y = (float *)calloc(n, sizeof(float));
  int *z = NULL;
  z = malloc(sizeof(int) * n);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), x (in), y (in), z (in), out (out)}}
    out[i] = x[idx[i]] + y[idx[i]] + z[idx[i]];
  free(x);
  free(y);
  free(z);
}
// HOST: gpupar_alloc_elems(x, sizeof(*x))
// HOST: gpupar_alloc_elems(y, sizeof(*y))
// HOST: gpupar_alloc_elems(z, sizeof(*z))

void parameter(int n, const double *x, const int *idx, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}} expected-remark {{read at indices known only at run time: 'x'; each call copies the whole block}}
    out[i] = x[idx[i]];
}

void stored_twice(int n, const int *idx, double *out) {
  double *x = malloc(n * sizeof *x);
  x = realloc(x, 2 * n * sizeof *x);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}} expected-remark {{read at indices known only at run time: 'x'; each call copies the whole block}}
    out[i] = x[idx[i]];
  free(x);
}

void conditional(int n, int c, const int *idx, double *out) {
  double *x = NULL;
  if (c)
    x = malloc(n * sizeof *x);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}} expected-remark {{read at indices known only at run time: 'x'; each call copies the whole block}}
    out[i] = x[idx[i]];
  free(x);
}

void after(int n, const int *idx, double *out) {
  double *x = NULL;
  for (int t = 0; t < 2; t++) {
#pragma gpupar
    for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}} expected-remark {{read at indices known only at run time: 'x'; each call copies the whole block}}
      out[i] = x[idx[i]];
    x = malloc(n * sizeof *x);
  }
  free(x);
}

void moved(int n, const int *idx, double *out) {
  double *x = malloc(2 * n * sizeof *x), **px = &x;
  (void)px;
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}} expected-remark {{read at indices known only at run time: 'x'; each call copies the whole block}}
    out[i] = x[idx[i]];
  free(x);
}

void other_allocator(int n, const int *idx, double *out) {
  double *x = my_alloc(n * sizeof *x);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}} expected-remark {{read at indices known only at run time: 'x'; each call copies the whole block}}
    out[i] = x[idx[i]];
}
// HOST-LABEL: void parameter(
// HOST: gpupar_heap_extent((x), sizeof(*(x)), "allocation-extent.c:{{[0-9]+}}", "x", &gpupar_heap_first_0);
// HOST: gpupar_span_init(&gpupar_spans[{{[0-9]}}], 0LL, (long long)(gpupar_heap_first_0)); /* x, whole */
// HOST: const int gpupar_if = (gpupar_heap_len_0 > 0) != 0;
// HOST: if (!(gpupar_if ? gpupar_run(&[[LOOP:gpupar_loop_[a-z_0-9]+]], &gpupar_c) : gpupar_host_only(&[[LOOP]], &gpupar_c))) { {
