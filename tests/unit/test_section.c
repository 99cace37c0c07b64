/* Term intervals, hulls, the dense and written-rows checks, the write-safety check and the alias
 * guard. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpupar/gpupar.h"
#include "memory/heapmap.h"
#include "schedule/section.h"

static gpupar__space space(long long lo, long long hi, long long step, int cond) {
  gpupar__space sp;
  char why[128];
  assert_int_equal(gpupar__space_init(&sp, lo, hi, step, cond, 0, why, sizeof why), GPUPAR_OK);
  return sp;
}

static gpupar_span span(long long coef, long long lo, long long hi) {
  gpupar_span s = {coef, lo, hi, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  return s;
}

/* Checks the interval against brute force over the iterations. */
static void brute(const gpupar__space *sp, gpupar_span s, unsigned long long kb,
                  unsigned long long ke) {
  gpupar__hull h;
  assert_int_equal(gpupar__term_interval(sp, &s, kb, ke, &h), GPUPAR_OK);
  long long lo = LLONG_MAX, hi = LLONG_MIN;
  for (unsigned long long k = kb; k < ke; k++) {
    long long v = (long long)gpupar__space_value(sp, k);
    long long a = s.coef * v + s.off_lo, b = s.coef * v + s.off_hi;
    lo = a < lo ? a : lo;
    hi = b > hi ? b : hi;
  }
  if (kb >= ke) {
    assert_true(h.empty);
  } else {
    assert_false(h.empty);
    assert_true(h.lo == lo);
    assert_true(h.hi == hi);
  }
}

static void test_term_interval(void **state) {
  (void)state;
  const long long steps[] = {1, 2, 3, -1, -2, -5};
  const long long coefs[] = {1, 2, -1, -3, 0, 7};
  for (size_t si = 0; si < 6; si++)
    for (size_t ci = 0; ci < 6; ci++) {
      gpupar__space sp =
          steps[si] > 0 ? space(-7, 40, steps[si], GPUPAR_LT) : space(40, -7, steps[si], GPUPAR_GE);
      gpupar_span s = span(coefs[ci], -2, 3);
      for (unsigned long long kb = 0; kb <= sp.trip; kb++)
        for (unsigned long long ke = kb; ke <= sp.trip; ke++)
          brute(&sp, s, kb, ke);
    }
  gpupar__space sp = space(0, 10, 1, GPUPAR_LT);
  gpupar_span e = span(1, 0, 0);
  e.empty = 1;
  gpupar__hull h;
  assert_int_equal(gpupar__term_interval(&sp, &e, 0, 10, &h), GPUPAR_OK);
  assert_true(h.empty);
  /* gpupar_span_add_range: the inner j in [1, 3] of a[5*i + 2*j]. */
  gpupar_span s;
  gpupar_span_init(&s, 5, 0);
  gpupar_span_add_range(&s, 2, 1, 3);
  assert_true(s.off_lo == 2 && s.off_hi == 6);
  gpupar_span_add_range(&s, -1, 0, 4); /* - k for k in [0, 4] */
  assert_true(s.off_lo == -2 && s.off_hi == 6);
  gpupar_span_add_range(&s, 1, 3, 2);
  assert_true(s.empty);
}

/* Guarded terms: brute force over the iterations whose value lies in the guard. */
static void brute_guarded(const gpupar__space *sp, gpupar_span s, unsigned long long kb,
                          unsigned long long ke) {
  gpupar__hull h;
  assert_int_equal(gpupar__term_interval(sp, &s, kb, ke, &h), GPUPAR_OK);
  long long lo = LLONG_MAX, hi = LLONG_MIN;
  int any = 0;
  for (unsigned long long k = kb; k < ke; k++) {
    long long v = (long long)gpupar__space_value(sp, k);
    if (v < s.guard_lo || v > s.guard_hi)
      continue;
    long long a = s.coef * v + s.off_lo, b = s.coef * v + s.off_hi;
    lo = a < lo ? a : lo;
    hi = b > hi ? b : hi;
    any = 1;
  }
  if (!any) {
    assert_true(h.empty);
  } else {
    assert_false(h.empty);
    assert_true(h.lo == lo);
    assert_true(h.hi == hi);
  }
}

static void test_term_interval_guarded(void **state) {
  (void)state;
  const long long steps[] = {1, 2, 3, -1, -2, -5};
  const long long coefs[] = {1, -1, 3, 0};
  const long long guards[][2] = {{-7, 39}, {1, 39}, {-100, 5}, {3, 3}, {4, 30}, {20, 10}, {41, 50}};
  for (size_t si = 0; si < 6; si++)
    for (size_t ci = 0; ci < 4; ci++)
      for (size_t gi = 0; gi < 7; gi++) {
        gpupar__space sp = steps[si] > 0 ? space(-7, 40, steps[si], GPUPAR_LT)
                                         : space(40, -7, steps[si], GPUPAR_GE);
        gpupar_span s = span(coefs[ci], -1, 1);
        gpupar_span_guard_lo(&s, guards[gi][0]);
        gpupar_span_guard_hi(&s, guards[gi][1]);
        assert_true(s.guarded);
        for (unsigned long long kb = 0; kb <= sp.trip; kb++)
          for (unsigned long long ke = kb; ke <= sp.trip; ke++)
            brute_guarded(&sp, s, kb, ke);
      }
  /* `if (i + 1 < n) b[i + 1] = ...` over [0, n): never element n. */
  gpupar__space sp = space(0, 100, 1, GPUPAR_LT);
  gpupar_span s;
  gpupar_span_init(&s, 1, 1);
  gpupar_span_guard_hi(&s, 100 - 2);
  gpupar__hull h;
  assert_int_equal(gpupar__term_interval(&sp, &s, 0, 100, &h), GPUPAR_OK);
  assert_int_equal(h.lo, 1);
  assert_int_equal(h.hi, 99);
  /* Two guards intersect. */
  gpupar_span_guard_hi(&s, 50);
  assert_int_equal(s.guard_hi, 50);
  gpupar_span_guard_lo(&s, 3);
  gpupar_span_guard_lo(&s, 2);
  assert_int_equal(s.guard_lo, 3);
}

