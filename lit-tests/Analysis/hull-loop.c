// A loop bounded by an enclosing inner loop's variable (`k < i` inside `i < m`) offloads: its
// variable ranges over the union of its ranges (PolyBench symm and trsm over the columns). Not
// under a condition (the union would then be a guess), and not over rows of a pointer-to-pointer
// array (a jagged row may be shorter than the union).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#define N 64
double A[N][N], B[N][N], C[N][N];

void symm(int m, int n, double alpha, double beta) {
  int i, j, k;
  double temp2;
#pragma gpupar private(i, k, temp2)
  for (j = 0; j < n; j++) // expected-remark {{loop offloaded}}
    for (i = 0; i < m; i++) { // expected-remark {{perfectly nested loop over 'i' not collapsed}}
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k]; // expected-note {{as 'collapse(2)': 'C' is written at 'C[k][j]', an index that is not affine in the loop variables, and also read}}
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

void upward_and_downward(int m, int n) {
#pragma gpupar
  for (int j = 0; j < n; j++) // expected-remark {{loop offloaded}}
    for (int i = 0; i < m; i++) // expected-remark {{perfectly nested loop over 'i' collapsed}}
      for (int k = i + 1; k < m; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma gpupar
  for (int j = 0; j < n; j++) // expected-remark {{loop offloaded}}
    for (int i = 0; i < m; i++) // expected-remark {{perfectly nested loop over 'i' collapsed}}
      for (int k = i; k >= 0; k--)
        C[i][j] += A[i][k] * B[k][j];
}

void conditional(int m, int n, const int *use, double (*b)[N]) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      if (use[i])
        for (int k = 0; k < i; k++)
          C[i][j] += b[k][j]; // expected-warning {{cannot tell which elements of 'b' 'b[k][j]' reads}}
}

void rows(int m, int n, double **w) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      for (int k = 0; k <= i; k++)
        C[i][j] += w[i][k]; // expected-warning {{'w[i][k]' runs over the triangular loop 'k' (its bounds depend on another loop's variable); rows of 'w' are not offloaded with such a loop yet; the loop stays serial}}
}
