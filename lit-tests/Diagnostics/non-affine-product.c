// A product of loop variables is not affine.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[i * i] = 0; // expected-warning {{subscript 'x[i * i]' is not affine in the loop variables}}
}
