// An array read at run-time indices needs its extent: a pointer the loop's function allocated
// with malloc or calloc, stored once before the loop, has its allocation's (asked of the runtime
// at the call); any other pointer still needs 'map(to: x[0:len])'.
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
  for (int i = 0; i < n; i++)
    out[i] = x[idx[i]]; // expected-warning {{cannot tell which elements of 'x' 'x[idx[i]]' reads; add 'map(to: x[0:len])' with the number of elements}}
}

void stored_twice(int n, const int *idx, double *out) {
  double *x = malloc(n * sizeof *x);
  x = realloc(x, 2 * n * sizeof *x);
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = x[idx[i]]; // expected-warning {{cannot tell which elements of 'x'}}
  free(x);
}

void conditional(int n, int c, const int *idx, double *out) {
  double *x = NULL;
  if (c)
    x = malloc(n * sizeof *x);
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = x[idx[i]]; // expected-warning {{cannot tell which elements of 'x'}}
  free(x);
}

void after(int n, const int *idx, double *out) {
  double *x = NULL;
  for (int t = 0; t < 2; t++) {
#pragma gpupar
    for (int i = 0; i < n; i++)
      out[i] = x[idx[i]]; // expected-warning {{cannot tell which elements of 'x'}}
    x = malloc(n * sizeof *x);
  }
  free(x);
}

void moved(int n, const int *idx, double *out) {
  double *x = malloc(2 * n * sizeof *x), **px = &x;
  (void)px;
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = x[idx[i]]; // expected-warning {{cannot tell which elements of 'x'}}
  free(x);
}

void other_allocator(int n, const int *idx, double *out) {
  double *x = my_alloc(n * sizeof *x);
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = x[idx[i]]; // expected-warning {{cannot tell which elements of 'x'}}
}
