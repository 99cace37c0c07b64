// A row's column may depend on the outer loop variable only where a chunk's columns of each
// row can be copied safely: rows may differ in length, so the serial loop must touch those
// columns in every row of a range fixed for the call (no condition or jump around the access,
// rows that do not move with the loop variable and that no loop skips).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void diag(int n, double **a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i][i] = 1; // expected-warning {{the column 'i' of 'a[i][i]' depends on the loop variable and so does its row; the loop stays serial (rows of 'a' may differ in length, so a chunk's columns are copied only from rows that every iteration touches)}}
}
void conditional(int n, int m, float **w, const float *x) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      if (x[j] > 0)
        w[k][j] = x[j]; // expected-warning {{the column 'j' of 'w[k][j]' depends on the loop variable and the access does not run in every iteration; the loop stays serial}}
}
void jump(int n, int m, float **w, const float *x) {
#pragma gpupar
  for (int j = 0; j < n; j++) {
    if (x[j] < 0)
      continue;
    for (int k = 0; k < m; k++)
      w[k][j] = x[j]; // expected-warning {{the column 'j' of 'w[k][j]' depends on the loop variable and the body has a 'break' or 'continue'; the loop stays serial}}
  }
}
void skip(int n, int m, float **w) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      w[2 * k][j] = 1; // expected-warning {{the column 'j' of 'w[2 * k][j]' depends on the loop variable and its row skips rows as 'k' runs; the loop stays serial}}
}
void step(int n, int m, float **w) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k += 2)
      w[k][j] = 1; // expected-warning {{the column 'j' of 'w[k][j]' depends on the loop variable and its row skips rows as 'k' runs; the loop stays serial}}
}
void shared(int n, int m, float **w) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      w[k][j + k] = 1; // expected-warning {{the column 'j + k' of 'w[k][j + k]' depends on the loop variable and its row and column both depend on 'k'; the loop stays serial}}
}
void triangular(int n, float **w, float *s) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < j; k++)
      s[j] += w[k][j]; // expected-warning {{the column 'j' of 'w[k][j]' depends on the loop variable and the bounds of the loop over 'k' around it depend on the loop variable; the loop stays serial}}
}
