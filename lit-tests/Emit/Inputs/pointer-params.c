struct pt {
  double x, y;
};
static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void axpy_row(double *restrict y, const double *restrict x, double s, int n) {
  for (int j = 0; j < n; j++)
    y[j] += s * x[j];
}
static float at(const float *img, int w, int x, int y) { return img[y * w + x]; }
static double norm2(const struct pt *p) { return p->x * p->x + p[0].y * p[0].y; }
static double len3(const double *v) { return dot3(v, v); }

void kernels(int n, int m, int w, const double *p, const double *q, double *out, double *Y,
             const double *X, double alpha, const float *img, float *r, const struct pt *pts) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    out[i] = dot3(&p[3 * i], &q[3 * i]) + len3(&q[3 * i]) + norm2(&pts[i]);
    axpy_row(&Y[i * m], X, alpha, m);
  }
#pragma gpupar map(to: img[0:n*w])
  for (int i = 0; i < n; i++)
    r[i] = at(img, w, i % w, i / w) + at(img, w, 1, i);
}
