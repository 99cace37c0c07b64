// A read-only array accessed through an index array needs a known extent.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *y, const float *x, const int *idx) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i]]; // expected-warning {{cannot tell which elements of 'x' 'x[idx[i]]' reads; add 'map(to: x[0:len])' with the number of elements}}
}
