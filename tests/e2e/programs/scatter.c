/* Writes at indices read from memory (scatter) under 'independent' with the extent from 'map':
 * a permutation, updates of the elements another permutation picks, a scatter into a subset of an array whose other elements hold sentinels that
 * must survive, a gather and scatter over two arrays, and rows of a 2-D array sent to permuted
 * rows. Every device gets the whole mapped section and only what it changed is merged back, so
 * a merge that copied a device's whole section would put stale sentinels over other devices'
 * results. Each loop runs twice (the second call after learning), and every element is compared
 * with the same loops run serially, exactly (exit status 1 on a mismatch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 6007 /* prime */
#define M 6

static void permute(int n, const int *perm, const double *src, double *dst) {
#pragma gpupar independent map(tofrom : dst[0 : n])
  for (int i = 0; i < n; i++)
    dst[perm[i]] = 2.0 * src[i] + 1.0;
}

/* Updates of the elements a permutation picks: each read-modify-write stays in its iteration. */
static void accumulate(int n, const int *perm, const double *src, double *dst) {
#pragma gpupar independent map(tofrom : dst[0 : n])
  for (int i = 0; i < n; i++)
    dst[perm[i]] += src[i] * 0.5;
}

/* Every third element from element 1, under a condition: the others keep their sentinels. */
static void scatter_subset(int n, const int *perm, const double *src, double *dst) {
#pragma gpupar independent map(tofrom : dst[0 : 3 * n])
  for (int i = 0; i < n; i++) {
    int k = 3 * perm[i] + 1;
    if (src[i] > -5.0)
      dst[k] = src[i] - 0.5;
  }
}

/* Reads x and y at q[i], writes a and b at p[i]. */
static void gather_scatter(int n, const int *p, const int *q, const float *x, const float *y,
                           float *a, float *b) {
#pragma gpupar independent map(tofrom : a[0 : n], b[0 : n]) map(to : x[0 : n], y[0 : n])
  for (int i = 0; i < n; i++) {
    a[p[i]] = x[q[i]] * 2.0f;
    b[p[i]] = y[q[i]] - x[q[i]];
  }
}

/* Rows sent to permuted rows of a section that starts at row 2. */
static void permute_rows(int n, const int *perm, int (*out)[M], const int (*in)[M]) {
#pragma gpupar independent map(tofrom : out[2 : n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      out[2 + perm[i]][j] = in[i][j] * 3 + j;
}

static long differ_d(const char *what, const double *got, const double *want, int n) {
  long bad = 0;
  for (int i = 0; i < n; i++)
    if (memcmp(&got[i], &want[i], sizeof got[i]) != 0 && bad++ < 3)
      fprintf(stderr, "scatter: %s[%d] = %g, serially %g\n", what, i, got[i], want[i]);
  return bad;
}

static long differ_f(const char *what, const float *got, const float *want, int n) {
  long bad = 0;
  for (int i = 0; i < n; i++)
    if (memcmp(&got[i], &want[i], sizeof got[i]) != 0 && bad++ < 3)
      fprintf(stderr, "scatter: %s[%d] = %g, serially %g\n", what, i, got[i], want[i]);
  return bad;
}

int main(void) {
  int *perm = malloc(N * sizeof *perm), *q = malloc(N * sizeof *q);
  double *src = malloc(N * sizeof *src), *dst = malloc(N * sizeof *dst),
         *want = malloc(N * sizeof *want), *sub = malloc(3 * N * sizeof *sub),
         *sub_want = malloc(3 * N * sizeof *sub_want);
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *a = malloc(N * sizeof *a),
        *b = malloc(N * sizeof *b), *a_want = malloc(N * sizeof *a_want),
        *b_want = malloc(N * sizeof *b_want);
  int(*in)[M] = malloc(N * sizeof *in), (*rows)[M] = malloc((N + 4) * sizeof *rows),
  (*rows_want)[M] = malloc((N + 4) * sizeof *rows_want);
  for (int i = 0; i < N; i++) {
    perm[i] = (int)((i * 7919L + 11) % N);
    q[i] = (int)((i * 104729L + 5) % N);
    src[i] = (double)(i % 101) - 8.0; /* some below -5: those writes are skipped */
    x[i] = (float)(i % 37) * 0.5f;
    y[i] = (float)(i % 23) - 4.0f;
    for (int j = 0; j < M; j++)
      in[i][j] = i * M + j;
  }
  long bad = 0;
  unsigned long long h = 0;
  for (int call = 0; call < 2; call++) {
    for (int i = 0; i < N; i++)
      dst[i] = want[i] = -1.0 - call;
    for (int i = 0; i < 3 * N; i++)
      sub[i] = sub_want[i] = -7777.25 - i; /* sentinels: elements not written keep them */
    for (int i = 0; i < N; i++) {
      a[i] = a_want[i] = -3.0f;
      b[i] = b_want[i] = -4.0f;
    }
    for (int r = 0; r < N + 4; r++)
      for (int j = 0; j < M; j++)
        rows[r][j] = rows_want[r][j] = -100 - r; /* rows 0, 1, N + 2, N + 3: outside the map */

    permute(N, perm, src, dst);
    accumulate(N, q, src, dst);
    scatter_subset(N, perm, src, sub);
    gather_scatter(N, perm, q, x, y, a, b);
    permute_rows(N, perm, rows, (const int(*)[M])in);

    /* The serial reference: the same loops without the pragma. */
    for (int i = 0; i < N; i++)
      want[perm[i]] = 2.0 * src[i] + 1.0;
    for (int i = 0; i < N; i++)
      want[q[i]] += src[i] * 0.5;
    for (int i = 0; i < N; i++) {
      if (src[i] > -5.0)
        sub_want[3 * perm[i] + 1] = src[i] - 0.5;
      a_want[perm[i]] = x[q[i]] * 2.0f;
      b_want[perm[i]] = y[q[i]] - x[q[i]];
      for (int j = 0; j < M; j++)
        rows_want[2 + perm[i]][j] = in[i][j] * 3 + j;
    }
    bad += differ_d("dst", dst, want, N) + differ_d("sub", sub, sub_want, 3 * N) +
           differ_f("a", a, a_want, N) + differ_f("b", b, b_want, N);
    for (int r = 0; r < N + 4; r++)
      for (int j = 0; j < M; j++)
        if (rows[r][j] != rows_want[r][j] && bad++ < 3)
          fprintf(stderr, "scatter: rows[%d][%d] = %d, serially %d\n", r, j, rows[r][j],
                  rows_want[r][j]);
    for (int i = 0; i < N; i++)
      h = h * 31 + (unsigned long long)(long long)(dst[i] * 4) +
          (unsigned long long)(long long)(sub[3 * i + 1] * 4) * 7 +
          (unsigned long long)(long long)(a[i] * 4) * 13 +
          (unsigned long long)(long long)(b[i] * 4) * 17 + (unsigned long long)rows[i + 2][i % M];
  }
  if (bad)
    fprintf(stderr, "scatter: %ld elements differ from the serial computation\n", bad);
  printf("scatter: %llx first %g %g %g %g %d last %g %g %g %g %d\n", h, dst[0], sub[1], a[0], b[0],
         rows[2][0], dst[N - 1], sub[3 * N - 2], a[N - 1], b[N - 1], rows[N + 1][M - 1]);
  free(perm), free(q), free(src), free(dst), free(want), free(sub), free(sub_want);
  free(x), free(y), free(a), free(b), free(a_want), free(b_want), free(in), free(rows),
      free(rows_want);
  return bad ? 1 : 0;
}
