// The loop variable must not be written in the body.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    i++; // expected-warning {{loop variable 'i' is modified in the loop body}}
  }
}
