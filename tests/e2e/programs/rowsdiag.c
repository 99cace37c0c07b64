/* Pointer-to-pointer arrays whose row and column both move with the parallel variable: the
 * diagonal `a[i][i]` of Jacobi and Gauss-Jordan codes, a band `a[i][i - 1 .. i + 1]`, an
 * anti-diagonal and rows two apart; and rows one apart whose columns never meet. Then columns
 * that move under `if (j != k)`: Gauss-Jordan's pivot row, and every column but one where the
 * one skipped lies past the rows' end. Each iteration
 * names its own row, so the runtime copies exactly the columns each row's iteration touches; rows
 * here are as short as that allows (a lower-triangular matrix stores row i with i + 1 elements,
 * each row its own allocation, so that a sanitizer sees any copy past a row's end), and the written
 * arrays carry poisoned guard cells that must stay as they were. Every element is compared with the
 * same loops run serially; exit status 1 on a mismatch, and a checksum for the comparison with a
 * plain build. Values are small multiples of 1/8 and divisors powers of two: every result is exact.
 */
#include <stdio.h>
#include <stdlib.h>

#include "keep.h"

#define N 203 /* not a multiple of 3 devices */
#define GUARD 2
#define POISON (-777.0)

static int bad;

static void expect(const char *what, int r, int c, double got, double want) {
  if (got != want && bad++ < 10)
    fprintf(stderr, "rowsdiag: %s[%d][%d] = %g, serially %g\n", what, r, c, got, want);
}

/* Rows of `len(r)` elements each, separately allocated with `guard` poisoned cells each side. */
static double **rows_of(int n, int (*len)(int), int guard) {
  double **a = keep(malloc((size_t)n * sizeof *a));
  for (int r = 0; r < n; r++) {
    double *row = keep(malloc((size_t)(len(r) + 2 * guard) * sizeof *row));
    for (int c = 0; c < len(r) + 2 * guard; c++)
      row[c] = POISON;
    a[r] = row + guard;
  }
  return a;
}

static int lower_len(int r) { return r + 1; }
static int full_len(int r) { return (void)r, N; }
static int wide_len(int r) { return 2 * r + 1; }

static double value(int r, int c, int salt) {
  return (double)((r * 7 + c * 3 + salt) % 11 - 5) / 8.0;
}

/* Powers of two on the diagonal, so that dividing by it is exact. */
static void fill(double **a, int n, int (*len)(int), int salt) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < len(r); c++)
      a[r][c] = c == r ? (double)(1 << (r % 4)) : value(r, c, salt);
}

static double **copy_of(double **a, int n, int (*len)(int), int guard) {
  double **c = rows_of(n, len, guard);
  for (int r = 0; r < n; r++)
    for (int k = 0; k < len(r); k++)
      c[r][k] = a[r][k];
  return c;
}

static void same(const char *what, double **got, double **want, int n, int (*len)(int), int guard) {
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < len(r); c++)
      expect(what, r, c, got[r][c], want[r][c]);
    for (int g = 1; g <= guard; g++) {
      expect(what, r, -g, got[r][-g], POISON);
      expect(what, r, len(r) - 1 + g, got[r][len(r) - 1 + g], POISON);
    }
  }
}

static void same_vec(const char *what, const double *got, const double *want, int n) {
  for (int i = 0; i < n; i++)
    expect(what, 0, i, got[i], want[i]);
}

/* --- The offloaded loops ------------------------------------------------------------------ */

/* Jacobi's first step on a lower-triangular matrix: only the diagonal is read. */
static void diagonal_solve(double **l, const double *b, double *x, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[i] = b[i] / l[i][i];
}

/* One Jacobi sweep: the whole row and its diagonal. */
static void jacobi(double **a, const double *b, const double *xold, double *x, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double s = b[i];
    for (int j = 0; j < n; j++)
      s -= a[i][j] * xold[j];
    x[i] = (s + a[i][i] * xold[i]) / a[i][i];
  }
}

