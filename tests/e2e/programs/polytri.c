/* PolyBench-style triangular kernels (syrk and syr2k on the lower triangle, trmm, the row
 * update of lu, a triangular matrix-vector product, covariance's and correlation's symmetric
 * stores, symm and a column-wise triangular solve, whose innermost loop runs to an enclosing
 * inner loop's variable, and lu's row update from the pivot row): each offloaded loop is checked
 * element by element against the same kernel run serially (no pragma), so a section that misses
 * part of a triangle, or a device that copies back stale elements, shows up as a mismatch. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 72
#define M 56

static double A[N][N], B[N][N], C[N][N], A2[N][N], B2[N][N], C2[N][N], x[N], y[N], y2[N];
static int failures;

static void init(unsigned seed) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      seed = seed * 1103515245u + 12345u;
      A[i][j] = (double)(seed >> 8 & 0xffff) / 65536.0;
      B[i][j] = (double)((seed >> 4) & 0xfff) / 4096.0;
      C[i][j] = (double)(i - j) / N;
    }
    x[i] = (double)(i % 7) / 7.0;
    y[i] = -1;
  }
  memcpy(A2, A, sizeof A);
  memcpy(B2, B, sizeof B);
  memcpy(C2, C, sizeof C);
  memcpy(y2, y, sizeof y);
}

static void same(const char *what, const double *got, const double *want, long n) {
  for (long i = 0; i < n; i++)
    if (fabs(got[i] - want[i]) > 1e-9 * (1 + fabs(want[i]))) {
      printf("%s: element %ld is %.17g, expected %.17g\n", what, i, got[i], want[i]);
      failures++;
      return;
    }
}

static void syrk(int n, int m, double alpha, double beta, double c[N][N], double a[N][N]) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      c[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        c[i][j] += alpha * a[i][k] * a[j][k];
  }
}
static void syrk_serial(int n, int m, double alpha, double beta, double c[N][N], double a[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      c[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        c[i][j] += alpha * a[i][k] * a[j][k];
  }
}

static void syr2k(int n, int m, double alpha, double beta, double c[N][N], double a[N][N],
                  double b[N][N]) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      c[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        c[i][j] += a[j][k] * alpha * b[i][k] + b[j][k] * alpha * a[i][k];
  }
}
static void syr2k_serial(int n, int m, double alpha, double beta, double c[N][N], double a[N][N],
                         double b[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      c[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        c[i][j] += a[j][k] * alpha * b[i][k] + b[j][k] * alpha * a[i][k];
  }
}

/* B = alpha * A^T B with A unit lower triangular: columns are independent. */
static void trmm(int m, int n, double alpha, double a[N][N], double b[N][N]) {
  for (int i = 0; i < m; i++) {
#pragma gpupar
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        b[i][j] += a[k][i] * b[k][j];
      b[i][j] = alpha * b[i][j];
    }
  }
}
static void trmm_serial(int m, int n, double alpha, double a[N][N], double b[N][N]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        b[i][j] += a[k][i] * b[k][j];
      b[i][j] = alpha * b[i][j];
    }
}

/* y = A^T x over the lower triangle (column i from row i down). */
static void trmv(int n, double a[N][N], const double *v, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double t = 0;
    for (int k = i; k < n; k++)
      t += a[k][i] * v[k];
    out[i] = t;
  }
}
static void trmv_serial(int n, double a[N][N], const double *v, double *out) {
  for (int i = 0; i < n; i++) {
    double t = 0;
    for (int k = i; k < n; k++)
      t += a[k][i] * v[k];
    out[i] = t;
  }
}

