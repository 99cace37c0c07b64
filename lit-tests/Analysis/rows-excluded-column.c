// A pointer-to-pointer array's column that moves with the loop variable under conditions that
// only bound the loop variable or exclude one value of it (Gauss-Jordan's pivot row,
// `if (j != k)`): the terms carry those conditions as guards, one term on each side of the
// excluded value, so that the runtime copies no column of an iteration that does not run (a
// row may end just before it). Other conditions keep the loop serial (Diagnostics/rows-column.c).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=HOST < %t/rows-excluded-column.gpupar.c
// expected-no-diagnostics
void pivot_row(double **mat, double **inv, int dim, int k) {
#pragma gpupar
  for (int j = 0; j < dim; j++) {
    inv[k][j] = inv[k][j] / mat[k][k];
    if (j != k)
      mat[k][j] = mat[k][j] / mat[k][k];
  }
}
// HOST-LABEL: pivot_row
// HOST: gpupar_span_init(&gpupar_spans[[[R:[0-9]+]]], 0LL, (long long)(k)); /* mat[k][j] (read) */
// HOST: gpupar_span_col_coef(&gpupar_spans[[[R]]], 1LL);
// HOST: gpupar_span_guard_hi(&gpupar_spans[[[R]]], -1LL + (long long)(k));
// HOST: gpupar_span_init(&gpupar_spans[[[S:[0-9]+]]], 0LL, (long long)(k)); /* mat[k][j] (read) */
// HOST: gpupar_span_col_coef(&gpupar_spans[[[S]]], 1LL);
// HOST: gpupar_span_guard_lo(&gpupar_spans[[[S]]], 1LL + (long long)(k));
void interior(double **w, const double *x, int n, int m) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      if (j > 0 && j < n - 1)
        w[k][j] += x[j];
}
// HOST-LABEL: interior
// HOST: gpupar_span_guard_lo(&gpupar_spans[[[I:[0-9]+]]], 1LL);
// HOST: gpupar_span_guard_hi(&gpupar_spans[[[I]]], -2LL + (long long)(n));
void diagonal_else(double **a, int n, int p) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (i != p)
      a[i][i] = 2;
    else
      a[i][i + 1] = 3;
}