/* A guarded write term is never dense: the iterations it skips leave elements unwritten. */
static void test_dense_not_guarded(void **state) {
  (void)state;
  static const gpupar_array_desc arr[] = {{"y", 8, GPUPAR_WRITE}};
  static const gpupar_term_desc terms[] = {{0, GPUPAR_WRITE, 1}};
  static const gpupar_loop loop = {
      GPUPAR_VERSION_CODE, "t", 1, arr, 1, terms, 0, NULL, NULL, 0, NULL, NULL, 0, NULL, 0, 0};
  gpupar__space sp = space(0, 10, 1, GPUPAR_LT);
  gpupar_span s;
  gpupar_span_init(&s, 1, 0);
  assert_true(gpupar__array_dense(&loop, &s, &sp, 0));
  gpupar_span_guard_lo(&s, 1);
  assert_false(gpupar__array_dense(&loop, &s, &sp, 0));
}

static void test_interval_overflow(void **state) {
  (void)state;
  gpupar__space sp = space(0, 1ll << 32, 1, GPUPAR_LT);
  gpupar_span s = span(1ll << 30, 0, 0);
  gpupar__hull h;
  assert_int_equal(gpupar__term_interval(&sp, &s, 0, sp.trip, &h), GPUPAR_OK);
  assert_true(h.hi == ((1ll << 32) - 1) * (1ll << 30));
  s.coef = 1ll << 40; /* 2^72 */
  assert_int_equal(gpupar__term_interval(&sp, &s, 0, sp.trip, &h), GPUPAR_EINVAL);
  s = span(1, LLONG_MAX - 5, LLONG_MAX);
  assert_int_equal(gpupar__term_interval(&sp, &s, 0, 1, &h), GPUPAR_OK);
  assert_int_equal(gpupar__term_interval(&sp, &s, 0, 10, &h), GPUPAR_EINVAL);
  s = span(-1, LLONG_MIN, LLONG_MIN);
  assert_int_equal(gpupar__term_interval(&sp, &s, 0, 1, &h), GPUPAR_OK);
  assert_int_equal(gpupar__term_interval(&sp, &s, 1, 2, &h), GPUPAR_EINVAL);
  s = span(1, 3, 2); /* off_lo > off_hi */
  assert_int_equal(gpupar__term_interval(&sp, &s, 0, 1, &h), GPUPAR_EINVAL);
  /* Unsigned loop variable above 2^63 with coef 1: indices beyond int64. */
  gpupar__space us;
  char why[64];
  assert_int_equal(
      gpupar__space_init(&us, (long long)(1ull << 63), -1, 1, GPUPAR_LT, 1, why, sizeof why),
      GPUPAR_OK);
  s = span(1, 0, 0);
  assert_int_equal(gpupar__term_interval(&us, &s, 0, 1, &h), GPUPAR_EINVAL);
}

/* y[i] = x[i-1] + x[i+1] (read-write y), z[2*i] = ... */
static const gpupar_array_desc arrays3[] = {
    {"x", 8, GPUPAR_READ}, {"y", 8, GPUPAR_READ | GPUPAR_WRITE}, {"z", 4, GPUPAR_WRITE}};
static const gpupar_term_desc terms3[] = {{0, GPUPAR_READ, 1},
                                          {0, GPUPAR_READ, 1},
                                          {1, GPUPAR_READ, 1},
                                          {1, GPUPAR_WRITE, 1},
                                          {2, GPUPAR_WRITE, 1}};
static const gpupar_loop loop3 = {.version = GPUPAR_VERSION_CODE,
                                  .site = "t.c:1",
                                  .narrays = 3,
                                  .arrays = arrays3,
                                  .nterms = 5,
                                  .terms = terms3};

