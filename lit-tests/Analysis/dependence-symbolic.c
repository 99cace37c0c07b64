// Dependences whose distance is constant although the subscripts have symbolic coefficients
// (row-major neighbours, adi/seidel-style sweeps) are errors, not "cannot prove" warnings whose
// note would suggest 'independent'.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void flat(int n, int m, float *a) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = a[(i - 1) * m + j]; // expected-error {{write to 'a[i * m + j]' and read of 'a[(i - 1) * m + j]' carry a dependence of distance 1}} expected-note {{read is here}}
}

void fixed(int n, int m, float a[100][100]) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = 0.5f * a[i - 1][j]; // expected-error {{write to 'a[i][j]' and read of 'a[i - 1][j]' carry a dependence of distance 1}} expected-note {{read is here}}
}

void adi(int n, int m, double (*x)[64], const double (*b)[64]) {
#pragma gpupar
  for (int i = 2; i < n; i++)
    for (int j = 0; j < m; j++)
      x[i][j] = x[i][j] - x[i - 2][j] * b[i][j]; // expected-error {{write to 'x[i][j]' and read of 'x[i - 2][j]' carry a dependence of distance 2}} expected-note {{read is here}}
}

// Different row lengths: not provable either way; the loop stays serial with a warning.
void unknown(int n, int m, int k, float *a) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = a[i * k + j]; // expected-warning {{cannot prove that write to 'a[i * m + j]' and read of 'a[i * k + j]' are independent; the loop stays serial}} expected-note {{read is here}} expected-note {{add 'independent'}}
}

// Columns: the rows are independent.
void columns(int n, int m, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      a[i * m + j] = a[i * m + j - 1] + 1;
}

// Seidel: the neighbour one row up and one column left.
void seidel(int n, double a[100][100]) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i][j] = (a[i - 1][j - 1] + a[i][j] + a[i + 1][j + 1]) / 3.0; // expected-error {{write to 'a[i][j]' and read of 'a[i - 1][j - 1]' carry a dependence of distance 1}} expected-note {{read is here}}
}

void seidel_flat(int n, int m, double *a) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      a[i * m + j] = a[(i - 1) * m + j + 1] + a[i * m + j]; // expected-error {{write to 'a[i * m + j]' and read of 'a[(i - 1) * m + j + 1]' carry a dependence of distance 1}} expected-note {{read is here}}
}
