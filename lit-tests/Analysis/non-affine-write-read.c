// An array that is written cannot also be read non-affinely (its sections would be unknown).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *y, const int *idx) {
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    y[i] = y[idx[i]]; // expected-warning {{subscript 'y[idx[i]]' is not affine in the loop variables, and 'y' is written in the loop}}
}
