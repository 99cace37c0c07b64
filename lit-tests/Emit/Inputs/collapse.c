#define N 64
void nest(int n, unsigned m, float a[N][N], const float *b, double c[4][N][N]) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (unsigned j = 2; j <= m; j += 2)
      a[i][j] = b[i] + (float)j;
#pragma gpupar collapse(3)
  for (long i = 0; i < 4; i++)
    for (int j = N - 1; j >= 0; j--)
      for (short k = 0; k < N; k++)
        c[i][j][k] = (double)(i + j + k);
}
