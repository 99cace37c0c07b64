/* Pointer-to-pointer arrays (memory/rows.c): the row alias check, and packing: which rows and
 * columns are copied, the rewritten spans and layout, and that unpacking writes back only the
 * written columns of the written rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpupar/gpupar.h"
#include "memory/rows.h"
#include "schedule/section.h"

static gpupar__space space(long long lo, long long hi) {
  gpupar__space sp;
  char why[128];
  assert_int_equal(gpupar__space_init(&sp, lo, hi, 1, GPUPAR_LT, 0, why, sizeof why), GPUPAR_OK);
  return sp;
}

/* `for (i = lo; i < hi; i++) for (j = 1; j < 4; j++) b[2*i][j] = a[i + 1][j - 1];` */
static const gpupar_array_desc arrays[] = {{"a", sizeof(float *), GPUPAR_READ},
                                           {"b", sizeof(float *), GPUPAR_WRITE}};
static const gpupar_term_desc terms[] = {{0, GPUPAR_READ, 1}, {1, GPUPAR_WRITE, 1}};
static const gpupar_rows_desc rows[] = {{0, 0, sizeof(float)}, {1, 1, sizeof(float)}};
static const gpupar_loop loop = {
    GPUPAR_VERSION_CODE, "t.c:1", 2, arrays, 2, terms, 2, NULL, NULL, 0, NULL, NULL, 2, rows, 0, 0};

static void spans_of(gpupar_span s[2]) {
  gpupar_span_init(&s[0], 1, 1); /* a[i + 1][j - 1] */
  gpupar_span_cols(&s[0], -1);
  gpupar_span_add_cols(&s[0], 1, 1, 3);
  gpupar_span_init(&s[1], 2, 0); /* b[2*i][j] */
  gpupar_span_cols(&s[1], 0);
  gpupar_span_add_cols(&s[1], 1, 1, 3);
}

