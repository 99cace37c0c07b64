// Rows of a pointer-to-pointer array are copied from ranges fixed for a whole call: a subscript
// over a triangular loop (bounds that move with the loop variable) keeps the loop serial with a
// warning (the generated host code named the loop variable outside the loop: gcc failed).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void upper(int n, float **a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      a[i][j] = a[i][j] * 2 + j; // expected-warning {{'a[i][j]' runs over the triangular loop 'j' (its bounds depend on another loop's variable); rows of 'a' are not offloaded with such a loop yet; the loop stays serial}}
}
void lower(int n, float **a, float **r) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      r[i][j] = a[i][j]; // expected-warning {{'a[i][j]' runs over the triangular loop 'j'}}
}
void full(int n, float **a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = a[i][j] * 2;
}
