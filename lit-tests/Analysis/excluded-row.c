// Gauss-Jordan elimination updates every row but the pivot row k and reads row k: under
// `if (i != k)` (or after `if (i == k) continue;`) the write to a[i][j] never meets the reads of
// a[k][...], so the loop is parallel. A condition that excludes another value proves nothing.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#define N 100

void gauss_jordan(double a[N][N + 1], double **b, int n, int k, double *v) {
#pragma gpupar
  for (int i = 0; i < N; i++) // expected-remark {{loop offloaded: a (inout)}}
    if (i != k) {
      double f = a[i][k] / a[k][k];
      for (int j = 0; j < N + 1; j++)
        a[i][j] -= f * a[k][j];
    }
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: b (inout)}}
    if (i == k)
      continue;
    double f = b[i][k] / b[k][k];
    for (int j = 0; j < n; j++)
      b[i][j] -= f * b[k][j];
  }
  // One dimension: every element but the k-th takes the k-th.
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: v (inout)}}
    if (k != i)
      v[i] += v[k];
#pragma gpupar
  for (int i = 0; i < N; i++)
    if (i != k + 1)
      a[i][0] -= a[k][0]; // expected-warning {{cannot prove that write to 'a[i][0]' and read of 'a[k][0]' are independent}} \
                          // expected-note {{read is here}}
}
