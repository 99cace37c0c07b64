// Rows are copied where the subscripts say they are: a row or column read through an index
// array cannot be placed.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int m, float **a, float **b, const int *perm) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = a[perm[i]][j]; // expected-warning {{subscripts of 'a[perm[i]][j]' are not affine in the loop variables; rows of 'a' are copied only where they are}}
}
