// Triangular inner loops: bounds affine in the offloaded loop's variable.
#define N 64

void upper(int n, const double *b, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      a[i * n + j] = 2 * b[i * n + j] + i;
}

void lower(double s[N][N], const double *x) {
#pragma gpupar
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      s[i][j] = x[i] * x[j];
}

void rowsum(int n, const double *l, const double *x, double *y) {
  int j;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double t = 0;
    for (j = 0; j <= i; j++)
      t += l[i * n + j] * x[j];
    y[i] = t;
  }
}

// The transpose of the strict upper triangle: independent, and proven so once `a[j * n + i]` is
// split into row j and column i (the clause is no longer needed).
void column(int n, double *a) {
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    for (int j = n - 1; j > i; j--)
      a[j * n + i] = a[i * n + j];
}

void window(int n, int k, const double *a, double *c) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double t = 0;
    for (int j = i; j < i + k; j++)
      t += a[j];
    c[i] = t;
  }
}
