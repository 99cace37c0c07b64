/* Fixed-size multi-dimensional arrays: global 2-D arrays, a 3-D static array and a
 * `double (*A)[M]` parameter. Prints every result so the gpupar build can be compared with a
 * plain serial build; integer-valued doubles keep results exact on every backend, and a serial
 * recomputation checks them (the judge on cuda). */
#include <stdio.h>

#define N 37
#define M 23
#define K 5

double A[N][M], B[N][M];
static double T[N][M][K];

/* Rows are `double[M]`: the parameter is a pointer to rows. */
static void scale_rows(int n, double (*X)[M], const double Y[][M], double f) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      X[i][j] = f * Y[i][j] + j;
}

static void fill(void) {
#pragma gpupar
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = i * 100 + j;
}

static void cube(void) {
#pragma gpupar
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        T[i][j][k] = A[i][j] * k - i;
}

/* Reads a neighbouring row; writes one column of each row. */
static void column(int n) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    A[i][0] = B[i - 1][M - 1] + B[i][1];
}

static double sum2(double (*X)[M], int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      s += X[i][j] * (i + 1) + j;
  return s;
}

int main(void) {
  fill();
  scale_rows(N, A, (const double(*)[M])B, 2.0);
  cube();
  column(N);
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double b = i * 100 + j;
      double a = 2.0 * b + j;
      if (j == 0 && i > 0)
        a = ((i - 1) * 100 + M - 1) + (i * 100 + 1);
      bad += B[i][j] != b || A[i][j] != a;
      for (int k = 0; k < K; k++)
        bad += T[i][j][k] != (2.0 * b + j) * k - i;
    }
  double t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        t += T[i][j][k] * (k + 1);
  printf("B %.0f\nA %.0f\nT %.0f\nA[5][0] %.0f T[36][22][4] %.0f\n", sum2(B, N), sum2(A, N), t,
         A[5][0], T[36][22][4]);
  printf("%s\n", bad ? "MISMATCH" : "ok");
  return bad != 0;
}
