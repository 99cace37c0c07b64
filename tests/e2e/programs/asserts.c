/* `assert` in offloaded loops: in the body (glibc's GNU-C expansion, a statement expression) and
 * in functions the body calls, over 1-D and 2-D arrays. Every element is compared with the same
 * loop run serially (no pragma); exit status 1 on a mismatch. With ASSERTS_BREAK set, one input
 * element breaks an assertion: the program must stop as the serial one does (asserts.sh). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20011
#define ROWS 97
#define COLS 131

static long bad;

static double weight(const double *v, int i) {
  assert(v[i] >= 0.0 && "inputs are not negative");
  return v[i] * 0.5 + 1.0;
}

static int clamp_row(int r) {
  assert(r >= 0 && r < ROWS);
  return r == ROWS - 1 ? r - 1 : r;
}

int main(void) {
  double *v = malloc(N * sizeof *v), *out = malloc(N * sizeof *out);
  double *ref = malloc(N * sizeof *ref);
  static double grid[ROWS][COLS], next[ROWS][COLS], next_ref[ROWS][COLS];
  if (!v || !out || !ref)
    return 2;
  for (int i = 0; i < N; i++)
    v[i] = (double)((i * 37) % 1000) / 4.0;
  if (getenv("ASSERTS_BREAK"))
    v[N / 2 + 17] = -1.0;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      grid[r][c] = (double)((r * 31 + c * 7) % 113);

#pragma gpupar
  for (int i = 0; i < N; i++) {
    assert(i < N);
    out[i] = weight(v, i) + (i > 0 ? v[i - 1] : 0.0);
  }
  for (int i = 0; i < N; i++)
    ref[i] = weight(v, i) + (i > 0 ? v[i - 1] : 0.0);
  for (int i = 0; i < N; i++)
    if (out[i] != ref[i] && bad++ < 5)
      fprintf(stderr, "asserts: out[%d] is %g, serially %g\n", i, out[i], ref[i]);

#pragma gpupar
  for (int r = 0; r < ROWS; r++)
    for (int c = 1; c < COLS - 1; c++) {
      assert(grid[r][c] < 113.0);
      next[r][c] = grid[clamp_row(r)][c - 1] + grid[clamp_row(r)][c + 1];
    }
  for (int r = 0; r < ROWS; r++)
    for (int c = 1; c < COLS - 1; c++)
      next_ref[r][c] = grid[clamp_row(r)][c - 1] + grid[clamp_row(r)][c + 1];
  for (int r = 0; r < ROWS; r++)
    for (int c = 1; c < COLS - 1; c++)
      if (next[r][c] != next_ref[r][c] && bad++ < 5)
        fprintf(stderr, "asserts: next[%d][%d] is %g, serially %g\n", r, c, next[r][c],
                next_ref[r][c]);

  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("sum=%.3f next[5][6]=%g\n", sum, next[5][6]);
  free(v);
  free(out);
  free(ref);
  return bad ? 1 : 0;
}