/* lu: the row update of the upper part (columns j >= i) from the rows above. */
static void lu(int n, double a[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[k][j];
      a[i][j] /= a[j][j];
    }
#pragma gpupar
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        a[i][j] -= a[i][k] * a[k][j];
  }
}
static void lu_serial(int n, double a[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[k][j];
      a[i][j] /= a[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        a[i][j] -= a[i][k] * a[k][j];
  }
}

/* A row of the strict upper triangle as a running combination (j reads j - 1 of its own row). */
static void upper_scan(int n, double a[N][N]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      a[i][j] = a[i][j] * 0.5 + a[i][j - 1];
}
static void upper_scan_serial(int n, double a[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      a[i][j] = a[i][j] * 0.5 + a[i][j - 1];
}

/* covariance's symmetric store: iteration j1 writes row j1 right of the diagonal and column j1
 * below it (the bound test proves no other iteration writes those). */
static void covariance(int m, int n, double data[N][N], double sym[N][N]) {
#pragma gpupar
  for (int j1 = 0; j1 < m; j1++)
    for (int j2 = j1; j2 < m; j2++) {
      sym[j1][j2] = 0.0;
      for (int i = 0; i < n; i++)
        sym[j1][j2] += data[i][j1] * data[i][j2];
      sym[j2][j1] = sym[j1][j2];
    }
}
static void covariance_serial(int m, int n, double data[N][N], double sym[N][N]) {
  for (int j1 = 0; j1 < m; j1++)
    for (int j2 = j1; j2 < m; j2++) {
      sym[j1][j2] = 0.0;
      for (int i = 0; i < n; i++)
        sym[j1][j2] += data[i][j1] * data[i][j2];
      sym[j2][j1] = sym[j1][j2];
    }
}

/* correlation's: the diagonal, then the strict upper triangle mirrored below it. */
static void correlation(int m, int n, double data[N][N], double sym[N][N]) {
  int i, j1, j2;
#pragma gpupar
  for (j1 = 0; j1 < m - 1; j1++) {
    sym[j1][j1] = 1.0;
    for (j2 = j1 + 1; j2 < m; j2++) {
      sym[j1][j2] = 0.0;
      for (i = 0; i < n; i++)
        sym[j1][j2] += data[i][j1] * data[i][j2];
      sym[j2][j1] = sym[j1][j2];
    }
  }
}
static void correlation_serial(int m, int n, double data[N][N], double sym[N][N]) {
  int i, j1, j2;
  for (j1 = 0; j1 < m - 1; j1++) {
    sym[j1][j1] = 1.0;
    for (j2 = j1 + 1; j2 < m; j2++) {
      sym[j1][j2] = 0.0;
      for (i = 0; i < n; i++)
        sym[j1][j2] += data[i][j1] * data[i][j2];
      sym[j2][j1] = sym[j1][j2];
    }
  }
}

/* symm (PolyBench 4), parallel over the columns j: the loop over k runs to the enclosing i, so k
 * covers [0, m - 2] over the call, a superset of each i's range (a hull loop). */
static void symm(int m, int n, double alpha, double beta, double c[N][N], double a[N][N],
                 double b[N][N]) {
  int i, j, k;
  double temp2;
#pragma gpupar private(i, k, temp2)
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        c[k][j] += alpha * b[i][j] * a[i][k];
        temp2 += b[k][j] * a[i][k];
      }
      c[i][j] = beta * c[i][j] + alpha * b[i][j] * a[i][i] + alpha * temp2;
    }
}
static void symm_serial(int m, int n, double alpha, double beta, double c[N][N], double a[N][N],
                        double b[N][N]) {
  int i, j, k;
  double temp2;
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        c[k][j] += alpha * b[i][j] * a[i][k];
        temp2 += b[k][j] * a[i][k];
      }
      c[i][j] = beta * c[i][j] + alpha * b[i][j] * a[i][i] + alpha * temp2;
    }
}

/* A lower-triangular solve per column: row i of x reads the rows k <= i above it. */
static void trsm_columns(int m, int n, double l[N][N], double x[N][N]) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double t = x[i][j];
      for (int k = 0; k <= i - 1; k++)
        t -= l[i][k] * x[k][j];
      x[i][j] = t / (l[i][i] + N);
    }
}
static void trsm_columns_serial(int m, int n, double l[N][N], double x[N][N]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double t = x[i][j];
      for (int k = 0; k <= i - 1; k++)
        t -= l[i][k] * x[k][j];
      x[i][j] = t / (l[i][i] + N);
    }
}

/* lu (PolyBench-ACC 3): rows below the pivot row k are updated from row k, which no iteration
 * writes (i > k). */
