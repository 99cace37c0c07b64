// Flat subscripts `row * C + col` with a constant stride C are split into row and column when
// the column provably stays within [0, C) (Dependence.cpp, Tester::delinearized): PolyBench's
// flat ports of covariance store a symmetric matrix through `s[j1*(M+1) + j2]` and
// `s[j2*(M+1) + j1]`, independent once split. A column that may leave its row is not split.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define M 500
void covariance(float *s, const float *data, int n) {
  int j1, j2, i;
#pragma gpupar private(j2, i)
  for (j1 = 1; j1 < M + 1; j1++)
    for (j2 = j1; j2 < M + 1; j2++) {
      s[j1 * (M + 1) + j2] = 0.0f;
      for (i = 1; i < n + 1; i++)
        s[j1 * (M + 1) + j2] += data[i * (M + 1) + j1] * data[i * (M + 1) + j2];
      s[j2 * (M + 1) + j1] = s[j1 * (M + 1) + j2];
    }
}

// Correlation's diagonal `s[j1*(M+1) + j1]`: coefficient M + 2, split as row j1, column j1.
void correlation(float *s, const float *data, int n) {
  int j1, j2, i;
#pragma gpupar private(j2, i)
  for (j1 = 1; j1 < M; j1++) {
    s[j1 * (M + 1) + j1] = 1.0f;
    for (j2 = j1 + 1; j2 < M + 1; j2++) {
      s[j1 * (M + 1) + j2] = 0.0f;
      for (i = 1; i < n + 1; i++)
        s[j1 * (M + 1) + j2] += data[i * (M + 1) + j1] * data[i * (M + 1) + j2];
      s[j2 * (M + 1) + j1] = s[j1 * (M + 1) + j2];
    }
  }
}

// Each row of 8 is one iteration's: independent.
void within(float *a) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 7; j++)
      a[i * 8 + j + 1] = a[i * 8 + j] * 2.0f;
}

// Columns up to 9 reach into the next row: not split, and not proven.
void beyond(float *a) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 9; j++)
      a[i * 8 + j + 1] = a[i * 8 + j] * 2.0f; // expected-warning {{cannot prove that write to 'a[i * 8 + j + 1]' and read of 'a[i * 8 + j]' are independent}} expected-note {{read is here}}
}

// An in-place transpose: row i against column i.
void transpose(float *a) {
#pragma gpupar
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      a[i * 64 + j] = a[j * 64 + i] + 1.0f; // expected-warning {{cannot prove that write to 'a[i * 64 + j]' and read of 'a[j * 64 + i]' are independent}} expected-note {{read is here}}
}

// The next row: a proven dependence.
void next(float *a) {
#pragma gpupar
  for (int i = 0; i < 99; i++)
    for (int j = 0; j < 64; j++)
      a[i * 64 + j] = a[(i + 1) * 64 + j] + 1.0f; // expected-error {{write to 'a[i * 64 + j]' and read of 'a[(i + 1) * 64 + j]' carry a dependence of distance 1}} expected-note {{}}
}
