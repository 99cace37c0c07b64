// Variable-length arrays are tested dimension by dimension like fixed-size ones (C keeps each
// subscript within its dimension): `A[i][j][k]` over `double A[n][m][l]` has one element per
// iteration of the nest, so the nest collapses, by the clause or automatically; a dependence
// along an inner dimension is still found.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks %s
void scale(int n, int m, int l, double A[n][m][l], double B[n][m][l]) {
#pragma gpupar collapse(3)
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: B (in), A (out)}}
    for (int j = 0; j < m; j++)
      for (int k = 0; k < l; k++)
        A[i][j][k] = B[i][j][k] * 2;
}

void stencil(int n, double (*A)[n][n], double (*B)[n][n]) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++) // expected-remark {{loop offloaded: B (in), A (out)}}
    for (int j = 1; j < n - 1; j++) // expected-remark {{perfectly nested loops over 'j', 'k' collapsed with the offloaded loop as by 'collapse(3)'}}
      for (int k = 1; k < n - 1; k++)
        A[i][j][k] = B[i - 1][j][k] + B[i + 1][j][k] + B[i][j - 1][k] + B[i][j + 1][k] +
                     B[i][j][k - 1] + B[i][j][k + 1];
}

void carried(int n, int m, int l, double A[n][m][l]) {
#pragma gpupar collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      for (int k = 0; k < l; k++)
        A[i][j][k] = A[i][j - 1][k] + 1; // expected-error {{carry a dependence}} expected-note {{read is here}}
}