static void test_check(void **state) {
  (void)state;
  char why[256];
  float block[10][8];
  float *a[10], *b[10];
  for (int r = 0; r < 10; r++)
    a[r] = block[r];
  float other[10][8];
  for (int r = 0; r < 10; r++)
    b[r] = other[r];
  gpupar_span s[2];
  spans_of(s);
  gpupar__space sp = space(0, 4);
  void *bases[2] = {a, b};
  void *scal[2] = {NULL, NULL};
  gpupar_call call = {.arrays = bases, .scalars = scal, .spans = s};
  assert_int_equal(gpupar__rows_check(&loop, &call, &sp, why, sizeof why), GPUPAR_OK);
  b[4] = block[3]; /* written row 4 of b is row 3 of a, which iteration 2 reads */
  assert_int_equal(gpupar__rows_check(&loop, &call, &sp, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "row 3 of 'a' and row 4 of 'b' share memory");
  b[4] = block[3] + 4; /* the same row, past the columns a reads ([0, 2]): no overlap */
  assert_int_equal(gpupar__rows_check(&loop, &call, &sp, why, sizeof why), GPUPAR_OK);
  b[4] = other[4];
  b[2] = other[0]; /* two written rows of b are one row */
  assert_int_equal(gpupar__rows_check(&loop, &call, &sp, why, sizeof why), GPUPAR_EINVAL);
  b[2] = other[2];
  /* A scalar the loop keeps the last value of, inside a row a reads (row 1, columns 0..2) or
   * past the columns it reads. */
  static const gpupar_reduction_desc last[] = {{"t", GPUPAR_TYPE_FLOAT, 4, GPUPAR_RED_LAST, 0}};
  gpupar_loop with_t = loop;
  with_t.nreductions = 1;
  with_t.reductions = last;
  void *vars[1] = {&block[1][2]};
  call.reductions = vars;
  assert_int_equal(gpupar__rows_check(&with_t, &call, &sp, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "'t' lies in the elements of 'a' the loop touches");
  vars[0] = &block[1][3];
  assert_int_equal(gpupar__rows_check(&with_t, &call, &sp, why, sizeof why), GPUPAR_OK);
}

/* Two flat arrays of one allocation, written in interleaved pairs (c[4*i + 0..1] with d = c + 2),
 * are the flat alias check's to judge: beside a pointer-to-pointer array the row check passes
 * them, and still refuses a flat array that reaches a row the loop reads. */
static void test_check_flat_interleaved(void **state) {
  (void)state;
  char why[256];
  static const gpupar_array_desc arrays3[] = {{"a", sizeof(float *), GPUPAR_READ},
                                              {"c", sizeof(float), GPUPAR_WRITE},
                                              {"d", sizeof(float), GPUPAR_WRITE}};
  static const gpupar_term_desc terms3[] = {
      {0, GPUPAR_READ, 1}, {1, GPUPAR_WRITE, 1}, {2, GPUPAR_WRITE, 1}};
  static const gpupar_rows_desc rows3[] = {{0, 0, sizeof(float)}};
  gpupar_loop loop3 = {.version = GPUPAR_VERSION_CODE,
                       .site = "t.c:2",
                       .narrays = 3,
                       .arrays = arrays3,
                       .nterms = 3,
                       .terms = terms3,
                       .nrows = 1,
                       .rows = rows3};
  float block[10][8], flat[64];
  float *a[10];
  for (int r = 0; r < 10; r++)
    a[r] = block[r];
  gpupar_span s[3];
  gpupar_span_init(&s[0], 1, 1); /* a[i + 1][j - 1] */
  gpupar_span_cols(&s[0], -1);
  gpupar_span_add_cols(&s[0], 1, 1, 3);
  gpupar_span_init(&s[1], 4, 0); /* c[4*i + e], e < 2 */
  gpupar_span_add_range(&s[1], 1, 0, 1);
  gpupar_span_init(&s[2], 4, 0); /* d[4*i + e] */
  gpupar_span_add_range(&s[2], 1, 0, 1);
  gpupar__space sp = space(0, 4);
  void *bases[3] = {a, flat, flat + 2};
  void *scal[2] = {NULL, NULL};
  gpupar_call call = {.arrays = bases, .scalars = scal, .spans = s};
  assert_int_equal(gpupar__rows_check(&loop3, &call, &sp, why, sizeof why), GPUPAR_OK);
  bases[2] = &block[2][0]; /* d's first pair is row 2's columns 0..1, which iteration 1 reads */
  assert_int_equal(gpupar__rows_check(&loop3, &call, &sp, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "a row of 'a' overlaps 'd'");
}

static void test_pack_unpack(void **state) {
  (void)state;
  char why[256];
  float A[10][8], B[10][8];
  float *a[10], *b[10];
  for (int r = 0; r < 10; r++) {
    a[r] = A[r];
    b[r] = B[r];
    for (int c = 0; c < 8; c++) {
      A[r][c] = (float)(r * 10 + c);
      B[r][c] = -1.0f;
    }
  }
  b[5] = NULL; /* never touched (odd rows of b): never read */
  gpupar_span s[2];
  spans_of(s);
  gpupar__space sp = space(0, 4);
  void *bases[2] = {a, b};
  gpupar_rows_layout host = {0, 0, 1};
  void *scal[2] = {&host, &host};
  gpupar_call call = {.arrays = bases, .scalars = scal, .spans = s};
  gpupar__rows_pack *pack;
  const gpupar_loop *pl;
  gpupar_call *pc;
  assert_int_equal(gpupar__rows_pack_new(&loop, &call, &sp, &pack, &pl, &pc, why, sizeof why),
                   GPUPAR_OK);
  assert_non_null(pack);
  /* a: rows 1..4, columns 0..2 (pitch 3); element (r, c) at (r - 1) * 3 + c. */
  const gpupar_rows_layout *la = pc->scalars[0];
  assert_int_equal(la->pitch, 3);
  assert_int_equal(la->shift, 3);
  assert_int_equal(la->stride, 1);
  const float *pa = pc->arrays[0];
  assert_true(pa[0] == 10.0f && pa[2] == 12.0f && pa[3 * 3 + 1] == 41.0f);
  assert_int_equal(pl->arrays[0].elem_size, sizeof(float));
  assert_int_equal(pc->spans[0].coef, 3);
  assert_int_equal(pc->spans[0].off_lo, 0);
  assert_int_equal(pc->spans[0].off_hi, 2);
  /* b: rows 0..6 (0, 2, 4, 6 written), columns 1..3. */
  const gpupar_rows_layout *lb = pc->scalars[1];
  assert_int_equal(lb->pitch, 3);
  assert_int_equal(lb->shift, 1);
  assert_int_equal(pc->spans[1].coef, 6);
  /* A device writes row 4 of b, columns 1..3, and garbage into untouched row 5. */
  float *pb = pc->arrays[1];
  for (int c = 1; c <= 3; c++) {
    pb[4 * 3 + c - 1] = 100.0f + (float)c;
    pb[5 * 3 + c - 1] = 999.0f;
  }
  gpupar__rows_unpack(pack);
  gpupar__rows_pack_free(pack);
  for (int r = 0; r < 10; r++)
    for (int c = 0; c < 8; c++) {
      float want = r == 4 && c >= 1 && c <= 3 ? 100.0f + (float)c : -1.0f;
      assert_true(B[r][c] == want);
    }
}

/* `for (j = 1; j <= 5; j++) for (k = 0; k < 3; k++) w[k][j] = c[k][j] + c[k][j - 1];` (the
 * backprop pattern: the column moves with the loop variable, the rows do not). */
static const gpupar_array_desc col_arrays[] = {{"c", sizeof(float *), GPUPAR_READ},
                                               {"w", sizeof(float *), GPUPAR_WRITE}};
static const gpupar_term_desc col_terms[] = {{0, GPUPAR_READ, 0}, {1, GPUPAR_WRITE, 0}};
static const gpupar_rows_desc col_rows[] = {{0, 0, sizeof(float)}, {1, 1, sizeof(float)}};
static const gpupar_loop col_loop = {GPUPAR_VERSION_CODE,
                                     "t.c:2",
                                     2,
                                     col_arrays,
                                     2,
                                     col_terms,
                                     2,
                                     NULL,
                                     NULL,
                                     0,
                                     NULL,
                                     NULL,
                                     2,
                                     col_rows,
                                     0,
                                     0};

static void col_spans(gpupar_span s[2]) {
  gpupar_span_init(&s[0], 0, 0); /* c[k][j - 1], c[k][j] */
  gpupar_span_add_range(&s[0], 1, 0, 2);
  gpupar_span_cols(&s[0], -1);
  gpupar_span_add_cols(&s[0], 1, 0, 1);
  gpupar_span_col_coef(&s[0], 1);
  gpupar_span_init(&s[1], 0, 0); /* w[k][j] */
  gpupar_span_add_range(&s[1], 1, 0, 2);
  gpupar_span_cols(&s[1], 0);
  gpupar_span_col_coef(&s[1], 1);
}

/* Rows of different lengths, each allocated on its own: row k of w has columns 0 .. 5 + k, so
 * row 0 ends right after column 5, the last one the loop writes; c's row 0 ends at column 5. */
static void test_pack_by_column(void **state) {
  (void)state;
  char why[256];
  float *c[3], *w[3];
  for (int k = 0; k < 3; k++) {
    c[k] = malloc((size_t)(6 + k) * sizeof(float));
    w[k] = malloc((size_t)(6 + k) * sizeof(float));
    assert_non_null(c[k]);
    assert_non_null(w[k]);
    for (int j = 0; j < 6 + k; j++) {
      c[k][j] = (float)(10 * k + j);
      w[k][j] = -1.0f;
    }
  }
  gpupar_span s[2];
  col_spans(s);
  gpupar__space sp = space(1, 6);
  void *bases[2] = {c, w};
  gpupar_rows_layout host = {0, 0, 1};
  void *scal[2] = {&host, &host};
  gpupar_call call = {.arrays = bases, .scalars = scal, .spans = s};
  assert_int_equal(gpupar__check_writes(&col_loop, s, &sp, why, sizeof why), GPUPAR_OK);
  assert_int_equal(gpupar__rows_check(&col_loop, &call, &sp, why, sizeof why), GPUPAR_OK);
  gpupar__rows_pack *pack;
  const gpupar_loop *pl;
  gpupar_call *pc;
  assert_int_equal(gpupar__rows_pack_new(&col_loop, &call, &sp, &pack, &pl, &pc, why, sizeof why),
                   GPUPAR_OK);
  /* c: rows 0..2, columns 0..5 by column: (k, j) at j * 3 + k. */
  const gpupar_rows_layout *lc = pc->scalars[0];
  assert_int_equal(lc->pitch, 1);
  assert_int_equal(lc->stride, 3);
  assert_int_equal(lc->shift, 0);
  const float *pcb = pc->arrays[0];
  for (int k = 0; k < 3; k++)
    for (int j = 0; j <= 5; j++)
      assert_true(pcb[j * 3 + k] == (float)(10 * k + j));
  /* w: columns 1..5: (k, j) at (j - 1) * 3 + k. */
  const gpupar_rows_layout *lw = pc->scalars[1];
  assert_int_equal(lw->pitch, 1);
  assert_int_equal(lw->stride, 3);
  assert_int_equal(lw->shift, 3);
  assert_int_equal(pc->spans[1].coef, 3);
  assert_int_equal(pc->spans[1].off_lo, -3);
  assert_int_equal(pc->spans[1].off_hi, -1);
  /* A chunk j in [2, 3] (iterations 1, 2) writes exactly columns 2..3: elements [3, 8]. */
  gpupar__hull h;
  assert_int_equal(gpupar__term_interval(&sp, &pc->spans[1], 1, 3, &h), GPUPAR_OK);
  assert_false(h.empty);
  assert_int_equal(h.lo, 3);
  assert_int_equal(h.hi, 8);
  /* Two devices write their chunks (j 1..2 and 3..5) in the packed buffer; unpacking writes
   * back columns 1..5 of each row and nothing else. */
  float *pw = pc->arrays[1];
  for (int j = 1; j <= 5; j++)
    for (int k = 0; k < 3; k++)
      pw[(j - 1) * 3 + k] = (float)(100 * k + j);
  gpupar__rows_unpack(pack);
  gpupar__rows_pack_free(pack);
  for (int k = 0; k < 3; k++) {
    for (int j = 0; j < 6 + k; j++)
      assert_true(w[k][j] == (j >= 1 && j <= 5 ? (float)(100 * k + j) : -1.0f));
    free(c[k]);
    free(w[k]);
  }
}

/* A moving column's writes are disjoint when consecutive iterations' columns do not meet. */
static void test_check_writes_columns(void **state) {
  (void)state;
  char why[256];
  gpupar_span s[2];
  col_spans(s);
  gpupar__space sp = space(1, 6);
  assert_int_equal(gpupar__check_writes(&col_loop, s, &sp, why, sizeof why), GPUPAR_OK);
  gpupar_span_add_cols(&s[1], 1, 0, 1); /* w[k][j + l], l in [0, 1]: j and j + 1 meet */
  assert_int_equal(gpupar__check_writes(&col_loop, s, &sp, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "every iteration writes the same elements of 'w'");
  col_spans(s);
  gpupar_span_col_coef(&s[1], 0); /* w[k][0] in every iteration */
  assert_int_equal(gpupar__check_writes(&col_loop, s, &sp, why, sizeof why), GPUPAR_EINVAL);
}

/* One array `a` of doubles read through one term: rows coef * i, columns col_coef * i + [lo, hi]
 * (`a[i][i]`, the band `a[i + 1][i .. i + 2]`, `a[n - 1 - i][i]`, `a[2 * i][i]`), i in [0, n). */
static const gpupar_array_desc band_arrays[] = {{"a", sizeof(double *), GPUPAR_READ}};
static const gpupar_term_desc band_terms[] = {{0, GPUPAR_READ, 1}};
static const gpupar_rows_desc band_rows[] = {{0, 0, sizeof(double)}};
static const gpupar_loop band_loop = {
    GPUPAR_VERSION_CODE, "t.c:3", 1, band_arrays, 1, band_terms, 1, NULL, NULL, 0, NULL, NULL, 1,
    band_rows,           0,       0};

/* Packs a[r][c] = 100 * r + c (8 rows of 20) for i in [0, n), checks that every element the
 * term touches is where the layout and the rewritten span say, and returns the layout and the
 * rewritten span's coefficient. */
static gpupar_rows_layout pack_band(long long coef, long long off, long long col_coef, long long lo,
                                    long long hi, int n, long long *flat_coef) {
  char why[256];
  double block[8][20], *a[8];
  for (int r = 0; r < 8; r++) {
    a[r] = block[r];
    for (int c = 0; c < 20; c++)
      block[r][c] = 100.0 * r + c;
  }
  gpupar_span s[1];
  gpupar_span_init(&s[0], coef, off);
  gpupar_span_cols(&s[0], lo);
  gpupar_span_add_cols(&s[0], 1, 0, hi - lo);
  gpupar_span_col_coef(&s[0], col_coef);
  gpupar__space sp = space(0, n);
  void *bases[1] = {a};
  gpupar_rows_layout host = {0, 0, 1};
  void *scal[1] = {&host};
  gpupar_call call = {.arrays = bases, .scalars = scal, .spans = s};
  gpupar__rows_pack *pack;
  const gpupar_loop *pl;
  gpupar_call *pc;
  assert_int_equal(gpupar__rows_pack_new(&band_loop, &call, &sp, &pack, &pl, &pc, why, sizeof why),
                   GPUPAR_OK);
  gpupar_rows_layout lay = *(const gpupar_rows_layout *)pc->scalars[0];
  const double *buf = pc->arrays[0];
  const gpupar_span *f = &pc->spans[0];
  for (long long i = 0; i < n; i++)
    for (long long c = lo; c <= hi; c++) {
      long long r = coef * i + off, col = col_coef * i + c;
      assert_true(buf[r * lay.pitch + col * lay.stride - lay.shift] == 100.0 * r + col);
      long long e = f->coef * i + f->off_lo + (c - lo); /* the flat span covers it */
      assert_true(e == r * lay.pitch + col * lay.stride - lay.shift);
      assert_true(e <= f->coef * i + f->off_hi);
    }
  *flat_coef = f->coef;
  gpupar__rows_pack_free(pack);
  return lay;
}

/* Rows and columns that both move pack row by row with the rows sheared, so that a chunk's
 * piece of the buffer is as narrow as the band: the diagonal takes 2 elements per row (a row
 * step of 0 would mark host rows), the band 3, the anti-diagonal 1; rows two apart per column
 * (no whole shear) keep the unsheared width. */
static void test_pack_sheared(void **state) {
  (void)state;
  long long fc;
  gpupar_rows_layout l = pack_band(1, 0, 1, 0, 0, 8, &fc); /* a[i][i] */
  assert_int_equal(l.pitch, 1);
  assert_int_equal(l.stride, 1);
  assert_int_equal(fc, 2);
  l = pack_band(1, 1, 1, 0, 2, 6, &fc); /* a[i + 1][i .. i + 2] */
  assert_int_equal(l.pitch, 2);
  assert_int_equal(fc, 3);
  l = pack_band(-1, 7, 1, 0, 0, 8, &fc); /* a[7 - i][i]: row r at r, i.e. 7 - i */
  assert_int_equal(l.pitch, 2);
  assert_int_equal(fc, -1);
  l = pack_band(2, 0, 1, 0, 0, 4, &fc); /* a[2 * i][i]: columns 0..3, unsheared */
  assert_int_equal(l.pitch, 4);
  assert_int_equal(fc, 9);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_check),
                                     cmocka_unit_test(test_check_flat_interleaved),
                                     cmocka_unit_test(test_pack_unpack),
                                     cmocka_unit_test(test_pack_by_column),
                                     cmocka_unit_test(test_check_writes_columns),
                                     cmocka_unit_test(test_pack_sheared)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
