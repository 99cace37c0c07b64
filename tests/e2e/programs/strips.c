/* Strip-mined and tiled loops as OpenMP programs write them: the offloaded loop steps by a tile
 * size (a constant or a local that holds one), and the loop inside runs over one tile, cut at
 * the array's end by a second bound (`&&`, a conditional min, a min function, or an `if`);
 * tiles over two dimensions, also under collapse(2).
 * Sizes are not multiples of the tile, so every cut edge is exercised. Every element is
 * compared with the same loops run serially (no pragma); exit status 1 on a mismatch. */
#include <stdio.h>
#include <stdlib.h>

#define TILE 16

static long bad;

static void expect(double got, double want, const char *what, int a) {
  if (got != want && bad++ < 5)
    fprintf(stderr, "strips: %s[%d] is %.17g, serially %.17g\n", what, a, got, want);
}

static int min_int(int a, int b) { return a < b ? a : b; }

/* 1-D: y = a*x + y in strips of a local tile size, cut by `&&`. */
static void axpy_strips(int n, double a, const double *x, double *y) {
  int tile = 32;
#pragma gpupar
  for (int i = 0; i < n; i += tile)
    for (int t = i; t < i + tile && t < n; t++)
      y[t] = a * x[t] + y[t];
}

/* Rows of a flat matrix in strips, cut by a conditional min; columns in full. */
static void add_rows(int n, int m, double *c, const double *b) {
#pragma gpupar
  for (int i = 0; i < n; i += TILE)
    for (int r = i; r < (i + TILE < n ? i + TILE : n); r++)
      for (int j = 0; j < m; j++)
        c[r * m + j] += b[r * m + j];
}

/* The same cut by a min function of the file, stepping by a const global. */
static const int strip = 24;
static void scale_rows(int n, int m, double *c, double s) {
#pragma gpupar
  for (int i = 0; i < n; i += strip)
    for (int r = i; r < min_int(i + strip, n); r++)
      for (int j = 0; j < m; j++)
        c[r * m + j] *= s;
}

/* Cut by an `if` inside the tile, and a lower cut: tiles from -8 keep t >= 0. */
static void shifted(int n, const double *x, double *y) {
#pragma gpupar
  for (int i = -8; i < n; i += TILE)
    for (int t = i; t < i + TILE; t++)
      if (t >= 0 && t < n)
        y[t] = 2.0 * x[t] + 1.0;
}

/* Strips counted downwards. */
static void down_strips(int n, const double *x, double *y) {
#pragma gpupar
  for (int i = n - 1; i >= 0; i -= TILE)
    for (int t = i; t > i - TILE && t >= 0; t--)
      y[t] = x[t] * x[t];
}

/* Tiles over two dimensions, cut by MIN at both ends: a blocked transpose. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static void transpose(int n, int m, const double *a, double *b) {
  int t = 16;
#pragma gpupar
  for (int ii = 0; ii < n; ii += t)
    for (int jj = 0; jj < m; jj += t)
      for (int i = ii; i < MIN(ii + t, n); i++)
        for (int j = jj; j < MIN(jj + t, m); j++)
          b[j * n + i] = a[i * m + j];
}

/* The same tiles over a variable-length matrix, and under collapse(2) (NeoRodinia matadd P3):
 * the outer loop is offloaded, the tiles of a row run in each of its iterations. */
static void add_tiles(int n, int m, double c[n][m], double a[n][m]) {
#pragma gpupar
  for (int ii = 0; ii < n; ii += 8)
    for (int jj = 0; jj < m; jj += 8)
      for (int i = ii; i < ii + 8 && i < n; i++)
        for (int j = jj; j < jj + 8 && j < m; j++)
          c[i][j] += a[i][j];
}

static void add_tiles_collapsed(int n, double *c, const double *a) {
  int tile = 32;
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i += tile)
    for (int j = 0; j < n; j += tile)
      for (int ti = i; ti < i + tile && ti < n; ++ti)
        for (int tj = j; tj < j + tile && tj < n; ++tj)
          c[ti * n + tj] += a[ti * n + tj];
}

/* Column strips one wider than their step: a row strip's tiles overlap, in one iteration. */
static void count_overlaps(int n, int m, double *c) {
#pragma gpupar
  for (int ii = 0; ii < n; ii += 8)
    for (int jj = 0; jj < m; jj += 8)
      for (int i = ii; i < ii + 8 && i < n; i++)
        for (int j = jj; j < jj + 9 && j < m; j++)
          c[i * m + j] += 1.0;
}

