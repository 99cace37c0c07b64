/* Variable-length arrays whose inner sizes are run-time variables: a 2-D stencil over
 * `double A[n][m]` parameters, a 3-D `float (*T)[ny][nx]` update, a mixed `double X[n][m][3]`,
 * a write through a VLA parameter that the body sizes itself (`j < m`) and a product of
 * `double A[n][p]` by `B[p][q]` (run as tiles on devices), and Gaussian elimination on an
 * augmented matrix `double a[n][n + 1]` (a size expression). Sizes are multiples
 * of nothing; values stay integers (or quarters) so every backend is exact. Every element is
 * checked against the same computation run serially here (no pragma). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void stencil(int n, int m, double A[n][m], double B[n][m]) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

static void stencil_serial(int n, int m, double A[n][m], double B[n][m]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

/* Each thread runs the inner loops, which read ny and nx themselves. */
static void cube(int nz, int ny, int nx, float (*T)[ny][nx], float (*U)[ny][nx]) {
#pragma gpupar
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 1; i < nx; i++)
        U[k][j][i] = 2.0f * T[k][j][i] - T[k][j][i - 1] + (float)k;
}

static void cube_serial(int nz, int ny, int nx, float (*T)[ny][nx], float (*U)[ny][nx]) {
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 1; i < nx; i++)
        U[k][j][i] = 2.0f * T[k][j][i] - T[k][j][i - 1] + (float)k;
}

/* A variable dimension then a constant one. */
static void mixed(int n, int m, double X[n][m][3]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[i][j][2] = X[i][j][0] * 3 + X[i][j][1];
}

static void mixed_serial(int n, int m, double X[n][m][3]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[i][j][2] = X[i][j][0] * 3 + X[i][j][1];
}

/* Writes rows from the second one on; the body reads m. */
static void fill(int n, int m, double A[n][m]) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = i * m + j;
}

static void fill_serial(int n, int m, double A[n][m]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = i * m + j;
}

