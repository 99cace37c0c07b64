// Indirect subscripts are not affine.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *x, const int *idx) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[idx[i]] = 0; // expected-warning {{subscript 'x[idx[i]]' is not affine in the loop variables}}
}
