// A loop written by a macro cannot be rewritten.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define ZERO(a, n) for (int i = 0; i < (n); i++) (a)[i] = 0
void f(int n, float *a) {
#pragma gpupar
  ZERO(a, n); // expected-warning {{loop comes from a macro expansion and cannot be rewritten}}
}