static void matmul(int n, int p, int q, double A[n][p], double B[p][q], double C[n][q]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < q; j++) {
      double s = 0;
      for (int k = 0; k < p; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

static void matmul_serial(int n, int p, int q, double A[n][p], double B[p][q], double C[n][q]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < q; j++) {
      double s = 0;
      for (int k = 0; k < p; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

/* Forward elimination: row k's multiples taken from the rows below it, one loop call per k. */
static void eliminate(int n, double a[n][n + 1], int parallel) {
  for (int k = 0; k < n - 1; k++) {
#pragma gpupar if (parallel)
    for (int i = k + 1; i < n; i++) {
      double f = a[i][k] / a[k][k];
      for (int j = k; j <= n; j++)
        a[i][j] -= f * a[k][j];
    }
  }
}

static int check_2d(const char *what, int n, int m, double X[n][m], double Y[n][m]) {
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (X[i][j] != Y[i][j] && bad++ < 5)
        printf("%s[%d][%d]: %g, serial %g\n", what, i, j, X[i][j], Y[i][j]);
  return bad;
}

static int test_2d(void) {
  int n = 37, m = 53;
  double(*A)[m] = malloc(sizeof(double[n][m]));
  double(*B)[m] = malloc(sizeof(double[n][m]));
  double(*R)[m] = malloc(sizeof(double[n][m]));
  double(*F)[m] = malloc(sizeof(double[n][m]));
  double(*G)[m] = malloc(sizeof(double[n][m]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = (i * 7 + j * 3) % 11;
      B[i][j] = R[i][j] = -1;
      F[i][j] = G[i][j] = -2;
    }
  stencil(n, m, A, B);
  stencil_serial(n, m, A, R);
  fill(n, m, F);
  fill_serial(n, m, G);
  int bad = check_2d("stencil", n, m, B, R) + check_2d("fill", n, m, F, G);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += B[i][j] * (i + 1) + F[i][j];
  printf("2-D %.2f\n", s);
  free(A);
  free(B);
  free(R);
  free(F);
  free(G);
  return bad;
}

static int test_3d(void) {
  int nz = 7, ny = 11, nx = 13;
  float(*T)[ny][nx] = malloc(sizeof(float[nz][ny][nx]));
  float(*U)[ny][nx] = malloc(sizeof(float[nz][ny][nx]));
  float(*V)[ny][nx] = malloc(sizeof(float[nz][ny][nx]));
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        T[k][j][i] = (float)((k * 5 + j * 3 + i) % 17);
        U[k][j][i] = V[k][j][i] = -1;
      }
  cube(nz, ny, nx, T, U);
  cube_serial(nz, ny, nx, T, V);
  int bad = 0;
  double s = 0;
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        if (U[k][j][i] != V[k][j][i] && bad++ < 5)
          printf("cube[%d][%d][%d]: %g, serial %g\n", k, j, i, U[k][j][i], V[k][j][i]);
        s += U[k][j][i] * (k + 1);
      }
  printf("3-D %.0f\n", s);
  free(T);
  free(U);
  free(V);
  return bad;
}

static int test_mixed(void) {
  int n = 19, m = 29;
  double(*X)[m][3] = malloc(sizeof(double[n][m][3]));
  double(*Y)[m][3] = malloc(sizeof(double[n][m][3]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int c = 0; c < 3; c++)
        X[i][j][c] = Y[i][j][c] = (i + 2 * j + 5 * c) % 13;
  mixed(n, m, X);
  mixed_serial(n, m, Y);
  int bad = 0;
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int c = 0; c < 3; c++) {
        if (X[i][j][c] != Y[i][j][c] && bad++ < 5)
          printf("mixed[%d][%d][%d]: %g, serial %g\n", i, j, c, X[i][j][c], Y[i][j][c]);
        s += X[i][j][c] * (c + 1);
      }
  printf("mixed %.0f\n", s);
  free(X);
  free(Y);
  return bad;
}

static int test_matmul(void) {
  int n = 41, p = 23, q = 37;
  double(*A)[p] = malloc(sizeof(double[n][p]));
  double(*B)[q] = malloc(sizeof(double[p][q]));
  double(*C)[q] = malloc(sizeof(double[n][q]));
  double(*D)[q] = malloc(sizeof(double[n][q]));
  for (int i = 0; i < n; i++)
    for (int k = 0; k < p; k++)
      A[i][k] = (i * 3 + k) % 7 - 3;
  for (int k = 0; k < p; k++)
    for (int j = 0; j < q; j++)
      B[k][j] = (k * 5 + j * 2) % 9 - 4;
  matmul(n, p, q, A, B, C);
  matmul_serial(n, p, q, A, B, D);
  int bad = check_2d("matmul", n, q, C, D);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < q; j++)
      s += C[i][j] * (j + 1);
  printf("matmul %.0f\n", s);
  free(A);
  free(B);
  free(C);
  free(D);
  return bad;
}

static int test_gauss(void) {
  int n = 37;
  double(*a)[n + 1] = malloc(sizeof(double[n][n + 1]));
  double(*b)[n + 1] = malloc(sizeof(double[n][n + 1]));
  /* Diagonally dominant, entries multiples of 1/4: pivots never vanish. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= n; j++)
      a[i][j] = b[i][j] = i == j ? 4.0 * n : ((i * 7 + j * 3) % 9 - 4) * 0.25;
  eliminate(n, a, 1);
  eliminate(n, b, 0);
  /* Divisions make the values inexact: a GPU may fuse `a - f * b` into one rounding. */
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= n; j++)
      if (fabs(a[i][j] - b[i][j]) > 1e-12 * (1.0 + fabs(b[i][j])) && bad++ < 5)
        printf("gauss[%d][%d]: %.17g, serial %.17g\n", i, j, a[i][j], b[i][j]);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i][n] * (i + 1);
  printf("gauss %.3f\n", s);
  free(a);
  free(b);
  return bad;
}

int main(void) {
  int bad = test_2d() + test_3d() + test_mixed() + test_matmul() + test_gauss();
  printf("%s\n", bad ? "MISMATCH" : "ok");
  return bad != 0;
}
