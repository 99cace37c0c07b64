// long double is not supported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, long double *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    c[i] = 0; // expected-warning {{long double is not supported in an offloaded loop; use double}}
}
