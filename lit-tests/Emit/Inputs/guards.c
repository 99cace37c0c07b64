void left(int n, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (i > 0)
      b[i] = a[i - 1];
}

void right(int n, const double *a, double *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (i + 1 < n && a[i] > 0)
      c[i + 1] = a[i + 1];
}

void skip(int n, const double *a, double *d) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (i < 1 || n - 1 <= i)
      continue;
    d[i] = a[i - 1] + a[i + 1];
  }
}

void rows(int n, int m, const double *f, double *h) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      h[i * m + j] = j > 0 ? f[i * m + j - 1] : 0;
}

void unguarded(int n, unsigned u, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (i != 0 || i * i > 3)
      b[i] = a[i];
    if (u > 2)
      b[i] += a[i];
  }
}

void picked(int n, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int w, e;
    w = i == 0 ? i : i - 1;
    e = (i == n - 1) ? i : i + 1;
    b[i] = a[w] + a[e];
    if (i != n - 1)
      b[i] += a[i + 1];
  }
}
