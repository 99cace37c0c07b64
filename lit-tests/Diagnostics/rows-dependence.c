// Rows of one pointer-to-pointer array: a write and a read of the previous row carry a
// dependence (the same row, the same columns); columns that meet in other iterations of the
// inner loop (`j` and `m - 1 - j`) stay serial with a warning, and no suggestion of
// 'independent' (the bound test finds them meeting); even and odd columns never meet.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int m, float **a) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = a[i - 1][j] + 1; // expected-error {{write to 'a[i][j]' and read of 'a[i - 1][j]' carry a dependence of distance 1}} expected-note {{read is here}}
}
void g(int n, int m, float **a) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = a[i - 1][m - 1 - j]; // expected-warning {{cannot prove that write to 'a[i][j]' and read of 'a[i - 1][m - 1 - j]' are independent; the loop stays serial}} expected-note {{read is here}}
}
void parity(int n, int m, float **a) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][2 * j] = a[i - 1][2 * j + 1];
}
