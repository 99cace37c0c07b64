/* Pointer-to-pointer arrays (memory/rows.c): the row alias check, and packing: which rows and
 * columns are copied, the rewritten spans and layout, and that unpacking writes back only the
 * written columns of the written rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpupar/gpupar.h"
#include "memory/rows.h"

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
    GPUPAR_VERSION_CODE, "t.c:1", 2, arrays, 2, terms, 2, NULL, NULL, 0, NULL, NULL, 2, rows};

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
  gpupar_rows_layout host = {0, 0};
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

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_check),
                                     cmocka_unit_test(test_pack_unpack)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
