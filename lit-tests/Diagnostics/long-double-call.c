// The long double math functions are not supported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#include <math.h>
void f(int n, double *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    c[i] = (double)sqrtl(2); // expected-warning {{long double is not supported in an offloaded loop; use double}}
}
