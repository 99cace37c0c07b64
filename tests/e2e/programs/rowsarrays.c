/* Arrays of row pointers (`double *u[2]`, `double *r[rows]`, a global `double *g[2]`) are
 * pointer-to-pointer arrays like `double **`: the double buffer of a diffusion step
 * (DataRaceBench DRB196: `u[1 - p][i]` from `u[p][i - 1 .. i + 1]`, rows that differ whatever p
 * is), a variable-length array of separately allocated rows, and a global pair of rows. Every
 * element is compared with the same loops run serially; exit status 1 on a mismatch, and a
 * checksum for the comparison with a plain build. Values are multiples of 1/64: exact. */
#include <stdio.h>
#include <stdlib.h>

#define N 20011
#define STEPS 6

static double *g[2];
static int bad;

static void expect(const char *what, int r, int c, double got, double want) {
  if (got != want && bad++ < 10)
    fprintf(stderr, "rowsarrays: %s[%d][%d] = %.17g, serially %.17g\n", what, r, c, got, want);
}

static double start(int i) { return (double)(i % 8) / 8.0; }

/* DRB196's diffusion, u and the serial copy v each a pair of halves of one block. */
static double diffusion(void) {
  double *b = malloc(2 * N * sizeof *b), *c = malloc(2 * N * sizeof *c);
  if (!b || !c)
    exit(2);
  double *u[2] = {&b[0], &b[N]}, *v[2] = {&c[0], &c[N]};
  for (int i = 0; i < 2 * N; i++)
    b[i] = c[i] = start(i);
  int p = 0;
  for (int t = 0; t < STEPS; t++) {
#pragma gpupar
    for (int i = 1; i < N - 1; i++)
      u[1 - p][i] = u[p][i] + 0.25 * (u[p][i - 1] + u[p][i + 1] - 2 * u[p][i]);
    for (int i = 1; i < N - 1; i++)
      v[1 - p][i] = v[p][i] + 0.25 * (v[p][i - 1] + v[p][i + 1] - 2 * v[p][i]);
    p = 1 - p;
  }
  double s = 0;
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < N; i++) {
      expect("u", r, i, u[r][i], v[r][i]);
      s += u[r][i] * (r + 1);
    }
  free(b);
  free(c);
  return s;
}

/* A variable-length array of rows, each allocated on its own. */
static double vla_rows(int rows, int cols) {
  double *r[rows], *ref[rows];
  for (int k = 0; k < rows; k++) {
    r[k] = malloc((size_t)cols * sizeof(double));
    ref[k] = malloc((size_t)cols * sizeof(double));
    if (!r[k] || !ref[k])
      exit(2);
    for (int j = 0; j < cols; j++)
      r[k][j] = ref[k][j] = start(k + j);
  }
#pragma gpupar
  for (int k = 1; k < rows; k++)
    for (int j = 0; j < cols; j++)
      r[k][j] = r[k][j] * 0.5 + k;
  for (int k = 1; k < rows; k++)
    for (int j = 0; j < cols; j++)
      ref[k][j] = ref[k][j] * 0.5 + k;
  double s = 0;
  for (int k = 0; k < rows; k++) {
    for (int j = 0; j < cols; j++) {
      expect("r", k, j, r[k][j], ref[k][j]);
      s += r[k][j];
    }
    free(r[k]);
    free(ref[k]);
  }
  return s;
}

/* A global pair of rows, swapped by index as in the diffusion. */
static double global_rows(void) {
  double *h[2];
  for (int r = 0; r < 2; r++) {
    g[r] = malloc(N * sizeof(double));
    h[r] = malloc(N * sizeof(double));
    if (!g[r] || !h[r])
      exit(2);
    for (int i = 0; i < N; i++)
      g[r][i] = h[r][i] = start(3 * i + r);
  }
  for (int t = 0; t < STEPS; t++) {
    int p = t % 2;
#pragma gpupar
    for (int i = 0; i < N; i++)
      g[1 - p][i] = g[p][i] * 0.5 + g[1 - p][i];
    for (int i = 0; i < N; i++)
      h[1 - p][i] = h[p][i] * 0.5 + h[1 - p][i];
  }
  double s = 0;
  for (int r = 0; r < 2; r++) {
    for (int i = 0; i < N; i++) {
      expect("g", r, i, g[r][i], h[r][i]);
      s += g[r][i] * (r + 2);
    }
    free(g[r]);
    free(h[r]);
  }
  return s;
}

int main(void) {
  double check = diffusion() + vla_rows(37, 1001) + global_rows();
  printf("rowsarrays: checksum %.6f\n", check);
  if (bad) {
    printf("rowsarrays: %d mismatches\n", bad);
    return 1;
  }
  printf("rowsarrays: ok\n");
  return 0;
}
