// Perfect nests without a 'collapse' clause.
void jacobi(int n, int m, const double *a, double *b) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i * m + j] = 0.25 * (a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] + a[i * m + j + 1]);
}

void prefix(int n, double (*a)[100]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 1; j < 100; j++)
      a[i][j] += a[i][j - 1];
}

void cube(float c[8][16][32]) {
#pragma gpupar
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 16; j++)
      for (int k = 0; k < 32; k++)
        c[i][j][k] = (float)(i + j + k);
}

double total(int n, const double (*a)[64]) {
  double s = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++)
      s += a[i][j];
  return s;
}

void rowsums(int n, const double (*a)[64], double *s) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++)
      s[i] += a[i][j];
}

void firstneg(int n, float (*a)[64]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++) {
      if (a[i][j] < 0)
        break;
      a[i][j] = 1;
    }
}

void vouched(int n, int m, int k, float *a) {
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * k + j] = 1;
}

void bound(int n, int m, int k, float (*a)[64]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m / k; j++)
      a[i][j] = 1;
}

void half(int n, int m, float (*a)[64]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m / 2; j++)
      a[i][j] = 1;
}