static void test_hulls_dense(void **state) {
  (void)state;
  gpupar__space sp = space(1, 99, 1, GPUPAR_LT); /* i in 1..98 */
  gpupar_span spans[5] = {span(1, -1, -1), span(1, 1, 1), span(1, 0, 0), span(1, 0, 0),
                          span(2, 0, 0)};
  gpupar__hull r, w;
  assert_int_equal(gpupar__array_hulls(&loop3, spans, &sp, 0, 10, 20, &r, &w), GPUPAR_OK);
  assert_true(!r.empty && r.lo == 10 && r.hi == 21 && w.empty); /* i 11..20: x[10..21] */
  assert_int_equal(gpupar__array_hulls(&loop3, spans, &sp, 1, 10, 20, &r, &w), GPUPAR_OK);
  assert_true(r.lo == 11 && r.hi == 20 && w.lo == 11 && w.hi == 20);
  assert_int_equal(gpupar__array_hulls(&loop3, spans, &sp, 2, 0, 3, &r, &w), GPUPAR_OK);
  assert_true(r.empty && w.lo == 2 && w.hi == 6);
  assert_int_equal(gpupar__array_dense(&loop3, spans, &sp, 0), 0); /* not written */
  assert_int_equal(gpupar__array_dense(&loop3, spans, &sp, 1), 1);
  assert_int_equal(gpupar__array_dense(&loop3, spans, &sp, 2), 0); /* stride 2, width 1 */
  /* z[2*i .. 2*i+1] (an inner loop over 2 elements) is dense again. */
  spans[4] = span(2, 0, 1);
  assert_int_equal(gpupar__array_dense(&loop3, spans, &sp, 2), 1);
  /* Negative step: |coef * step| counts. */
  gpupar__space down = space(98, 1, -1, GPUPAR_GE);
  spans[4] = span(-2, 0, 1);
  assert_int_equal(gpupar__array_dense(&loop3, spans, &down, 2), 1);
  spans[4] = span(2, 0, 2);
  assert_int_equal(gpupar__array_dense(&loop3, spans, &sp, 2), 0);
  /* A term with both access bits counts as a read and a write. */
  static const gpupar_term_desc rw_terms[] = {{0, GPUPAR_READ, 1},
                                              {0, GPUPAR_READ, 1},
                                              {1, GPUPAR_READ | GPUPAR_WRITE, 1},
                                              {1, GPUPAR_WRITE, 1},
                                              {2, GPUPAR_WRITE, 1}};
  gpupar_loop rw = loop3;
  rw.terms = rw_terms;
  assert_int_equal(gpupar__array_hulls(&rw, spans, &sp, 1, 10, 20, &r, &w), GPUPAR_OK);
  assert_true(!r.empty && r.lo == 11 && r.hi == 20 && !w.empty && w.lo == 11 && w.hi == 20);
  /* Hulls union. */
  gpupar__hull a = {5, 9, 0}, b = {1, 2, 0}, e = {0, -1, 1};
  gpupar__hull_add(&a, &b);
  assert_true(a.lo == 1 && a.hi == 9);
  gpupar__hull_add(&a, &e);
  assert_true(a.lo == 1 && a.hi == 9);
  gpupar__hull_add(&e, &b);
  assert_true(!e.empty && e.lo == 1 && e.hi == 2);
  gpupar__hull c = {9, 12, 0}, d = {10, 12, 0};
  assert_true(gpupar__hull_overlap(&a, &c));
  assert_false(gpupar__hull_overlap(&b, &d));
}

static const gpupar_term_desc inexact_terms[] = {{0, GPUPAR_READ, 1},
                                                 {0, GPUPAR_READ, 1},
                                                 {1, GPUPAR_READ, 1},
                                                 {1, GPUPAR_WRITE, 0},
                                                 {2, GPUPAR_WRITE, 1}};
static const gpupar_term_desc two_write_terms[] = {{0, GPUPAR_READ, 1},
                                                   {0, GPUPAR_READ, 1},
                                                   {1, GPUPAR_WRITE, 1},
                                                   {1, GPUPAR_WRITE, 1},
                                                   {2, GPUPAR_WRITE, 1}};

static void test_dense_needs_exact_same_terms(void **state) {
  (void)state;
  gpupar__space sp = space(0, 50, 1, GPUPAR_LT);
  gpupar_span spans[5] = {span(1, 0, 0), span(1, 0, 0), span(1, 0, 0), span(1, 0, 0),
                          span(1, 0, 0)};
  gpupar_loop l = loop3;
  l.terms = inexact_terms;
  assert_int_equal(gpupar__array_dense(&l, spans, &sp, 1), 0);
  l.terms = two_write_terms; /* y[i] and y[i+5]: the hull of a chunk has holes */
  spans[3] = span(1, 5, 5);
  assert_int_equal(gpupar__array_dense(&l, spans, &sp, 1), 0);
  spans[3] = span(1, 0, 0); /* the same term twice */
  assert_int_equal(gpupar__array_dense(&l, spans, &sp, 1), 1);
}

