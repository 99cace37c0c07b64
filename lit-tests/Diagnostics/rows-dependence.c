// Rows of one pointer-to-pointer array: a write and a read of the previous row carry a
// dependence (the same row, the same columns); different columns of the same row cannot be
// proven apart by row alone and stay serial with a warning.
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
      a[i][2 * j] = a[i - 1][2 * j + 1]; // expected-warning {{cannot prove that write to 'a[i][2 * j]' and read of 'a[i - 1][2 * j + 1]' are independent; the loop stays serial}} expected-note {{read is here}} expected-note {{add 'independent' to '#pragma gpupar' if no two iterations touch the same element of 'a'}}
}
