double dot(int n, const double *x, const double *y, int *last) {
  double s = 1.0;
  int t;
#pragma gpupar reduction(+: s) if (n > 100) devices(2)
  for (int i = 0; i < n; i++) {
    t = i * 2;
    s += x[i] * y[i];
  }
  *last = t;
  return s;
}

int maxof(int n, const int *x) {
  int m = -1;
#pragma gpupar reduction(max: m)
  for (int i = 0; i < n; i++)
    m = x[i] > m ? x[i] : m;
  return m;
}
