/* Red-black Gauss-Seidel sweeps, offloaded because the residue test proves that a colour's
 * updates read only the other colour: a static 2-D grid with the colour in a variable, a grid
 * of row pointers with the colour tested by a mask and `continue`, and a 1-D chain updated
 * modulo 3. Every element is compared with the same sweeps run serially (no pragma); exit
 * status 1 on a mismatch. */
#include <stdio.h>
#include <stdlib.h>

#define R 67
#define C 91
#define L 5003

static double g[R][C], g_ref[R][C];
static long bad;

static void expect(double got, double want, const char *what, int a, int b) {
  if (got != want && bad++ < 5)
    fprintf(stderr, "redblack: %s[%d][%d] is %.17g, serially %.17g\n", what, a, b, got, want);
}

static void sweep_static(int sweeps) {
  for (int s = 0; s < sweeps; s++)
    for (int color = 0; color < 2; color++) {
#pragma gpupar
      for (int j = 1; j < R - 1; j++)
        for (int i = 1; i < C - 1; i++)
          if ((i + j) % 2 == color)
            g[j][i] = 0.25 * (g[j - 1][i] + g[j + 1][i] + g[j][i - 1] + g[j][i + 1]);
      for (int j = 1; j < R - 1; j++)
        for (int i = 1; i < C - 1; i++)
          if ((i + j) % 2 == color)
            g_ref[j][i] =
                0.25 * (g_ref[j - 1][i] + g_ref[j + 1][i] + g_ref[j][i - 1] + g_ref[j][i + 1]);
    }
}

static void sweep_rows(double **h, double **h_ref, int rows, int cols, int sweeps) {
  for (int s = 0; s < sweeps; s++) {
#pragma gpupar
    for (int j = 1; j < rows - 1; j++)
      for (int i = 1; i < cols - 1; i++) {
        if ((i + j) & 1)
          continue;
        h[j][i] = 0.25 * (h[j - 1][i] + h[j + 1][i] + h[j][i - 1] + h[j][i + 1]);
      }
#pragma gpupar
    for (int j = 1; j < rows - 1; j++)
      for (int i = 1; i < cols - 1; i++)
        if ((i + j) % 2 != 0)
          h[j][i] = 0.25 * (h[j - 1][i] + h[j + 1][i] + h[j][i - 1] + h[j][i + 1]);
    for (int color = 0; color < 2; color++)
      for (int j = 1; j < rows - 1; j++)
        for (int i = 1; i < cols - 1; i++)
          if ((i + j) % 2 == color)
            h_ref[j][i] =
                0.25 * (h_ref[j - 1][i] + h_ref[j + 1][i] + h_ref[j][i - 1] + h_ref[j][i + 1]);
  }
}

static void chain(double *v, double *v_ref) {
  for (int phase = 0; phase < 3; phase++) {
#pragma gpupar
    for (int k = 2; k < L - 2; k++)
      if (k % 3 == phase)
        v[k] = (v[k - 2] + v[k - 1] + v[k + 1] + v[k + 2]) * 0.25 + 1.0;
    for (int k = 2; k < L - 2; k++)
      if (k % 3 == phase)
        v_ref[k] = (v_ref[k - 2] + v_ref[k - 1] + v_ref[k + 1] + v_ref[k + 2]) * 0.25 + 1.0;
  }
}

int main(void) {
  for (int j = 0; j < R; j++)
    for (int i = 0; i < C; i++)
      g[j][i] = g_ref[j][i] = (j == 0 || i == 0) ? 100.0 : (double)((j * 7 + i * 3) % 17);
  sweep_static(4);
  for (int j = 0; j < R; j++)
    for (int i = 0; i < C; i++)
      expect(g[j][i], g_ref[j][i], "g", j, i);

  int rows = 53, cols = 77;
  double **h = malloc(rows * sizeof *h), **h_ref = malloc(rows * sizeof *h_ref);
  if (!h || !h_ref)
    return 2;
  for (int j = 0; j < rows; j++) {
    h[j] = malloc(cols * sizeof **h);
    h_ref[j] = malloc(cols * sizeof **h_ref);
    if (!h[j] || !h_ref[j])
      return 2;
    for (int i = 0; i < cols; i++)
      h[j][i] = h_ref[j][i] = (j == rows - 1) ? -50.0 : (double)((j * 5 + i * 11) % 23);
  }
  sweep_rows(h, h_ref, rows, cols, 3);
  for (int j = 0; j < rows; j++)
    for (int i = 0; i < cols; i++)
      expect(h[j][i], h_ref[j][i], "h", j, i);

  double *v = malloc(L * sizeof *v), *v_ref = malloc(L * sizeof *v_ref);
  if (!v || !v_ref)
    return 2;
  for (int k = 0; k < L; k++)
    v[k] = v_ref[k] = (double)((k * 13) % 29);
  chain(v, v_ref);
  for (int k = 0; k < L; k++)
    expect(v[k], v_ref[k], "v", k, 0);

  printf("g[5][7]=%.6f h[9][10]=%.6f v[100]=%.6f\n", g[5][7], h[9][10], v[100]);
  for (int j = 0; j < rows; j++) {
    free(h[j]);
    free(h_ref[j]);
  }
  free(h);
  free(h_ref);
  free(v);
  free(v_ref);
  return bad ? 1 : 0;
}
