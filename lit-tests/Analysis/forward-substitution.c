// Body locals initialised once with an affine expression are substituted into subscripts.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, int m, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int idx = i * m + j;
      a[idx] = 2 * b[idx];
    }
}