/* Jacobi's out[i*100 + j], j in [1, 98], of 8-byte elements: rows of 98 with gaps of 2. */
static void test_written_rows(void **state) {
  (void)state;
  gpupar__space sp = space(1, 99, 1, GPUPAR_LT);
  gpupar_span spans[5] = {span(100, 0, 99), span(100, 0, 99), span(1, 0, 0), span(100, 1, 98),
                          span(1, 0, 0)};
  long long width = -1, pitch = -1;
  gpupar_loop l = loop3;
  l.terms = two_write_terms; /* y written by terms 2 and 3 */
  spans[2] = span(100, 1, 98);
  assert_int_equal(gpupar__array_written_rows(&l, spans, &sp, 1, &width, &pitch), 1);
  assert_int_equal(width, 98);
  assert_int_equal(pitch, 100);
  assert_int_equal(gpupar__array_dense(&l, spans, &sp, 1), 0);
  /* Negative step: |coef * step| apart. */
  gpupar__space down = space(98, 1, -1, GPUPAR_GE);
  spans[2] = spans[3] = span(-100, 1, 98);
  assert_int_equal(gpupar__array_written_rows(&l, spans, &down, 1, &width, &pitch), 1);
  assert_int_equal(pitch, 100);
  /* No gaps: dense, not rows. Rows under 512 bytes (60 elements of 8 bytes): the hull instead. */
  spans[2] = spans[3] = span(98, 0, 97);
  assert_int_equal(gpupar__array_written_rows(&l, spans, &sp, 1, &width, &pitch), 0);
  spans[2] = spans[3] = span(100, 0, 59);
  assert_int_equal(gpupar__array_written_rows(&l, spans, &sp, 1, &width, &pitch), 0);
  /* Two different terms, a term that may skip elements, a guarded term, rows of a pointer to
   * pointers: the elements between the rows are not known to be unwritten or the rows not to be
   * whole. */
  spans[2] = span(100, 1, 98);
  spans[3] = span(100, 2, 98);
  assert_int_equal(gpupar__array_written_rows(&l, spans, &sp, 1, &width, &pitch), 0);
  spans[3] = span(100, 1, 98);
  l.terms = inexact_terms;
  assert_int_equal(gpupar__array_written_rows(&l, spans, &sp, 1, &width, &pitch), 0);
  l.terms = two_write_terms;
  spans[3].guarded = 1;
  spans[3].guard_lo = 2;
  spans[3].guard_hi = 50;
  assert_int_equal(gpupar__array_written_rows(&l, spans, &sp, 1, &width, &pitch), 0);
  spans[3] = span(100, 1, 98);
  spans[2].rows = spans[3].rows = 1;
  assert_int_equal(gpupar__array_written_rows(&l, spans, &sp, 1, &width, &pitch), 0);
}

static void test_check_writes(void **state) {
  (void)state;
  char why[256];
  gpupar__space sp = space(0, 100, 1, GPUPAR_LT);
  gpupar_span spans[5] = {span(1, 0, 0), span(1, 0, 0), span(1, 0, 0), span(1, 0, 0),
                          span(2, 0, 1)};
  assert_int_equal(gpupar__check_writes(&loop3, spans, &sp, why, sizeof why), GPUPAR_OK);
  spans[4] = span(2, 0, 2); /* z[2i..2i+2] overlaps z[2(i+1)] */
  assert_int_equal(gpupar__check_writes(&loop3, spans, &sp, why, sizeof why), GPUPAR_EINVAL);
  assert_non_null(strstr(why, "'z'"));
  spans[4] = span(0, 0, 0); /* z[0] in every iteration */
  assert_int_equal(gpupar__check_writes(&loop3, spans, &sp, why, sizeof why), GPUPAR_EINVAL);
  /* ... fine when there is only one iteration. */
  gpupar__space one = space(0, 1, 1, GPUPAR_LT);
  assert_int_equal(gpupar__check_writes(&loop3, spans, &one, why, sizeof why), GPUPAR_OK);
  /* Reads may overlap freely; an empty write term is ignored. */
  spans[4] = span(0, 0, 0);
  spans[4].empty = 1;
  spans[0] = span(0, 0, 1000);
  assert_int_equal(gpupar__check_writes(&loop3, spans, &sp, why, sizeof why), GPUPAR_OK);
  /* Step 3 with width 3 (a[3i..3i+2]) is fine; width 4 is not. Negative coef too. */
  gpupar__space s3 = space(0, 99, 3, GPUPAR_LT);
  spans[4] = span(-1, 0, 2);
  assert_int_equal(gpupar__check_writes(&loop3, spans, &s3, why, sizeof why), GPUPAR_OK);
  spans[4] = span(-1, -3, 0);
  assert_int_equal(gpupar__check_writes(&loop3, spans, &s3, why, sizeof why), GPUPAR_EINVAL);
  /* coef * step beyond 64 bits (2^80) is computed exactly. */
  gpupar__space big = space(0, 1ll << 42, 1ll << 40, GPUPAR_LT);
  spans[4] = span(1ll << 40, 0, 0);
  assert_int_equal(gpupar__check_writes(&loop3, spans, &big, why, sizeof why), GPUPAR_OK);
  /* A column written over 30 rows of 100 (c[k][j], k < 30: coef 1, offsets 0..2900) spans more
   * than the distance between iterations: checked, it fails; proven disjoint by the compiler
   * (GPUPAR_DISJOINT), the check skips it. */
  spans[4] = span(1, 0, 2900);
  assert_int_equal(gpupar__check_writes(&loop3, spans, &sp, why, sizeof why), GPUPAR_EINVAL);
  gpupar_term_desc proven[5];
  memcpy(proven, terms3, sizeof proven);
  proven[4].access |= GPUPAR_DISJOINT;
  gpupar_loop disjoint = loop3;
  disjoint.terms = proven;
  assert_int_equal(gpupar__check_writes(&disjoint, spans, &sp, why, sizeof why), GPUPAR_OK);
}