/* Scale each row by its diagonal in place (the diagonal itself becomes 1 halfway through). */
static void normalise(double **a, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] /= a[i][i];
}

/* A band: the superdiagonal from the subdiagonal, and the diagonal from both. */
static void band(double **a, int n) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++) {
    a[i][i + 1] = a[i + 1][i] * 0.5;
    a[i][i] += a[i][i - 1] - a[i + 1][i];
  }
}

/* The anti-diagonal of a square matrix, written. */
static void anti(double **a, const double *v, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[n - 1 - i][i] = v[i] + a[n - 1 - i][i];
}

/* The previous row's odd columns into this row's even ones: columns that never meet. */
static void parity(double **a, int n) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n / 2; j++)
      a[i][2 * j] = a[i - 1][2 * j + 1] * 0.5;
}

/* Rows two apart (shear 1/2, not whole) and columns two apart (shear 2), on rows 2 * r + 1
 * long. */
static void strides(double **w, int n) {
#pragma gpupar
  for (int i = 0; i < n / 2; i++)
    w[2 * i][i] = w[2 * i + 1][2 * i + 1] * 0.25;
#pragma gpupar
  for (int i = 0; i < n; i++)
    w[i][2 * i] -= w[i][0];
}

/* Gauss-Jordan's pivot row (OpenMPSnapshot omp_gj_inv): every column divided by the pivot, the
 * pivot's own column of `mat` last (it is the divisor until then). */
static void pivot_row(double **mat, double **inv, int dim, int k) {
#pragma gpupar
  for (int j = 0; j < dim; j++) {
    inv[k][j] = inv[k][j] / mat[k][k];
    if (j != k)
      mat[k][j] = mat[k][j] / mat[k][k];
  }
  mat[k][k] = 1.0;
}

/* Every column but `skip` of every row: with skip == n - 1 on rows n - 1 long, the skipped
 * column lies past each row's end. */
static void all_but(double **w, int rows, int n, int skip) {
#pragma gpupar
  for (int j = 0; j < n; j++)
    for (int r = 0; r < rows; r++)
      if (j != skip)
        w[r][j] = w[r][j] * 2 + 1;
}

/* --- The same loops, serial --------------------------------------------------------------- */

static void diagonal_solve_ref(double **l, const double *b, double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = b[i] / l[i][i];
}

static void jacobi_ref(double **a, const double *b, const double *xold, double *x, int n) {
  for (int i = 0; i < n; i++) {
    double s = b[i];
    for (int j = 0; j < n; j++)
      s -= a[i][j] * xold[j];
    x[i] = (s + a[i][i] * xold[i]) / a[i][i];
  }
}

static void normalise_ref(double **a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] /= a[i][i];
}

static void band_ref(double **a, int n) {
  for (int i = 1; i < n - 1; i++) {
    a[i][i + 1] = a[i + 1][i] * 0.5;
    a[i][i] += a[i][i - 1] - a[i + 1][i];
  }
}

static void anti_ref(double **a, const double *v, int n) {
  for (int i = 0; i < n; i++)
    a[n - 1 - i][i] = v[i] + a[n - 1 - i][i];
}

static void parity_ref(double **a, int n) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n / 2; j++)
      a[i][2 * j] = a[i - 1][2 * j + 1] * 0.5;
}

static void strides_ref(double **w, int n) {
  for (int i = 0; i < n / 2; i++)
    w[2 * i][i] = w[2 * i + 1][2 * i + 1] * 0.25;
  for (int i = 0; i < n; i++)
    w[i][2 * i] -= w[i][0];
}

static void pivot_row_ref(double **mat, double **inv, int dim, int k) {
  for (int j = 0; j < dim; j++) {
    inv[k][j] = inv[k][j] / mat[k][k];
    if (j != k)
      mat[k][j] = mat[k][j] / mat[k][k];
  }
  mat[k][k] = 1.0;
}

static void all_but_ref(double **w, int rows, int n, int skip) {
  for (int j = 0; j < n; j++)
    for (int r = 0; r < rows; r++)
      if (j != skip)
        w[r][j] = w[r][j] * 2 + 1;
}

