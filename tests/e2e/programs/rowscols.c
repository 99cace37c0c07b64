/* Pointer-to-pointer arrays whose column is the parallel variable (the Rodinia backprop
 * pattern: `conn[k][j]` in a loop over j): each chunk of j gets columns [jlo, jhi] of every row,
 * and devices that write different columns of the same rows must each copy back only their own.
 * Rows allocated separately (of different lengths, the last written column at the end of some
 * rows, guard cells around each) and as one block; N2 is not a multiple of 3 devices. Every
 * element is checked against the serial loops (non-zero exit on a mismatch), column 0 and the
 * columns after N2 must stay unchanged, and a checksum is printed so that the gpupar build can
 * be compared with a plain serial build. The constants are powers of two and the values small
 * multiples of 1/8, so every result is exact whether or not the compiler fuses a multiply-add. */
#include <stdio.h>
#include <stdlib.h>

#include "keep.h"
#define malloc(n) keep(malloc(n))

#define N1 37  /* rows 0 .. N1 */
#define N2 301 /* columns 1 .. N2 are computed; 301 = 3 * 100 + 1 */
#define GUARD 4
#define POISON (-777.0f)

static void layerforward(float *l1, float *l2, float **conn, int n1, int n2) {
  float sum;
  int j, k;
  l1[0] = 1.0f;
#pragma gpupar reduction(+ : sum)
  for (j = 1; j <= n2; j++) {
    sum = 0.0f;
    for (k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = sum;
  }
}

static void adjust_weights(float *delta, int ndelta, float *ly, int nly, float **w, float **oldw) {
  int k, j;
#pragma gpupar
  for (j = 1; j <= ndelta; j++)
    for (k = 0; k <= nly; k++) {
      float new_dw = 0.5f * delta[j] * ly[k] + 0.25f * oldw[k][j];
      w[k][j] += new_dw;
      oldw[k][j] = new_dw;
    }
}

/* The same loops without pragmas: the reference. */
static void layerforward_serial(float *l1, float *l2, float **conn, int n1, int n2) {
  l1[0] = 1.0f;
  for (int j = 1; j <= n2; j++) {
    float sum = 0.0f;
    for (int k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = sum;
  }
}

static void adjust_serial(float *delta, int ndelta, float *ly, int nly, float **w, float **oldw) {
  for (int j = 1; j <= ndelta; j++)
    for (int k = 0; k <= nly; k++) {
      float new_dw = 0.5f * delta[j] * ly[k] + 0.25f * oldw[k][j];
      w[k][j] += new_dw;
      oldw[k][j] = new_dw;
    }
}

/* Row k has N2 + 1 + k % 3 elements (columns 0 .. N2 + k % 3) between guard cells. */
static int row_len(int k) { return N2 + 1 + k % 3; }

static float **rows_separate(void) {
  float **a = malloc((N1 + 1) * sizeof *a);
  for (int k = 0; k <= N1; k++) {
    float *r = malloc((size_t)(row_len(k) + 2 * GUARD) * sizeof *r);
    for (int j = 0; j < row_len(k) + 2 * GUARD; j++)
      r[j] = POISON;
    a[k] = r + GUARD;
  }
  return a;
}

/* Rows in one block (the Rodinia way), each N2 + 2 long: row_len(k) is at most that. */
static float **rows_block(void) {
  float **a = malloc((N1 + 1) * sizeof *a);
  float *block = malloc((size_t)(N1 + 1) * (N2 + 2) * sizeof *block);
  for (int k = 0; k <= N1; k++)
    a[k] = block + (size_t)k * (N2 + 2);
  return a;
}

static void fill(float **a, int salt) {
  for (int k = 0; k <= N1; k++)
    for (int j = 0; j < row_len(k); j++)
      a[k][j] = (float)((k * 5 + j * 3 + salt) % 9 - 4) / 8.0f;
}

static float **copy_of(float **a) {
  float **c = rows_separate();
  for (int k = 0; k <= N1; k++)
    for (int j = 0; j < row_len(k); j++)
      c[k][j] = a[k][j];
  return c;
}

static int bad;

static void expect(const char *what, int k, int j, float got, float want) {
  if (got != want) {
    if (bad < 10)
      fprintf(stderr, "%s[%d][%d] = %g, expected %g\n", what, k, j, got, want);
    bad++;
  }
}

/* Every element of every row (column 0 and the columns after N2 included) equals the
 * reference's; separate rows' guard cells are untouched. */
static void same(const char *what, float **got, float **want, int guarded) {
  for (int k = 0; k <= N1; k++) {
    for (int j = 0; j < row_len(k); j++)
      expect(what, k, j, got[k][j], want[k][j]);
    for (int g = 1; guarded && g <= GUARD; g++) {
      expect(what, k, -g, got[k][-g], POISON);
      expect(what, k, row_len(k) - 1 + g, got[k][row_len(k) - 1 + g], POISON);
    }
  }
}

static double run(float **w, float **oldw, int guarded, const char *name) {
  float l1[N1 + 1], l2[N2 + 1], ref[N2 + 1], delta[N2 + 1], ly[N1 + 1];
  for (int k = 0; k <= N1; k++)
    l1[k] = ly[k] = (float)(k % 5 - 2) / 4.0f;
  for (int j = 0; j <= N2; j++) {
    delta[j] = (float)(j % 7 - 3) / 8.0f;
    l2[j] = ref[j] = POISON;
  }
  fill(w, 1);
  fill(oldw, 2);
  float **w_ref = copy_of(w), **oldw_ref = copy_of(oldw);
  layerforward(l1, l2, w, N1, N2);
  layerforward_serial(l1, ref, w, N1, N2);
  for (int j = 0; j <= N2; j++)
    expect(name, 0, j, l2[j], ref[j]);
  for (int step = 0; step < 2; step++) {
    adjust_weights(delta, N2, ly, N1, w, oldw);
    adjust_serial(delta, N2, ly, N1, w_ref, oldw_ref);
  }
  same(name, w, w_ref, guarded);
  same(name, oldw, oldw_ref, guarded);
  double sum = 0;
  for (int j = 1; j <= N2; j++)
    sum += l2[j];
  for (int k = 0; k <= N1; k++)
    for (int j = 0; j < row_len(k); j++)
      sum += (k + 1) * (double)w[k][j] + (j + 1) * (double)oldw[k][j];
  return sum;
}

int main(void) {
  atexit(free_kept);
  double s1 = run(rows_separate(), rows_separate(), 1, "separate");
  double s2 = run(rows_block(), rows_block(), 0, "block");
  printf("rowscols: checksum %.6f %.6f\n", s1, s2);
  if (bad) {
    printf("rowscols: %d mismatches\n", bad);
    return 1;
  }
  printf("rowscols: ok\n");
  return 0;
}