static void test_alias(void **state) {
  (void)state;
  char why[256];
  double x[200], y[200];
  float z[400];
  gpupar__space sp = space(1, 99, 1, GPUPAR_LT);
  gpupar_span spans[5] = {span(1, -1, -1), span(1, 1, 1), span(1, 0, 0), span(1, 0, 0),
                          span(2, 0, 0)};
  void *bases[3] = {x, y, z};
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why), GPUPAR_OK);
  /* y = x + 1: x[0..99] and y[1..98] share bytes. */
  bases[1] = x + 1;
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_string_equal(why, "arrays 'x' and 'y' overlap");
  /* Adjacent but disjoint: x[0..99] ends where y[1] starts. */
  bases[1] = x + 99;
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why), GPUPAR_OK);
  bases[1] = x + 98;
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why),
                   GPUPAR_EINVAL);
  /* The same array passed twice, once written. */
  bases[1] = y;
  bases[2] = y;
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_string_equal(why, "arrays 'y' and 'z' overlap");
  /* z's touched floats 2..196 start right after the bytes of y[1..98] (which end at 99*8). */
  bases[2] = (char *)y + 99 * 8 - 2 * sizeof(float);
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why), GPUPAR_OK);
  /* Beyond the end of the address space. */
  bases[2] = z;
  bases[0] = (void *)(UINTPTR_MAX - 100);
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_non_null(strstr(why, "'x'"));
  bases[0] = NULL;
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_string_equal(why, "'x' is a null pointer");
  /* A null array the loop never touches (its terms' guards exclude every iteration) is fine. */
  bases[0] = x;
  bases[2] = NULL;
  spans[4].guarded = 1;
  spans[4].guard_lo = 1000;
  spans[4].guard_hi = 2000;
  assert_int_equal(gpupar__check_alias(&loop3, spans, &sp, bases, 0, why, sizeof why), GPUPAR_OK);
}

