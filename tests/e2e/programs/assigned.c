/* Scalars assigned before use in the iteration (`k = i * m + j; a[k] = ...`) are substituted into
 * subscripts, so these loops offload; also scalars assigned several times, each read taking the
 * last assignment before it (Rodinia lud's perimeter blocks: `j_global = offset; j_global +=
 * BS * (chunk + 1);`, reset for the second phase), and a loop variable set by statements between
 * loops over it (NPB BT's dissipation: `i = 1; ... ue[i][m]`, then `for (i = 3; ...)`). Each is
 * checked element by element against the same loop run serially (no pragma). */
#include <stdio.h>
#include <stdlib.h>

static void nest(int n, int m, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int k;
      k = i * m + j;
      a[k] = 2 * b[k] + (float)j;
    }
}

static int pairs(int n, float *a, const float *b) {
  int k = -1;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    k = 2 * i;
    a[k] = b[k] + b[k + 1];
    a[k + 1] = b[k] - b[k + 1];
  }
  return k; /* the last iteration's value */
}

#define BS 16
/* Top and left perimeter blocks of one lud step: chunk c scales the block right of the diagonal
 * block and adds to the block below it, each reading the diagonal block. */
static void perimeter(float *a, int size, int offset, int chunks, int parallel) {
  int c;
#pragma gpupar private(c) if (parallel)
  for (c = 0; c < chunks; c++) {
    int i, j, i_global, j_global, i_here, j_here;
    i_global = offset;
    j_global = offset;
    j_global += BS * (c + 1);
    for (j = 0; j < BS; j++)
      for (i = 0; i < BS; i++) {
        i_here = i_global + i;
        j_here = j_global + j;
        a[i_here * size + j_here] =
            a[i_here * size + j_here] * 0.5f + a[(offset + i) * size + offset + j];
      }
    j_global = offset;
    i_global += BS * (c + 1);
    for (i = 0; i < BS; i++)
      for (j = 0; j < BS; j++) {
        i_here = i_global + i;
        j_here = j_global + j;
        a[i_here * size + j_here] -= a[(offset + j) * size + offset + j];
      }
  }
}

/* NPB BT's fourth-order dissipation along i, over a scratch line each (j, k) fills first. */
#define GX 14
static double ue[GX][5];
static void dissipate(double (*f)[GX][GX][5], double (*u)[GX][GX][5], const int *gp, int parallel) {
  int i, j, k, m;
#pragma gpupar private(ue) if (parallel)
  for (k = 1; k < gp[2] - 1; k++)
    for (j = 1; j < gp[1] - 1; j++) {
      for (i = 0; i < gp[0]; i++)
        for (m = 0; m < 5; m++)
          ue[i][m] = u[i][j][k][m];
      for (m = 0; m < 5; m++) {
        i = 1;
        f[i][j][k][m] -= 5.0 * ue[i][m] - 4.0 * ue[i + 1][m] + ue[i + 2][m];
        i = 2;
        f[i][j][k][m] -= -4.0 * ue[i - 1][m] + 6.0 * ue[i][m] - 4.0 * ue[i + 1][m] + ue[i + 2][m];
      }
      for (m = 0; m < 5; m++)
        for (i = 3; i <= gp[0] - 4; i++)
          f[i][j][k][m] -= ue[i - 2][m] - 4.0 * ue[i - 1][m] + 6.0 * ue[i][m] - 4.0 * ue[i + 1][m] +
                           ue[i + 2][m];
      for (m = 0; m < 5; m++) {
        i = gp[0] - 3;
        f[i][j][k][m] -= ue[i - 2][m] - 4.0 * ue[i - 1][m] + 6.0 * ue[i][m] - 4.0 * ue[i + 1][m];
        i = gp[0] - 2;
        f[i][j][k][m] -= ue[i - 2][m] - 4.0 * ue[i - 1][m] + 5.0 * ue[i][m];
      }
    }
}

static double grid_f[2][GX][GX][GX][5], grid_u[GX][GX][GX][5];

int main(void) {
  const int n = 613, m = 409;
  float *a = malloc(sizeof(float) * (size_t)(n * m)), *b = malloc(sizeof(float) * (size_t)(n * m));
  if (!a || !b)
    return 2;
  for (int i = 0; i < n * m; i++)
    b[i] = (float)(i % 113) * 0.5f;
  int bad = 0;
  nest(n, m, a, b);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      bad += a[i * m + j] != 2 * b[i * m + j] + (float)j;
  int last = pairs(n * m / 2, a, b);
  for (int i = 0; i < n * m / 2; i++)
    bad += a[2 * i] != b[2 * i] + b[2 * i + 1] || a[2 * i + 1] != b[2 * i] - b[2 * i + 1];
  bad += last != 2 * (n * m / 2 - 1);
  const int size = 16 * 9, offset = 16;
  const int chunks = (size - offset - BS) / BS;
  float *lu = malloc(sizeof(float) * size * size), *ref = malloc(sizeof(float) * size * size);
  if (!lu || !ref)
    return 2;
  for (int i = 0; i < size * size; i++)
    lu[i] = ref[i] = (float)(i % 37) - 18.0f;
  perimeter(lu, size, offset, chunks, 1);
  perimeter(ref, size, offset, chunks, 0);
  for (int i = 0; i < size * size; i++)
    bad += lu[i] != ref[i];
  const int gp[3] = {GX - 1, GX - 2, GX};
  double *gu = &grid_u[0][0][0][0], *gf = &grid_f[0][0][0][0][0], *ref_gf = &grid_f[1][0][0][0][0];
  for (int i = 0; i < GX * GX * GX * 5; i++) {
    gu[i] = (double)(i % 29) * 0.25;
    gf[i] = ref_gf[i] = (double)(i % 13);
  }
  dissipate(grid_f[0], grid_u, gp, 1);
  dissipate(grid_f[1], grid_u, gp, 0);
  for (int i = 0; i < GX * GX * GX * 5; i++)
    bad += gf[i] != ref_gf[i];
  double s = 0;
  for (int i = 0; i < n * m; i++)
    s += a[i];
  printf("assigned: %.2f %d %d\n", s, last, bad);
  free(a), free(b), free(lu), free(ref);
  if (bad) {
    printf("assigned: %d mismatches\n", bad);
    return 1;
  }
  printf("assigned: ok\n");
  return 0;
}
