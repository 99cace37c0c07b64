// A column that is the loop variable decides the dependence test of a pointer-to-pointer array:
// `w[k][j + 1]` written and `w[k][j]` read in a loop over j reach the same element one
// iteration apart (a proven dependence); the same column, or columns that never meet, are
// independent whatever the rows.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void shifted(int n, int m, float **w) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      w[k][j + 1] = w[k][j] + 1; // expected-error {{write to 'w[k][j + 1]' and read of 'w[k][j]' carry a dependence of distance 1}} expected-note {{read is here}}
}
void fine(int n, int m, float **w, float **v) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      w[k][j] = w[k][j] * 2 + w[k + m][j];
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int k = 0; k < m; k++)
      v[k][2 * j] = v[k][2 * j + 1];
}