/* Interleaved arrays of one allocation pass when their elements are apart. */
static void test_alias_interleaved(void **state) {
  (void)state;
  char why[256];
  double y[4096];
  /* Burkardt's fft step: c = &y[0] and d = &y[2*mj] write c[(j*2*mj + k)*2 + 0..1] and
   * d[(j*2*mj + k)*2 + 0..1], k < mj, over j < lj. */
  static const gpupar_array_desc arrays[] = {{"c", 8, GPUPAR_WRITE}, {"d", 8, GPUPAR_WRITE}};
  static const gpupar_term_desc terms[] = {{0, GPUPAR_WRITE, 1}, {1, GPUPAR_WRITE, 1}};
  gpupar_loop loop = {.version = GPUPAR_VERSION_CODE,
                      .site = "t.c:1",
                      .narrays = 2,
                      .arrays = arrays,
                      .nterms = 2,
                      .terms = terms};
  const long long mj = 8, lj = 16;
  gpupar__space sp = space(0, lj, 1, GPUPAR_LT);
  gpupar_span spans[2] = {span(4 * mj, 0, 2 * mj - 1), span(4 * mj, 0, 2 * mj - 1)};
  void *bases[2] = {y, y + 2 * mj};
  assert_int_equal(gpupar__check_alias(&loop, spans, &sp, bases, 0, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_int_equal(gpupar__check_alias(&loop, spans, &sp, bases, 1, why, sizeof why), GPUPAR_OK);
  int shares[3];
  assert_int_equal(gpupar__interleaved(&loop, spans, &sp, bases, shares), GPUPAR_OK);
  assert_true(shares[0] && shares[1]);
  /* One element further, d's first block meets c's second. */
  bases[1] = y + 2 * mj + 1;
  assert_int_equal(gpupar__check_alias(&loop, spans, &sp, bases, 1, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_string_equal(why, "arrays 'c' and 'd' overlap");
  /* Apart altogether: nothing shared. */
  bases[1] = y + 4 * mj * lj;
  assert_int_equal(gpupar__check_alias(&loop, spans, &sp, bases, 1, why, sizeof why), GPUPAR_OK);
  assert_int_equal(gpupar__interleaved(&loop, spans, &sp, bases, shares), GPUPAR_OK);
  assert_true(!shares[0] && !shares[1]);
  /* sgefa's msaxpy on column-major a (n = 64) at step k = 3: y[i + j*n] (i < nr) written, a[j*n]
   * and x[i] read, with a = &A[k + (k+1)*n], y = a + 1, x = &A[k+1 + k*n]. */
  static const gpupar_array_desc arrays2[] = {
      {"a", 8, GPUPAR_READ}, {"x", 8, GPUPAR_READ}, {"y", 8, GPUPAR_READ | GPUPAR_WRITE}};
  static const gpupar_term_desc terms2[] = {
      {0, GPUPAR_READ, 1}, {1, GPUPAR_READ, 1}, {2, GPUPAR_READ, 1}, {2, GPUPAR_WRITE, 1}};
  gpupar_loop loop2 = {.version = GPUPAR_VERSION_CODE,
                       .site = "t.c:2",
                       .narrays = 3,
                       .arrays = arrays2,
                       .nterms = 4,
                       .terms = terms2};
  const long long n = 64, k = 3, nr = n - k - 1;
  gpupar__space sp2 = space(0, nr, 1, GPUPAR_LT);
  gpupar_span spans2[4] = {span(n, 0, 0), span(0, 0, nr - 1), span(n, 0, nr - 1),
                           span(n, 0, nr - 1)};
  void *bases2[3] = {y + k + (k + 1) * n, y + k + 1 + k * n, y + k + 1 + (k + 1) * n};
  assert_int_equal(gpupar__check_alias(&loop2, spans2, &sp2, bases2, 1, why, sizeof why),
                   GPUPAR_OK);
  /* a's elements lie between y's columns; x lies in the column before them. */
  assert_int_equal(gpupar__interleaved(&loop2, spans2, &sp2, bases2, shares), GPUPAR_OK);
  assert_true(shares[0] && !shares[1] && shares[2]);
  /* Read one column later, x is the first column y writes. */
  bases2[1] = y + k + 1 + (k + 1) * n;
  assert_int_equal(gpupar__check_alias(&loop2, spans2, &sp2, bases2, 1, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_string_equal(why, "arrays 'x' and 'y' overlap");
}

/* Element sizes and strides of the random alias cases. */
static unsigned long long alias_seed = 88172645463325252ull;
static long long alias_rand(long long n) {
  alias_seed ^= alias_seed << 13;
  alias_seed ^= alias_seed >> 7;
  alias_seed ^= alias_seed << 17;
  return (long long)(alias_seed % (unsigned long long)n);
}

/* Whether two terms' bytes meet in some pair of iterations, by enumeration. */
static int brute_meet(const gpupar__space *sp, const gpupar_span *s, uintptr_t base, long long es,
                      const gpupar_span *t, uintptr_t tbase, long long tes) {
  for (unsigned long long k = 0; k < sp->trip; k++)
    for (unsigned long long q = 0; q < sp->trip; q++) {
      long long v = (long long)gpupar__space_value(sp, k),
                w = (long long)gpupar__space_value(sp, q);
      long long a0 = (long long)base + es * (s->coef * v + s->off_lo);
      long long a1 = (long long)base + es * (s->coef * v + s->off_hi + 1);
      long long b0 = (long long)tbase + tes * (t->coef * w + t->off_lo);
      long long b1 = (long long)tbase + tes * (t->coef * w + t->off_hi + 1);
      if (a0 < b1 && b0 < a1)
        return 1;
    }
  return 0;
}

/* Random pairs of arrays in one allocation: the check never passes arrays whose terms meet, and
 * passes every pair whose terms are apart when their strides in bytes are equal or one is 0. */
static void test_alias_interleaved_random(void **state) {
  (void)state;
  char why[256];
  static const gpupar_array_desc arrays[] = {{"p", 4, GPUPAR_WRITE}, {"q", 8, GPUPAR_READ}};
  static const gpupar_term_desc terms[] = {
      {0, GPUPAR_WRITE, 1}, {0, GPUPAR_READ, 1}, {1, GPUPAR_READ, 1}, {1, GPUPAR_READ, 1}};
  gpupar_loop loop = {.version = GPUPAR_VERSION_CODE,
                      .site = "t.c:3",
                      .narrays = 2,
                      .arrays = arrays,
                      .nterms = 4,
                      .terms = terms};
  const uintptr_t origin = 0x100000;
  int passed = 0, exact = 0;
  for (int round = 0; round < 20000; round++) {
    long long step = 1 + alias_rand(3), lo = alias_rand(5) - 2, trip = 1 + alias_rand(9);
    gpupar__space sp = space(lo, lo + trip * step, step, GPUPAR_LT);
    /* p (4-byte) and q (8-byte): coefficients of the same stride in bytes, or 0. */
    long long cq = alias_rand(7) - 3, cp = alias_rand(4) == 0 ? alias_rand(9) - 4 : 2 * cq;
    gpupar_span spans[4];
    for (int t = 0; t < 4; t++) {
      long long c = t < 2 ? cp : cq, a = alias_rand(6) - 3, b = a + alias_rand(4);
      spans[t] = span(alias_rand(5) == 0 ? 0 : c, a, b);
    }
    void *bases[2] = {(void *)(origin + 64 * 4), (void *)(origin + 64 * 4 + alias_rand(161) - 80)};
    int meet = 0, handled = 1;
    for (int ta = 0; ta < 4; ta++)
      for (int tb = 0; tb < 4; tb++) {
        if (terms[ta].array != 0 || terms[tb].array != 1 ||
            !((terms[ta].access | terms[tb].access) & GPUPAR_WRITE))
          continue;
        meet |=
            brute_meet(&sp, &spans[ta], (uintptr_t)bases[0], 4, &spans[tb], (uintptr_t)bases[1], 8);
        long long sa = 4 * spans[ta].coef, sb = 8 * spans[tb].coef;
        handled &= sa == sb || sa == 0 || sb == 0;
      }
    int rc = gpupar__check_alias(&loop, spans, &sp, bases, 1, why, sizeof why);
    if (meet)
      assert_int_equal(rc, GPUPAR_EINVAL);
    if (!meet && handled)
      assert_int_equal(rc, GPUPAR_OK);
    passed += rc == GPUPAR_OK;
    exact += !meet && handled;
  }
  assert_true(passed > 2000 && exact > 2000); /* both outcomes were exercised */
}

/* loop3 over i in 1..98 (x[0..99] read, y[2..97], z[2..196] written) with two reductions. */
typedef struct {
  double x[200], y[200];
  float z[400];
  gpupar_span spans[5];
  void *bases[3];
  gpupar_loop loop;
  gpupar__space sp;
} alias_case;

static void alias_case_init(alias_case *c, const gpupar_reduction_desc *reductions) {
  const gpupar_span spans[5] = {span(1, -1, -1), span(1, 1, 1), span(1, 0, 0), span(1, 0, 0),
                                span(2, 0, 0)};
  memcpy(c->spans, spans, sizeof spans);
  c->bases[0] = c->x, c->bases[1] = c->y, c->bases[2] = c->z;
  c->loop = loop3;
  c->loop.nreductions = 2;
  c->loop.reductions = reductions;
  c->sp = space(1, 99, 1, GPUPAR_LT);
}

/* Runs the check; `why` holds the reason when it fails. */
static int alias_check(alias_case *c, const gpupar_call *call, char *why, size_t len) {
  gpupar_call with = *call;
  with.arrays = c->bases;
  with.spans = c->spans;
  return gpupar__check_scalar_alias(&c->loop, &with, &c->sp, why, len);
}

/* Keeping a double `t` (the last iteration's value) and summing an int `s`. */
static const gpupar_reduction_desc scalars3[] = {{"t", GPUPAR_TYPE_FLOAT, 8, GPUPAR_RED_LAST, 0},
                                                 {"s", GPUPAR_TYPE_SIGNED, 4, GPUPAR_RED_ADD, 0}};

static void test_scalar_alias(void **state) {
  (void)state;
  char why[256];
  alias_case c;
  alias_case_init(&c, scalars3);
  double t = 0;
  int s = 0;
  void *vars[2] = {&t, &s};
  gpupar_call call = {.reductions = vars};
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
  /* The program passed the variable's address as an array the loop reads: x[0..99] holds t. */
  vars[0] = &c.x[99];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "'t' lies in the elements of 'x' the loop touches");
  /* Just past the touched elements: x[100] is not read. */
  vars[0] = &c.x[100];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
  /* The int inside a written float array; then inside a float the loop skips (z[2*i], odd). */
  vars[1] = &c.z[10];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "'s' lies in the elements of 'z' the loop touches");
  vars[1] = &c.z[197];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
  /* No trip, or no variables: nothing to check. */
  vars[1] = &c.z[10];
  c.sp = space(0, 0, 1, GPUPAR_LT);
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
  c.sp = space(1, 99, 1, GPUPAR_LT);
  call.reductions = NULL;
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
}

/* Reducing two int sections, `h[0:len]` and `g[0:len]` (a histogram whose pointer another array
 * of the loop, or the other section, may alias). */
static const gpupar_reduction_desc sections3[] = {{"h", GPUPAR_TYPE_SIGNED, 4, GPUPAR_RED_ADD, 1},
                                                  {"g", GPUPAR_TYPE_SIGNED, 4, GPUPAR_RED_ADD, 1}};

static void test_section_alias(void **state) {
  (void)state;
  char why[256];
  alias_case c;
  alias_case_init(&c, sections3);
  int h[64], g[64];
  void *vars[2] = {h, g};
  long long counts[2] = {64, 64};
  gpupar_call call = {.reductions = vars, .reduction_counts = counts};
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
  /* 64 ints from z[135]: inside the floats the loop touches (z[2..196]). */
  vars[0] = &c.z[135];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "'h' lies in the elements of 'z' the loop touches");
  /* From z[197], past them: no byte shared. */
  vars[0] = &c.z[197];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
  /* The two sections overlapping by one element, then meeting end to start. */
  vars[0] = h;
  vars[1] = &h[63];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_EINVAL);
  assert_string_equal(why, "'h' and 'g' share memory");
  counts[0] = 63;
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
  /* Without counts every reduction is one element. */
  call.reduction_counts = NULL;
  vars[1] = &h[1];
  assert_int_equal(alias_check(&c, &call, why, sizeof why), GPUPAR_OK);
}

static const gpupar_array_desc arrays_ro[] = {
    {"a", 4, GPUPAR_READ}, {"b", 4, GPUPAR_READ}, {"c", 4, GPUPAR_WRITE}};
static const gpupar_term_desc terms_ro[] = {
    {0, GPUPAR_READ, 1}, {1, GPUPAR_READ, 1}, {2, GPUPAR_WRITE, 1}};
static const gpupar_loop loop_ro = {.version = GPUPAR_VERSION_CODE,
                                    .site = "t.c:2",
                                    .narrays = 3,
                                    .arrays = arrays_ro,
                                    .nterms = 3,
                                    .terms = terms_ro};

static void test_alias_read_only(void **state) {
  (void)state;
  char why[256];
  float a[100], c[100];
  gpupar__space sp = space(0, 50, 1, GPUPAR_LT);
  gpupar_span spans[3] = {span(1, 0, 0), span(1, 0, 0), span(1, 0, 0)};
  void *bases[3] = {a, a + 1, c};
  assert_int_equal(gpupar__check_alias(&loop_ro, spans, &sp, bases, 0, why, sizeof why), GPUPAR_OK);
  bases[2] = a + 50; /* c[0..49] = a[50..99], b reads a[1..50]: overlap at a[50] */
  assert_int_equal(gpupar__check_alias(&loop_ro, spans, &sp, bases, 0, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_string_equal(why, "arrays 'b' and 'c' overlap");
  bases[2] = a + 51;
  assert_int_equal(gpupar__check_alias(&loop_ro, spans, &sp, bases, 0, why, sizeof why), GPUPAR_OK);
}

/* A term that may not touch all of its hull is kept inside the heap block its array lies in:
 * a 5x5 filter's `src[y*w + x]` under `if (x >= 0 && x < w && ...)` on locals has a hull two
 * rows before src[0] (NeoRodinia's stencil read there and crashed). Exact terms, blocks that
 * are not noted and host files older than 0.4.1 are left alone. */
static void test_clamp_to_blocks(void **state) {
  (void)state;
  gpupar__heap_reset();
  const uintptr_t block = 0x7f0000100000ull; /* only the number is noted: nothing is read */
  gpupar__heap_note((const void *)block, 4096);
  static const gpupar_array_desc arrays[] = {{"src", 4, GPUPAR_READ}, {"dst", 4, GPUPAR_WRITE}};
  static const gpupar_term_desc terms[] = {
      {0, GPUPAR_READ, 0}, {0, GPUPAR_READ, 1}, {1, GPUPAR_WRITE, 0}};
  gpupar_loop loop = {.version = GPUPAR_VERSION_CODE,
                      .site = "t.c:1",
                      .narrays = 2,
                      .arrays = arrays,
                      .nterms = 3,
                      .terms = terms};
  gpupar_span spans[3];
  for (int t = 0; t < 3; t++)
    gpupar_span_init(&spans[t], 20, -25);
  for (int t = 0; t < 3; t++)
    gpupar_span_add_range(&spans[t], 1, 0, 30);
  /* src two elements into the block; dst in no noted block. */
  void *const bases[] = {(void *)(block + 8), (void *)(block + 1000000)};
  gpupar_call call = {.version = GPUPAR_VERSION_CODE,
                      .lo = 0,
                      .hi = 60,
                      .step = 1,
                      .cond = GPUPAR_LT,
                      .arrays = bases,
                      .spans = spans};
  gpupar__clamp_to_blocks(&loop, &call);
  assert_true(spans[0].clamped);
  assert_int_equal(spans[0].clamp_lo, -2);
  assert_int_equal(spans[0].clamp_hi, (4096 - 8) / 4 - 1);
  assert_false(spans[1].clamped); /* exact */
  assert_false(spans[2].clamped); /* no block */
  gpupar__space sp = space(0, 60, 1, GPUPAR_LT);
  gpupar__hull h;
  assert_int_equal(gpupar__term_interval(&sp, &spans[0], 0, sp.trip, &h), GPUPAR_OK);
  assert_false(h.empty);
  assert_int_equal(h.lo, -2);   /* not -25 */
  assert_int_equal(h.hi, 1021); /* not 20 * 59 + 5 */
  assert_int_equal(gpupar__term_interval(&sp, &spans[0], 10, 20, &h), GPUPAR_OK);
  assert_int_equal(h.lo, 175); /* inside the block: unchanged */
  assert_int_equal(h.hi, 385);
  /* Iterations whose elements all lie past the block touch nothing of it. */
  gpupar__space far = space(60, 100, 1, GPUPAR_LT);
  assert_int_equal(gpupar__term_interval(&far, &spans[0], 0, far.trip, &h), GPUPAR_OK);
  assert_true(h.empty);
  assert_int_equal(gpupar__term_interval(&sp, &spans[1], 0, sp.trip, &h), GPUPAR_OK);
  assert_int_equal(h.lo, -25);
  /* A host file of 0.4.0 has no clamp fields: nothing is written. */
  gpupar_span_init(&spans[0], 20, -25);
  call.version = 400;
  gpupar__clamp_to_blocks(&loop, &call);
  assert_false(spans[0].clamped);
  gpupar__heap_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_term_interval),
                                     cmocka_unit_test(test_interval_overflow),
                                     cmocka_unit_test(test_term_interval_guarded),
                                     cmocka_unit_test(test_dense_not_guarded),
                                     cmocka_unit_test(test_hulls_dense),
                                     cmocka_unit_test(test_dense_needs_exact_same_terms),
                                     cmocka_unit_test(test_written_rows),
                                     cmocka_unit_test(test_check_writes),
                                     cmocka_unit_test(test_alias),
                                     cmocka_unit_test(test_alias_interleaved),
                                     cmocka_unit_test(test_alias_interleaved_random),
                                     cmocka_unit_test(test_alias_read_only),
                                     cmocka_unit_test(test_scalar_alias),
                                     cmocka_unit_test(test_section_alias),
                                     cmocka_unit_test(test_clamp_to_blocks)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
