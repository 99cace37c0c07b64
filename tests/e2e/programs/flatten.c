/* Loops collapsed by hand: one index over an n x m grid, split as `i = idx / m; j = idx % m;`
 * with m known only at run time. C defines `idx % m` as `idx - (idx / m) * m`, so `a[i * m + j]`
 * is `a[idx]`. A scaled copy, an interior update under `if (i > 0 && j > 0)`, a transpose that
 * reads at the quotient (b copied whole), and a loop over the last two dimensions of a 3-D grid
 * (`k = idx / m` inside an outer loop). m and n are not multiples of 3 devices. Every element is
 * compared with the same loops run serially; exit status 1 on a mismatch, and a checksum for
 * the comparison with a plain build. Values are small multiples of 1/8: exact. */
#include <stdio.h>
#include <stdlib.h>

static int bad;

static void expect(const char *what, long k, double got, double want) {
  if (got != want && bad++ < 10)
    fprintf(stderr, "flatten: %s[%ld] = %.17g, serially %.17g\n", what, k, got, want);
}

static void scaled_copy(double *a, const double *b, int n, int m) {
#pragma gpupar
  for (int idx = 0; idx < n * m; idx++) {
    int i = idx / m, j = idx % m;
    a[i * m + j] = 2 * b[i * m + j] + j;
  }
}

static void interior(double *a, int n, int m) {
#pragma gpupar
  for (int idx = 0; idx < n * m; idx++) {
    int i = idx / m, j = idx % m;
    if (i > 0 && j > 0)
      a[i * m + j] += 0.5 * a[idx] + i;
  }
}

static void transpose(double *t, const double *b, int n, int m) {
#pragma gpupar map(to : b[0 : n * m])
  for (int idx = 0; idx < n * m; idx++) {
    int i = idx / m, j = idx % m;
    t[i * m + j] = b[j * n + i];
  }
}

static void planes(double *g, int p, int n, int m) {
  for (int z = 0; z < p; z++) {
#pragma gpupar
    for (long idx = 0; idx < (long)n * m; idx++) {
      long i = idx / m, j = idx % m;
      g[(long)z * n * m + i * m + j] = g[(long)z * n * m + i * m + j] * 0.5 + z;
    }
  }
}

static void scaled_copy_ref(double *a, const double *b, int n, int m) {
  for (int idx = 0; idx < n * m; idx++) {
    int i = idx / m, j = idx % m;
    a[i * m + j] = 2 * b[i * m + j] + j;
  }
}
static void interior_ref(double *a, int n, int m) {
  for (int idx = 0; idx < n * m; idx++) {
    int i = idx / m, j = idx % m;
    if (i > 0 && j > 0)
      a[i * m + j] += 0.5 * a[idx] + i;
  }
}
static void transpose_ref(double *t, const double *b, int n, int m) {
  for (int idx = 0; idx < n * m; idx++) {
    int i = idx / m, j = idx % m;
    t[i * m + j] = b[j * n + i];
  }
}
static void planes_ref(double *g, int p, int n, int m) {
  for (int z = 0; z < p; z++)
    for (long idx = 0; idx < (long)n * m; idx++) {
      long i = idx / m, j = idx % m;
      g[(long)z * n * m + i * m + j] = g[(long)z * n * m + i * m + j] * 0.5 + z;
    }
}

static void same(const char *what, const double *got, const double *want, long len) {
  for (long k = 0; k < len; k++)
    expect(what, k, got[k], want[k]);
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 331, m = argc > 2 ? atoi(argv[2]) : 211, p = 3;
  long len = (long)n * m;
  double *a = malloc(len * sizeof *a), *a_ref = malloc(len * sizeof *a_ref);
  double *b = malloc(len * sizeof *b), *t = malloc(len * sizeof *t),
         *t_ref = malloc(len * sizeof *t_ref);
  double *g = malloc(p * len * sizeof *g), *g_ref = malloc(p * len * sizeof *g_ref);
  if (!a || !a_ref || !b || !t || !t_ref || !g || !g_ref)
    return 2;
  for (long k = 0; k < len; k++) {
    b[k] = (double)(k % 13) / 8.0;
    a[k] = a_ref[k] = -1;
  }
  for (long k = 0; k < p * len; k++)
    g[k] = g_ref[k] = (double)(k % 7) / 8.0;
  scaled_copy(a, b, n, m);
  scaled_copy_ref(a_ref, b, n, m);
  same("scaled_copy a", a, a_ref, len);
  interior(a, n, m);
  interior_ref(a_ref, n, m);
  same("interior a", a, a_ref, len);
  transpose(t, b, n, m);
  transpose_ref(t_ref, b, n, m);
  same("transpose t", t, t_ref, len);
  planes(g, p, n, m);
  planes_ref(g_ref, p, n, m);
  same("planes g", g, g_ref, p * len);
  double check = 0;
  for (long k = 0; k < len; k++)
    check += a[k] * (k % 5) + t[k] * (k % 3);
  for (long k = 0; k < p * len; k++)
    check += g[k];
  free(a);
  free(a_ref);
  free(b);
  free(t);
  free(t_ref);
  free(g);
  free(g_ref);
  printf("flatten: checksum %.6f\n", check);
  if (bad) {
    printf("flatten: %d mismatches\n", bad);
    return 1;
  }
  printf("flatten: ok\n");
  return 0;
}
