// Fixed-size multi-dimensional arrays: globals, a 3-D static, parameters with constant rows.
#define N 8
#define M 5
#define K 3

double A[N][M], B[N][M];
static double T[N][M][K];

void scale(int n, double (*X)[M], const double Y[][M]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      X[i][j] = 2 * Y[i][j];
}

void globals(void) {
#pragma gpupar
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = B[i][j] + 1;
}

void cube(void) {
#pragma gpupar
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        T[i][j][k] = A[i][j] * k;
}
