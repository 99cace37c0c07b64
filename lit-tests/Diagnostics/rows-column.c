// A row's column may depend on the outer loop variable only where a chunk's columns of each
// row can be copied safely: rows may differ in length, so the serial loop must touch each
// iteration's columns in every row of that iteration's range (no jump in the body, no condition
// around the access other than bounds of the loop variable and one excluded value of it, no
// loop that skips rows or moves with the loop variable).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void diag(int n, double **a, const double *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (x[i] > 0)
      a[i][i] = 1; // expected-warning {{the column 'i' of 'a[i][i]' depends on the loop variable and the access does not run in every iteration; the loop stays serial (rows of 'a' may differ in length, so a chunk's columns are copied only from rows that every iteration touches)}}
}
void conditional(int n, int m, float **w, const float *x) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      if (x[j] > 0)
        w[k][j] = x[j]; // expected-warning {{the column 'j' of 'w[k][j]' depends on the loop variable and the access does not run in every iteration; the loop stays serial}}
}
void two_excluded(int n, double **a, int p, int q) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (i != p && i != q)
      a[0][i] = 2; // expected-warning {{the column 'i' of 'a[0][i]' depends on the loop variable and the access does not run in every iteration; the loop stays serial}}
}
void bound_and_data(int n, double **a, const double *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (i > 0 && x[i] > 0)
      a[0][i] = 2; // expected-warning {{the column 'i' of 'a[0][i]' depends on the loop variable and the access does not run in every iteration; the loop stays serial}}
}
void inner_condition(int n, int m, double **a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      if (k != i)
        a[k][i] = 2; // expected-warning {{the column 'i' of 'a[k][i]' depends on the loop variable and the access does not run in every iteration; the loop stays serial}}
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
