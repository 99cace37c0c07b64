// Variable-length arrays sized by integer variables.
void stencil(int n, int m, double A[n][m], double B[n][m]) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

void cube(int nz, int ny, int nx, float (*T)[ny][nx], float (*U)[ny][nx]) {
#pragma gpupar
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        U[k][j][i] = 2.0f * T[k][j][i];
}

void mixed(int n, int m, double X[n][m][3]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[i][j][2] = X[i][j][0] + X[i][j][1];
}

static double rowsum(int m, const double R[m]) {
  double s = 0;
  for (int j = 0; j < m; j++)
    s += R[j];
  return s;
}

void sums(int n, int m, const double A[n][m], double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = rowsum(m, A[i]);
}
