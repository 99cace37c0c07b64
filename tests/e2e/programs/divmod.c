/* Subscripts with `/` and `%` by constants: a flattened 2-D loop (`i = idx / M, j = idx % M`)
 * whose trip count is neither a multiple of M nor of the device count (chunks end mid-row), and
 * reads `a[i / 2]`, `c[i % 4]`, `a[2 * (i / 2)]`. Every result is compared element by element
 * with the same loop run serially (no pragma), and the elements no iteration writes (the rest of
 * the last row, the sentinels after b) must keep their values. a and c are allocated with exactly
 * the elements the loop reads, so a section reaching past them is an out-of-bounds copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 301
#define M 337
#define SENTINELS 8

static double in[N][M], out[N][M], want[N][M];

static void fill(double *x, long n, unsigned seed) {
  for (long i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    x[i] = (double)(seed >> 8 & 0xffff) / 65536.0;
  }
}

static int failures;

static void same(const char *what, const double *got, const double *expect, long n) {
  for (long i = 0; i < n; i++)
    if (got[i] != expect[i]) {
      printf("%s: element %ld is %.17g, expected %.17g\n", what, i, got[i], expect[i]);
      failures++;
      return;
    }
}

static double sum(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i];
  return s;
}

/* The flattened nest: row idx / M, column idx % M, and the next column of the same row. */
static void flat(int total) {
  int idx;
#pragma gpupar
  for (idx = 0; idx < total; idx++) {
    int i = idx / M, j = idx % M;
    out[i][j] = in[i][j] * 2 + in[i][(j + 1) % M];
  }
}

static void flat_serial(int total) {
  for (int idx = 0; idx < total; idx++) {
    int i = idx / M, j = idx % M;
    want[i][j] = in[i][j] * 2 + in[i][(j + 1) % M];
  }
}

/* Reads through quotients and remainders: a has (n + 1) / 2 elements, c has 4. */
static void halves(int n, const double *a, const double *c, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    b[i] = a[i / 2] + c[i % 4] * a[2 * (i / 2) / 2];
}

/* A flattened loop starting mid-row, writing a flat array through the same row and column. */
static void shifted(int first, int total, const double *x, double *y) {
#pragma gpupar
  for (int idx = first; idx < total; idx++) {
    int r = idx / M, k = idx % M;
    y[r * M + k] = x[(r * M + k) / 3] + (double)(k % 5);
  }
}

int main(void) {
  const int total = N * M - 5, n = 100003, first = 2 * M + 17;
  const long nm = (long)N * M, halfn = (n + 1) / 2;
  double *a = malloc(sizeof(double) * (size_t)halfn), *c = malloc(sizeof(double) * 4);
  double *b = malloc(sizeof(double) * (size_t)(n + SENTINELS));
  double *wb = malloc(sizeof(double) * (size_t)(n + SENTINELS));
  double *x = malloc(sizeof(double) * (size_t)(nm / 3 + 1)),
         *y = malloc(sizeof(double) * (size_t)nm);
  double *wy = malloc(sizeof(double) * (size_t)nm);
  if (!a || !c || !b || !wb || !x || !y || !wy)
    return 2;
  fill(&in[0][0], nm, 1);
  fill(a, halfn, 2);
  fill(c, 4, 3);
  fill(x, nm / 3 + 1, 4);

  for (int rep = 0; rep < 2; rep++) { /* twice: the runtime's second call may choose otherwise */
    fill(&out[0][0], nm, 5 + rep);
    memcpy(want, out, sizeof out);
    flat(total);
    flat_serial(total);
    same("flat", &out[0][0], &want[0][0], nm); /* the last 5 elements: unchanged */

    fill(b, n + SENTINELS, 7 + rep);
    memcpy(wb, b, sizeof(double) * (size_t)(n + SENTINELS));
    halves(n, a, c, b);
    for (int i = 0; i < n; i++)
      wb[i] = a[i / 2] + c[i % 4] * a[2 * (i / 2) / 2];
    same("halves", b, wb, n + SENTINELS);

    fill(y, nm, 9 + rep);
    memcpy(wy, y, sizeof(double) * (size_t)nm);
    shifted(first, total, x, y);
    for (int idx = first; idx < total; idx++) {
      int r = idx / M, k = idx % M;
      wy[r * M + k] = x[(r * M + k) / 3] + (double)(k % 5);
    }
    same("shifted", y, wy, nm);
  }
  printf("divmod: %.6f %.6f %.6f\n", sum(&out[0][0], nm), sum(b, n + SENTINELS), sum(y, nm));
  free(a);
  free(b);
  free(c);
  free(wb);
  free(x);
  free(y);
  free(wy);
  if (failures) {
    printf("divmod: %d mismatches\n", failures);
    return 1;
  }
  printf("divmod: ok\n");
  return 0;
}
