void f(int n, int m, double *a) {
  int i, j;
#pragma gpupar collapse(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = i + j;
}
