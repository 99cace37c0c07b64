// Pointer-to-pointer arrays subscripted as `a[i][j]`: in place, neighbour rows of another
// array, collapsed nests, rows read at a constant column; nothing to report.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, int m, float **a, float **b, double **d, int **q) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = a[i - 1][j] + a[i + 1][j];
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = 2 * d[i][j];
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      q[i][j] = q[i][j] + (int)a[i][0];
}
