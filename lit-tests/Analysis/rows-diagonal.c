// Pointer-to-pointer arrays whose row and column both move with the loop variable: the
// diagonal (Jacobi, Gauss-Jordan), a band, the anti-diagonal. Each iteration names its own
// row, so the runtime copies each row's columns exactly. The dependence test takes rows and
// columns together: `a[i][i]` and `a[i + 1][i]` never meet, `a[i + 1][i + 1]` is the element
// the next iteration writes, and `a[i][i + 1]` with `a[i + 1][i]` are apart.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -fsyntax-only -DNO_CARRIED %s
// RUN: %filecheck %s --check-prefix=HOST < %t/rows-diagonal.gpupar.c
void solve(int n, double **l, const double *b, double *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[i] = b[i] / l[i][i];
}
// HOST-LABEL: solve
// HOST: gpupar_span_col_coef(&{{.*}}, 1);
void scale(int n, double **a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] /= a[i][i];
}
void band(int n, double **a) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++) {
    a[i][i + 1] = a[i + 1][i] * 0.5;
    a[i][i] += a[i][i - 1] - a[i + 1][i];
  }
}
void anti(int n, double **a, const double *v) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[n - 1 - i][i] += v[i];
}
#ifndef NO_CARRIED
void carried(int n, double **a) {
#pragma gpupar
  for (int i = 0; i < n - 1; i++)
    a[i][i] = a[i + 1][i + 1] * 2; // expected-error {{write to 'a[i][i]' and read of 'a[i + 1][i + 1]' carry a dependence of distance 1}} expected-note {{read is here}}
}
#endif
