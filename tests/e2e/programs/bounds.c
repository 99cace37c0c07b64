/* Loop bounds read from memory (struct members, through pointers), as in Rodinia's
 * `dim.number_boxes` and `p->n`: read once before the loop. Each loop is checked element by
 * element against the same loop run serially (no pragma). */
#include <stdio.h>
#include <stdlib.h>

struct dim {
  int number_boxes;
  long n;
};

struct grid {
  int rows, cols;
};

static void boxes(struct dim d, const float *x, float *y) {
#pragma gpupar
  for (int i = 0; i < d.number_boxes; i++)
    y[i] = 2.0f * x[i] + 1.0f;
}

static void through(const struct dim *p, const long *extra, const double *x, double *y) {
#pragma gpupar
  for (long i = 0; i < p->n - *extra; i++)
    y[i] = x[i] * x[i];
}

/* The outer bound from memory; the row length in a local (subscripts need invariant scalars). */
static void rows(const struct grid *g, const double *f, double *h) {
  const int m = g->cols;
#pragma gpupar
  for (int i = 0; i < g->rows; i++)
    for (int j = 0; j < m; j++)
      h[i * m + j] = f[i * m + j] + (j > 0 ? f[i * m + j - 1] : 0.0);
}

int main(void) {
  struct dim d = {100003, 99991};
  struct grid g = {301, 257};
  long extra = 17;
  long nm = (long)g.rows * g.cols;
  float *x = malloc(sizeof(float) * (size_t)d.number_boxes);
  float *y = malloc(sizeof(float) * (size_t)d.number_boxes);
  double *u = malloc(sizeof(double) * (size_t)d.n), *v = malloc(sizeof(double) * (size_t)d.n);
  double *f = malloc(sizeof(double) * (size_t)nm), *h = malloc(sizeof(double) * (size_t)nm);
  if (!x || !y || !u || !v || !f || !h)
    return 2;
  for (int i = 0; i < d.number_boxes; i++)
    x[i] = (float)(i % 97) * 0.5f;
  for (long i = 0; i < d.n; i++)
    u[i] = (double)(i % 89) * 0.25, v[i] = -1.0;
  for (long i = 0; i < nm; i++)
    f[i] = (double)(i % 31);
  int bad = 0;
  boxes(d, x, y);
  for (int i = 0; i < d.number_boxes; i++)
    bad += y[i] != 2.0f * x[i] + 1.0f;
  through(&d, &extra, u, v);
  for (long i = 0; i < d.n; i++)
    bad += v[i] != (i < d.n - extra ? u[i] * u[i] : -1.0);
  rows(&g, f, h);
  for (int i = 0; i < g.rows; i++)
    for (int j = 0; j < g.cols; j++)
      bad += h[i * g.cols + j] != f[i * g.cols + j] + (j > 0 ? f[i * g.cols + j - 1] : 0.0);
  double s = 0;
  for (long i = 0; i < nm; i++)
    s += h[i];
  printf("bounds: %.3f %d\n", s, bad);
  free(x), free(y), free(u), free(v), free(f), free(h);
  if (bad) {
    printf("bounds: %d mismatches\n", bad);
    return 1;
  }
  printf("bounds: ok\n");
  return 0;
}
