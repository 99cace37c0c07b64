/* Gauss-Jordan elimination: every row but the pivot row is updated from the pivot row, offloaded
 * because the exclusion test proves that `if (i != k)` keeps the writes off row k. On a static
 * 2-D array, on row pointers (with `if (i == k) continue;`), and on a vector. Every element is
 * compared with the same elimination run serially (no pragma); exit status 1 on a mismatch. */
#include <stdio.h>
#include <stdlib.h>

#define N 61

static double a[N][N + 1], a_ref[N][N + 1];
static long bad;

static void expect(double got, double want, const char *what, int r, int c) {
  if (got != want && bad++ < 5)
    fprintf(stderr, "gaussjordan: %s[%d][%d] is %.17g, serially %.17g\n", what, r, c, got, want);
}

static void eliminate_static(void) {
  for (int k = 0; k < N; k++) {
#pragma gpupar
    for (int i = 0; i < N; i++)
      if (i != k) {
        double f = a[i][k] / a[k][k];
        for (int j = 0; j < N + 1; j++)
          a[i][j] -= f * a[k][j];
      }
    for (int i = 0; i < N; i++)
      if (i != k) {
        double f = a_ref[i][k] / a_ref[k][k];
        for (int j = 0; j < N + 1; j++)
          a_ref[i][j] -= f * a_ref[k][j];
      }
  }
}

static void eliminate_rows(double **m, double **m_ref, int n) {
  for (int k = 0; k < n; k++) {
#pragma gpupar
    for (int i = 0; i < n; i++) {
      if (i == k)
        continue;
      double f = m[i][k] / m[k][k];
      for (int j = k; j < n + 1; j++)
        m[i][j] -= f * m[k][j];
    }
    for (int i = 0; i < n; i++) {
      if (i == k)
        continue;
      double f = m_ref[i][k] / m_ref[k][k];
      for (int j = k; j < n + 1; j++)
        m_ref[i][j] -= f * m_ref[k][j];
    }
  }
}

int main(void) {
  /* Diagonally dominant: no pivoting needed. */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N + 1; j++)
      a[i][j] = a_ref[i][j] = i == j ? 4.0 * N : (double)((i * 7 + j * 13) % 11) - 5.0;
  eliminate_static();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N + 1; j++)
      expect(a[i][j], a_ref[i][j], "a", i, j);

  int n = 47;
  double **m = malloc(n * sizeof *m), **m_ref = malloc(n * sizeof *m_ref);
  if (!m || !m_ref)
    return 2;
  for (int i = 0; i < n; i++) {
    m[i] = malloc((n + 1) * sizeof **m);
    m_ref[i] = malloc((n + 1) * sizeof **m_ref);
    if (!m[i] || !m_ref[i])
      return 2;
    for (int j = 0; j < n + 1; j++)
      m[i][j] = m_ref[i][j] = i == j ? 3.0 * n : (double)((i * 5 + j * 3) % 7) - 3.0;
  }
  eliminate_rows(m, m_ref, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n + 1; j++)
      expect(m[i][j], m_ref[i][j], "m", i, j);

  double v[257], v_ref[257];
  for (int i = 0; i < 257; i++)
    v[i] = v_ref[i] = (double)(i % 17);
  for (int k = 0; k < 257; k += 32) {
#pragma gpupar
    for (int i = 0; i < 257; i++)
      if (k != i)
        v[i] += 0.5 * v[k];
    for (int i = 0; i < 257; i++)
      if (k != i)
        v_ref[i] += 0.5 * v_ref[k];
  }
  for (int i = 0; i < 257; i++)
    expect(v[i], v_ref[i], "v", i, 0);

  printf("x0=%.9f x%d=%.9f m[3][%d]=%.9f v[100]=%.3f\n", a[0][N] / a[0][0], N - 1,
         a[N - 1][N] / a[N - 1][N - 1], n, m[3][n], v[100]);
  for (int i = 0; i < n; i++) {
    free(m[i]);
    free(m_ref[i]);
  }
  free(m);
  free(m_ref);
  return bad ? 1 : 0;
}
