/* Pointer-to-pointer arrays whose rows alias: the runtime's row check must keep these calls on
 * the host (the result is then the serial one). `b`'s rows are `a`'s rows shifted by one row;
 * two rows of `d` are the same row. Also one call without aliasing, which may be offloaded. */
#include <stdio.h>
#include <stdlib.h>

#include "keep.h"
#define malloc(n) keep(malloc(n))

#define N 97
#define M 13

static void shift(int n, int m, float **a, float **b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = a[i][j] + 1.0f;
}

static void twice(int n, int m, float **d) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = d[i][j] * 2.0f + (float)i;
}

int main(void) {
  atexit(free_kept);
  float *blk = malloc((N + 1) * M * sizeof *blk);
  float **a = malloc(N * sizeof *a), **b = malloc(N * sizeof *b), **d = malloc(N * sizeof *d);
  float *ref = malloc((N + 1) * M * sizeof *ref);
  for (int k = 0; k < (N + 1) * M; k++)
    blk[k] = ref[k] = (float)(k % 17);
  for (int i = 0; i < N; i++) {
    a[i] = blk + i * M;
    b[i] = blk + (i + 1) * M; /* row i of b is row i + 1 of a */
  }
  shift(N, M, a, b);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ref[(i + 1) * M + j] = ref[i * M + j] + 1.0f;
  for (int i = 0; i < N; i++)
    d[i] = blk + (i == 5 ? 4 : i) * M; /* rows 4 and 5 of d are one row */
  twice(N, M, d);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      int r = i == 5 ? 4 : i;
      ref[r * M + j] = ref[r * M + j] * 2.0f + (float)i;
    }
  for (int i = 0; i < N; i++)
    d[i] = blk + i * M; /* no aliasing */
  twice(N, M, d);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ref[i * M + j] = ref[i * M + j] * 2.0f + (float)i;
  int bad = 0;
  double sum = 0;
  for (int k = 0; k < (N + 1) * M; k++) {
    bad += blk[k] != ref[k];
    sum += blk[k];
  }
  printf("rowsalias: sum %.1f, %d mismatches\n", sum, bad);
  return bad != 0;
}
