void stencil(int n, int m, const float **a, float **b) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i][j] = a[i - 1][j] + a[i + 1][j];
}
