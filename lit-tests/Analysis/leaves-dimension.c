// A subscript after the first that leaves its dimension reaches into a neighbouring row (C
// leaves it undefined, real code does it): such an access is tested by its flat offset, so rows
// that meet that way are not taken for independent (DataRaceBench DRB014/DRB015).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#define M 64

void below(int n, int m, double b[n][m]) {
  int i, j;
#pragma gpupar private(j)
  for (i = 1; i < n; i++)
    for (j = 0; j < m; j++)
      b[i][j] = b[i][j - 1]; // expected-warning {{cannot prove that write to 'b[i][j]' and read of 'b[i][j - 1]' are independent; the loop stays serial}} expected-note {{read is here}} expected-note {{subscript 'j - 1' lies outside its dimension in some iterations, where it reaches into a neighbouring row; the access is tested by its flat offset}}
}

void above(int n, double b[][M]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      b[i][j + 1] = b[i][j] * 2; // expected-warning {{cannot prove that write to 'b[i][j + 1]' and read of 'b[i][j]' are independent}} expected-note {{read is here}} expected-note {{subscript 'j + 1' lies outside its dimension}}
}

// Inside every row: independent rows, offloaded as before.
void inside(int n, int m, double b[n][m], double c[][M]) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: b (inout)}}
    for (int j = 1; j < m; j++) // expected-remark {{not collapsed}}
      b[i][j] = b[i][j - 1] + 1; // expected-note {{as 'collapse(2)': write to 'b[i][j]' and read of 'b[i][j - 1]' carry a dependence of distance 1 in loop 'j'}}
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: c (inout)}}
    for (int j = 0; j < M - 1; j++) // expected-remark {{not collapsed}}
      c[i][j + 1] = c[i][j] * 2; // expected-note {{as 'collapse(2)': write to 'c[i][j + 1]' and read of 'c[i][j]' carry a dependence of distance 1 in loop 'j'}}
}

// Sibling loops that reuse one variable: each access takes the range of its own loop. The
// second loop over k starts at 0, so `b[i][k - 1]` reaches the previous row (a dependence),
// though `k - 1` stays inside its row under the first loop's range. Conversely NPB LU's flux
// differences read `flux[i][j][k - 1]` where the second loop starts at 1: inside every row.
void siblings(int n, double b[][M], double y[][M]) {
  int i, k;
#pragma gpupar
  for (i = 1; i < n; i++) {
    for (k = 1; k < M; k++)
      b[i][k] = i + k; // expected-warning {{cannot prove that write to 'b[i][k]' and read of 'b[i][k - 1]' are independent}}
    for (k = 0; k < M; k++)
      y[i][k] = b[i][k - 1]; // expected-note {{read is here}} expected-note {{subscript 'k - 1' lies outside its dimension}}
  }
}

void flux_differences(int n, int nz, double flux[][12][5], double frct[][12][5]) {
  int i, k, m;
#pragma gpupar
  for (i = 0; i < n; i++) { // expected-remark {{loop offloaded: frct (inout), flux (inout), k (private), m (private)}}
    for (k = 0; k <= nz - 1; k++) // expected-remark {{'k' is private to each iteration}}
      flux[i][k][0] = frct[i][k][3];
    for (k = 1; k <= nz - 2; k++)
      for (m = 0; m < 5; m++) // expected-remark {{'m' is private to each iteration}}
        frct[i][k][m] -= flux[i][k + 1][m] - flux[i][k - 1][m];
  }
}
