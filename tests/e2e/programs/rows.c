/* Pointer-to-pointer arrays (`float **a`, `a[i][j]`): rows allocated separately and as one
 * block, rows of different lengths written only where they are long enough, a stencil reading
 * neighbour rows, rows kept in pointers (`const float *row = a[i]`), `int **` and `double **`.
 * Every element is checked against a serial recomputation (non-zero exit on a mismatch) and
 * printed as a checksum, so the gpupar build can be compared with a plain serial build. Guard
 * cells around each row must stay untouched. */
#include <stdio.h>
#include <stdlib.h>

#include "keep.h"
#define malloc(n) keep(malloc(n))

#define N 301
#define M 67
#define GUARD 4
#define POISON (-777.0f)

/* Rows allocated one by one, with guard cells on both sides that no loop may touch. */
static float **rows_separate(int n, int m) {
  float **a = malloc((size_t)n * sizeof *a);
  for (int i = 0; i < n; i++) {
    float *r = malloc((size_t)(m + 2 * GUARD) * sizeof *r);
    for (int j = 0; j < m + 2 * GUARD; j++)
      r[j] = POISON;
    a[i] = r + GUARD;
  }
  return a;
}

/* Rows in one block (the Rodinia way): a[i] = block + i * m. */
static float **rows_block(int n, int m, float **block) {
  float **a = malloc((size_t)n * sizeof *a);
  *block = malloc((size_t)n * (size_t)m * sizeof **block);
  for (int i = 0; i < n; i++)
    a[i] = *block + (size_t)i * (size_t)m;
  return a;
}

static void stencil(int n, int m, float **a, float **b) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i][j] = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
}

/* Writes columns [2, 10) of every row only. */
static void partial(int n, float **a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 2; j < 10; j++)
      a[i][j] = a[i][j] * 2.0f + (float)i;
}

static void ints(int n, int m, int **p, int **q) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      q[i][j] = p[i][j] * 3 + i - j;
}

/* In place, reading only the same element. */
static void scale(int n, int m, double **d, double f) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = d[i][j] * f + 1.0;
}

/* Every other row. */
static void even_rows(int n, int m, float **a, float **b) {
#pragma gpupar
  for (int i = 0; i < n / 2; i++)
    for (int j = 0; j < m; j++)
      b[2 * i][j] = a[2 * i + 1][j] - 1.0f;
}

/* Rows of different lengths (8 + i % 5 elements, no slack): only columns [0, 8) are touched;
 * conditional writes leave the other elements of those columns as they were. */
static void ragged(int n, float **r, const float *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      if ((i + j) % 3 == 0)
        r[i][j] = x[i] + (float)j;
}

/* Rows kept in pointers (`const float *row = a[i]`): the stencil again, reading the rows above
 * and below and the row itself through pointers, and writing through one. */
static void stencil_rows(int n, int m, float **a, float **b) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++) {
    const float *up = a[i - 1], *row = a[i], *down = a[i + 1];
    float *out = b[i];
    for (int j = 1; j < m - 1; j++)
      out[j] = 0.25f * (up[j] + down[j] + row[j - 1] + row[j + 1]);
  }
}

/* The same kept in pointers declared before the loop and listed in 'private' (C89 OpenMP
 * style), one of them past the row's first element; and a row dereferenced as it is. */
static void shift_rows(int n, int m, float **a, float **b) {
  const float *src;
  float *dst;
  int j;
#pragma gpupar private(src, dst, j)
  for (int i = 0; i < n; i++) {
    src = a[i] + 1;
    dst = b[i];
    for (j = 0; j < m - 1; j++)
      dst[j] = src[j] * 2.0f - (float)i;
    dst[m - 1] = *src + *(a[i] + 2);
  }
}

static void nest(int n, int m, int **p, double **d) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = d[i][j] + p[i][j];
}

static int bad;

static void expect(const char *what, int i, int j, double got, double want) {
  if (got != want) {
    if (bad < 10)
      fprintf(stderr, "%s[%d][%d] = %g, expected %g\n", what, i, j, got, want);
    bad++;
  }
}

