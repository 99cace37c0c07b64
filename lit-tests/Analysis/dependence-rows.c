// Rows of a flattened matrix: i*m + j with j in [0, m) never meets another row (forcing).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, int m, float *a, const float *b, float *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = a[i * m + j] + b[i * m + (m - 1 - j)];
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = a[i * n + n - 1 - j];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      a[i * m + j] = b[j];
    c[i] = a[i * m]; // j in [0, m) is non-empty here, so m > 0
  }
}
