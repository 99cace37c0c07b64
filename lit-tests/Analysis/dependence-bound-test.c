// The bound test proves symmetric stores and triangular pairs independent (Fourier-Motzkin over
// the subscripts dimension by dimension, a triangular loop's bounds per outer iteration); an
// in-place transpose stays serial with the usual warning, and no note suggests `independent`
// (different iterations meet).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define M 64
double s[M][M], data[M][M];

void covariance(int m, int n) {
  int i, j1, j2;
#pragma gpupar
  for (j1 = 0; j1 < m; j1++)
    for (j2 = j1; j2 < m; j2++) {
      s[j1][j2] = 0.0;
      for (i = 0; i < n; i++)
        s[j1][j2] += data[i][j1] * data[i][j2];
      s[j2][j1] = s[j1][j2]; // row j1 right of the diagonal, column j1 below it
    }
}

void lower_from_upper(int m) {
#pragma gpupar
  for (int i = 0; i < m; i++)
    for (int j = 0; j < i; j++)
      s[i][j] = s[j][i]; // reads the strict upper triangle, which no iteration writes
}

void transpose_in_place(int m) {
#pragma gpupar
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      s[i][j] = s[j][i]; // expected-warning {{cannot prove that write to 's[i][j]' and read of 's[j][i]' are independent}} expected-note {{read is here}}
}