int main(void) {
  atexit(free_kept);
  float **a = rows_separate(N, M), **b = rows_separate(N, M);
  float *blk;
  float **c = rows_block(N, M, &blk);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      a[i][j] = (float)((i * 7 + j * 3) % 11);
      b[i][j] = -1.0f;
      c[i][j] = (float)((i + j) % 5);
    }
  /* Separate rows in, one-block rows out; and the other way round. */
  stencil(N, M, a, c);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      float want = (float)((i + j) % 5);
      if (i > 0 && i < N - 1 && j > 0 && j < M - 1)
        want = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
      expect("stencil c", i, j, c[i][j], want);
    }
  stencil(N, M, c, b);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      float want = -1.0f;
      if (i > 0 && i < N - 1 && j > 0 && j < M - 1)
        want = 0.25f * (c[i - 1][j] + c[i + 1][j] + c[i][j - 1] + c[i][j + 1]);
      expect("stencil b", i, j, b[i][j], want);
    }
  partial(N, a);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      float v = (float)((i * 7 + j * 3) % 11);
      expect("partial a", i, j, a[i][j], j >= 2 && j < 10 ? v * 2.0f + (float)i : v);
    }
  even_rows(N, M, c, b);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (i % 2 == 0 && i / 2 < N / 2)
        expect("even b", i, j, b[i][j], c[i + 1][j] - 1.0f);
  float *before = malloc((size_t)N * M * sizeof *before);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      before[i * M + j] = b[i][j];
  stencil_rows(N, M, a, b);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      float want = before[i * M + j];
      if (i > 0 && i < N - 1 && j > 0 && j < M - 1)
        want = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
      expect("stencil_rows b", i, j, b[i][j], want);
    }
  shift_rows(N, M, b, c);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      expect("shift_rows c", i, j, c[i][j],
             j < M - 1 ? b[i][j + 1] * 2.0f - (float)i : b[i][1] + b[i][2]);
  for (int i = 0; i < N; i++)
    for (int g = 1; g <= GUARD; g++) {
      expect("guard a", i, -g, a[i][-g], POISON);
      expect("guard a", i, M - 1 + g, a[i][M - 1 + g], POISON);
      expect("guard b", i, -g, b[i][-g], POISON);
      expect("guard b", i, M - 1 + g, b[i][M - 1 + g], POISON);
    }

  int **p = malloc(N * sizeof *p), **q = malloc(N * sizeof *q);
  double **d = malloc(N * sizeof *d);
  for (int i = 0; i < N; i++) {
    p[i] = malloc(M * sizeof **p);
    q[i] = malloc(M * sizeof **q);
    d[i] = malloc(M * sizeof **d);
    for (int j = 0; j < M; j++) {
      p[i][j] = i - 2 * j;
      d[i][j] = i * 0.5 + j;
    }
  }
  ints(N, M, p, q);
  scale(N, M, d, 2.0);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      expect("ints q", i, j, q[i][j], (i - 2 * j) * 3 + i - j);
      expect("scale d", i, j, d[i][j], (i * 0.5 + j) * 2.0 + 1.0);
    }

  float **r = malloc(N * sizeof *r), *x = malloc(N * sizeof *x);
  for (int i = 0; i < N; i++) {
    r[i] = malloc((size_t)(8 + i % 5) * sizeof **r);
    for (int j = 0; j < 8 + i % 5; j++)
      r[i][j] = (float)(-j);
    x[i] = (float)(i % 7);
  }
  ragged(N, r, x);
  nest(N, M, p, d);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < 8 + i % 5; j++)
      expect("ragged r", i, j, r[i][j], j < 8 && (i + j) % 3 == 0 ? x[i] + (float)j : (float)(-j));
    for (int j = 0; j < M; j++)
      expect("nest d", i, j, d[i][j], (i * 0.5 + j) * 2.0 + 1.0 + (i - 2 * j));
  }

  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += a[i][j] + 2.0 * b[i][j] + 3.0 * c[i][j] + q[i][j] + d[i][j] + (j < 8 ? r[i][j] : 0);
  printf("rows: checksum %.6f\n", sum);
  if (bad) {
    printf("rows: %d mismatches\n", bad);
    return 1;
  }
  printf("rows: ok\n");
  return 0;
}
