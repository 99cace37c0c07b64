/* Triangular nests (inner bounds affine in the offloaded loop's variable): upper and lower
 * triangles of row-major matrices, a downward inner loop, a lower-triangular matrix-vector
 * product and a sliding window. Every array lies against a PROT_NONE page (before its first
 * element or after its last one), so a section reaching outside an array faults. Each loop is
 * checked element by element against the same computation written serially; elements no
 * iteration writes must keep their value. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define M 48

static double *place(long n, int at_end) {
  long page = sysconf(_SC_PAGESIZE);
  long bytes = n * (long)sizeof(double);
  long data = (bytes + page - 1) / page * page;
  char *m = mmap(NULL, (size_t)(data + 2 * page), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  if (mprotect(m, (size_t)page, PROT_NONE) || mprotect(m + page + data, (size_t)page, PROT_NONE)) {
    perror("mprotect");
    exit(2);
  }
  return (double *)(at_end ? m + page + data - bytes : m + page);
}

static void fill(double *x, long n, unsigned seed) {
  for (long i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    x[i] = (double)(seed >> 8 & 0xffff) / 65536.0;
  }
}

static int failures;

static void same(const char *what, const double *got, const double *want, long n) {
  for (long i = 0; i < n; i++)
    if (got[i] != want[i]) {
      printf("%s: element %ld is %.17g, expected %.17g\n", what, i, got[i], want[i]);
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

/* Strictly upper triangle (LU-style row update): the last row's inner loop is empty. */
static void upper(int n, const double *b, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      a[i * n + j] = 2.0 * b[i * n + j] + i;
}

/* Lower triangle with the diagonal, fixed-width rows (symmetric matrix fill). */
static void lower(int n, double (*s)[M], const double *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      s[i][j] = x[i] * x[j] + j;
}

/* A downward inner loop, its variable declared before the loop, under an OpenMP 5-style
 * collapse of the triangular nest: the outer loop is offloaded, the inner runs in each thread. */
static void down(int n, const double *b, double *a) {
  int j;
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (j = n - 1; j > i; j--)
      a[i * n + j] = b[i * n + j] - b[j];
}

/* y = L x with L lower triangular. */
static void rowsum(int n, const double *l, const double *x, double *y) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double t = 0;
    for (int j = 0; j <= i; j++)
      t += l[i * n + j] * x[j];
    y[i] = t;
  }
}

/* c[i] = a[i] + ... + a[i + k - 1]. */
static void window(int n, int k, const double *a, double *c) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double t = 0;
    for (int j = i; j < i + k; j++)
      t += a[j];
    c[i] = t;
  }
}

int main(void) {
  const int n = 300, nn = n * n, k = 7;
  double *b0 = place(nn, 0), *b1 = place(nn, 1), *a0 = place(nn, 0), *a1 = place(nn, 1);
  double *x0 = place(n, 0), *x1 = place(n, 1), *y = place(n, 1), *c = place(n, 1);
  double *w0 = place(n + k - 1, 0), *w1 = place(n + k - 1, 1);
  double *s0 = place((long)M * M, 0), *s1 = place((long)M * M, 1);
  double *want = malloc(sizeof(double) * (size_t)nn);
  if (!want)
    return 2;
  fill(b0, nn, 1);
  memcpy(b1, b0, sizeof(double) * (size_t)nn);
  fill(x0, n, 2);
  memcpy(x1, x0, sizeof(double) * (size_t)n);
  fill(w0, n + k - 1, 3);
  memcpy(w1, w0, sizeof(double) * (size_t)(n + k - 1));
  for (int rep = 0; rep < 2; rep++) { /* twice: the runtime's second call may choose otherwise */
    for (int at = 0; at < 2; at++) {
      double *a = at ? a1 : a0, *b = at ? b1 : b0, *x = at ? x1 : x0, *s = at ? s1 : s0;
      fill(a, nn, 4 + (unsigned)rep);
      memcpy(want, a, sizeof(double) * (size_t)nn);
      upper(n, b, a);
      for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
          want[i * n + j] = 2.0 * b[i * n + j] + i;
      same(at ? "upper (end)" : "upper (start)", a, want, nn);
      fill(a, nn, 6 + (unsigned)rep);
      memcpy(want, a, sizeof(double) * (size_t)nn);
      down(n, b, a);
      for (int i = 0; i < n; i++)
        for (int j = n - 1; j > i; j--)
          want[i * n + j] = b[i * n + j] - b[j];
      same(at ? "down (end)" : "down (start)", a, want, nn);
      fill(s, (long)M * M, 8 + (unsigned)rep);
      memcpy(want, s, sizeof(double) * M * M);
      lower(M, (double(*)[M])s, x);
      for (int i = 0; i < M; i++)
        for (int j = 0; j <= i; j++)
          want[i * M + j] = x[i] * x[j] + j;
      same(at ? "lower (end)" : "lower (start)", s, want, (long)M * M);
      rowsum(n, b, x, y);
      for (int i = 0; i < n; i++) {
        double t = 0;
        for (int j = 0; j <= i; j++)
          t += b[i * n + j] * x[j];
        want[i] = t;
      }
      same(at ? "rowsum (end)" : "rowsum (start)", y, want, n);
      window(n, k, at ? w1 : w0, c);
      for (int i = 0; i < n; i++) {
        double t = 0;
        for (int j = i; j < i + k; j++)
          t += (at ? w1 : w0)[j];
        want[i] = t;
      }
      same(at ? "window (end)" : "window (start)", c, want, n);
    }
  }
  printf("triangular: %.6f %.6f %.6f %.6f %.6f\n", sum(a0, nn), sum(a1, nn), sum(s1, M * M),
         sum(y, n), sum(c, n));
  free(want);
  if (failures) {
    printf("triangular: %d mismatches\n", failures);
    return 1;
  }
  printf("triangular: ok\n");
  return 0;
}