/* A triangular loop cut by a condition: each row from its diagonal, the first column skipped. */
static void upper_shifted(int n, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      if (j > 0)
        a[i * n + j - 1] = i + 0.5 * j;
}

int main(void) {
  int n = 1001, rows = 203, cols = 37;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *y_ref = malloc(n * sizeof *y);
  double *c = malloc((size_t)rows * cols * sizeof *c),
         *c_ref = malloc((size_t)rows * cols * sizeof *c);
  double *b = malloc((size_t)rows * cols * sizeof *b);
  if (!x || !y || !y_ref || !c || !c_ref || !b)
    return 2;
  for (int k = 0; k < n; k++) {
    x[k] = (double)(k % 13) - 6.0;
    y[k] = y_ref[k] = (double)(k % 7);
  }
  for (int k = 0; k < rows * cols; k++) {
    c[k] = c_ref[k] = (double)(k % 11);
    b[k] = (double)(k % 5) + 0.5;
  }

  axpy_strips(n, 3.0, x, y);
  for (int k = 0; k < n; k++)
    y_ref[k] = 3.0 * x[k] + y_ref[k];
  for (int k = 0; k < n; k++)
    expect(y[k], y_ref[k], "axpy y", k);

  add_rows(rows, cols, c, b);
  scale_rows(rows, cols, c, 0.5);
  for (int k = 0; k < rows * cols; k++)
    c_ref[k] = (c_ref[k] + b[k]) * 0.5;
  for (int k = 0; k < rows * cols; k++)
    expect(c[k], c_ref[k], "c", k);

  shifted(n, x, y);
  for (int k = 0; k < n; k++)
    y_ref[k] = 2.0 * x[k] + 1.0;
  for (int k = 0; k < n; k++)
    expect(y[k], y_ref[k], "shifted y", k);

  down_strips(n, x, y);
  for (int k = 0; k < n; k++)
    y_ref[k] = x[k] * x[k];
  for (int k = 0; k < n; k++)
    expect(y[k], y_ref[k], "down y", k);

  int m = 61;
  double *u = malloc((size_t)m * m * sizeof *u), *u_ref = malloc((size_t)m * m * sizeof *u);
  if (!u || !u_ref)
    return 2;
  for (int k = 0; k < m * m; k++)
    u[k] = u_ref[k] = -1.0;
  upper_shifted(m, u);
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++)
      if (j > 0)
        u_ref[i * m + j - 1] = i + 0.5 * j;
  for (int k = 0; k < m * m; k++)
    expect(u[k], u_ref[k], "u", k);

  int tn = 101, tm = 77;
  double *ta = malloc((size_t)tn * tm * sizeof *ta), *tb = malloc((size_t)tn * tm * sizeof *tb);
  double *tc = malloc((size_t)tn * tn * sizeof *tc), *tr = malloc((size_t)tn * tn * sizeof *tr);
  double *ts = malloc((size_t)tn * tn * sizeof *ts);
  if (!ta || !tb || !tc || !tr || !ts)
    return 2;
  for (int k = 0; k < tn * tm; k++) {
    ta[k] = (double)(k % 97);
    tb[k] = -1.0;
  }
  transpose(tn, tm, ta, tb);
  for (int i = 0; i < tn; i++)
    for (int j = 0; j < tm; j++)
      expect(tb[j * tn + i], ta[i * tm + j], "transposed", j * tn + i);
  for (int k = 0; k < tn * tn; k++) {
    tc[k] = tr[k] = (double)(k % 13);
    ts[k] = (double)(k % 31) * 0.5;
  }
  add_tiles(tn, tn, (double(*)[tn])tc, (double(*)[tn])ts);
  add_tiles_collapsed(tn, tc, ts);
  for (int k = 0; k < tn * tn; k++)
    expect(tc[k], tr[k] + 2.0 * ts[k], "tiles", k);
  count_overlaps(tn, tm, ta);
  for (int i = 0; i < tn; i++)
    for (int j = 0; j < tm; j++) /* the first column of each strip but the first is counted twice */
      expect(ta[i * tm + j], (double)((i * tm + j) % 97) + (j % 8 == 0 && j > 0 ? 2.0 : 1.0),
             "overlaps", i * tm + j);

  printf("y[500]=%.6f c[1000]=%.6f u[100]=%.6f tc[5000]=%.6f\n", y[500], c[1000], u[100], tc[5000]);
  free(ta);
  free(tb);
  free(tc);
  free(tr);
  free(ts);
  free(u);
  free(u_ref);
  free(x);
  free(y);
  free(y_ref);
  free(c);
  free(c_ref);
  free(b);
  return bad ? 1 : 0;
}
