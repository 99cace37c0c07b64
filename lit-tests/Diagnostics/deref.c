// Pointer dereferences are not subscripts.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = *(b + i); // expected-warning {{pointer arithmetic ('*(b + i)') is not generated yet; the loop stays serial}}
}
