// A dependence through a pointer member read once is proven as for a local array (an error,
// so the loop of struct-member-array.c writes no files).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify %s

typedef struct {
  int n;
  float *x;
  float *y;
} vec;

void carried(vec *v) {
#pragma gpupar
  for (int i = 1; i < 100; i++)
    v->y[i] = v->y[i - 1] + v->x[i]; // expected-error {{write to 'v->y[i]' and read of 'v->y[i - 1]' carry a dependence of distance 1}} expected-note {{read}}
}