static void lu_rows(int n, double a[N][N]) {
  int i, j, k;
  for (k = 0; k < n; k++) {
#pragma gpupar
    for (j = k + 1; j < n; j++)
      a[k][j] = a[k][j] / a[k][k];
#pragma gpupar private(j)
    for (i = k + 1; i < n; i++)
      for (j = k + 1; j < n; j++)
        a[i][j] = a[i][j] - a[i][k] * a[k][j];
  }
}
static void lu_rows_serial(int n, double a[N][N]) {
  int i, j, k;
  for (k = 0; k < n; k++) {
    for (j = k + 1; j < n; j++)
      a[k][j] = a[k][j] / a[k][k];
    for (i = k + 1; i < n; i++)
      for (j = k + 1; j < n; j++)
        a[i][j] = a[i][j] - a[i][k] * a[k][j];
  }
}

static double total(double m[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += m[i][j];
  return s;
}

int main(void) {
  /* Sizes below N leave a border no kernel touches: it must keep its values. */
  const int n = N - 3, m = M;
  for (int rep = 0; rep < 2; rep++) { /* twice: the runtime's second call may choose otherwise */
    init(1 + (unsigned)rep);
    syrk(n, m, 1.5, 1.2, C, A);
    syrk_serial(n, m, 1.5, 1.2, C2, A2);
    same("syrk", &C[0][0], &C2[0][0], (long)N * N);
    printf("syrk: %.6f\n", total(C));
    init(3 + (unsigned)rep);
    syr2k(n, m, 1.5, 1.2, C, A, B);
    syr2k_serial(n, m, 1.5, 1.2, C2, A2, B2);
    same("syr2k", &C[0][0], &C2[0][0], (long)N * N);
    printf("syr2k: %.6f\n", total(C));
    init(5 + (unsigned)rep);
    trmm(n, N, 0.5, A, B);
    trmm_serial(n, N, 0.5, A2, B2);
    same("trmm", &B[0][0], &B2[0][0], (long)N * N);
    printf("trmm: %.6f\n", total(B));
    init(7 + (unsigned)rep);
    trmv(n, A, x, y);
    trmv_serial(n, A2, x, y2);
    same("trmv", y, y2, N);
    init(11 + (unsigned)rep);
    for (int i = 0; i < N; i++) /* a dominant diagonal: no tiny pivots */
      A[i][i] = A2[i][i] = N;
    lu(n, A);
    lu_serial(n, A2);
    same("lu", &A[0][0], &A2[0][0], (long)N * N);
    printf("lu: %.6f\n", total(A));
    init(13 + (unsigned)rep);
    upper_scan(n, A);
    upper_scan_serial(n, A2);
    same("upper_scan", &A[0][0], &A2[0][0], (long)N * N);
    printf("upper_scan: %.6f\n", total(A));
    init(17 + (unsigned)rep);
    covariance(n, m, A, C);
    covariance_serial(n, m, A2, C2);
    same("covariance", &C[0][0], &C2[0][0], (long)N * N);
    printf("covariance: %.6f\n", total(C));
    init(19 + (unsigned)rep);
    correlation(n, m, B, C);
    correlation_serial(n, m, B2, C2);
    same("correlation", &C[0][0], &C2[0][0], (long)N * N);
    printf("correlation: %.6f\n", total(C));
    init(23 + (unsigned)rep);
    symm(n, n - 5, 1.5, 1.2, C, A, B);
    symm_serial(n, n - 5, 1.5, 1.2, C2, A2, B2);
    same("symm", &C[0][0], &C2[0][0], (long)N * N);
    printf("symm: %.6f\n", total(C));
    init(29 + (unsigned)rep);
    trsm_columns(n, n - 2, A, B);
    trsm_columns_serial(n, n - 2, A2, B2);
    same("trsm_columns", &B[0][0], &B2[0][0], (long)N * N);
    printf("trsm_columns: %.6f\n", total(B));
    init(31 + (unsigned)rep);
    for (int i = 0; i < N; i++) /* a dominant diagonal: no tiny pivots */
      A[i][i] = A2[i][i] = N;
    lu_rows(n, A);
    lu_rows_serial(n, A2);
    same("lu_rows", &A[0][0], &A2[0][0], (long)N * N);
    printf("lu_rows: %.6f\n", total(A));
  }
  if (failures) {
    printf("polytri: %d mismatches\n", failures);
    return 1;
  }
  printf("polytri: ok\n");
  return 0;
}