static int short_len(int r) { return (void)r, N - 1; }

static double sum_rows(double **a, int n, int (*len)(int)) {
  double s = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < len(r); c++)
      s += (r + 1) * a[r][c] + c;
  return s;
}

int main(void) {
  atexit(free_kept);
  double b[N], v[N], xold[N], x[N], x_ref[N], check = 0;
  for (int i = 0; i < N; i++) {
    b[i] = value(i, 1, 3);
    v[i] = value(i, 2, 5);
    xold[i] = value(i, 4, 1);
  }

  double **l = rows_of(N, lower_len, 0); /* exact rows: a sanitizer sees any overread */
  fill(l, N, lower_len, 1);
  diagonal_solve(l, b, x, N);
  diagonal_solve_ref(l, b, x_ref, N);
  same_vec("diagonal_solve x", x, x_ref, N);

  double **a = rows_of(N, full_len, GUARD);
  fill(a, N, full_len, 2);
  double **a_ref = copy_of(a, N, full_len, GUARD);
  for (int sweep = 0; sweep < 2; sweep++) {
    jacobi(a, b, xold, x, N);
    jacobi_ref(a_ref, b, xold, x_ref, N);
    same_vec("jacobi x", x, x_ref, N);
    for (int i = 0; i < N; i++)
      xold[i] = x_ref[i] / 8.0;
  }
  for (int i = 0; i < N; i++)
    check += x[i];
  normalise(a, N);
  normalise_ref(a_ref, N);
  same("normalise a", a, a_ref, N, full_len, GUARD);
  fill(a, N, full_len, 3);
  fill(a_ref, N, full_len, 3);
  band(a, N);
  band_ref(a_ref, N);
  same("band a", a, a_ref, N, full_len, GUARD);
  anti(a, v, N);
  anti_ref(a_ref, v, N);
  same("anti a", a, a_ref, N, full_len, GUARD);
  parity(a, N);
  parity_ref(a_ref, N);
  same("parity a", a, a_ref, N, full_len, GUARD);
  check += sum_rows(a, N, full_len);

  double **w = rows_of(N, wide_len, GUARD);
  fill(w, N, wide_len, 4);
  double **w_ref = copy_of(w, N, wide_len, GUARD);
  strides(w, N);
  strides_ref(w_ref, N);
  same("strides w", w, w_ref, N, wide_len, GUARD);
  check += sum_rows(w, N, wide_len);

  fill(a, N, full_len, 5);
  fill(a_ref, N, full_len, 5);
  double **inv = rows_of(N, full_len, GUARD);
  fill(inv, N, full_len, 6);
  double **inv_ref = copy_of(inv, N, full_len, GUARD);
  for (int k = 0; k < N; k += 50) { /* pivots are powers of two: exact */
    pivot_row(a, inv, N, k);
    pivot_row_ref(a_ref, inv_ref, N, k);
  }
  same("pivot_row mat", a, a_ref, N, full_len, GUARD);
  same("pivot_row inv", inv, inv_ref, N, full_len, GUARD);
  check += sum_rows(a, N, full_len) + sum_rows(inv, N, full_len);

  double **s = rows_of(N, short_len, 0); /* exact rows: a sanitizer sees any overread */
  fill(s, N, short_len, 7);
  double **s_ref = copy_of(s, N, short_len, 0);
  all_but(s, N, N, N - 1);
  all_but_ref(s_ref, N, N, N - 1);
  all_but(a, N, N, 5);
  all_but_ref(a_ref, N, N, 5);
  same("all_but s", s, s_ref, N, short_len, 0);
  same("all_but a", a, a_ref, N, full_len, GUARD);
  check += sum_rows(s, N, short_len) + sum_rows(a, N, full_len);

  printf("rowsdiag: checksum %.6f\n", check);
  if (bad) {
    printf("rowsdiag: %d mismatches\n", bad);
    return 1;
  }
  printf("rowsdiag: ok\n");
  return 0;
}
