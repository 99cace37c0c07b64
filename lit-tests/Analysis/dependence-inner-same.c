// Every outer iteration writes the same elements through the inner loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int m, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[j] = b[i * m + j]; // expected-error {{write to 'a[j]' does not depend on the loop variable 'i': every iteration writes the same element}}
}
