/* Trip counts and final values for every condition, step sign and signedness. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpupar/gpupar.h"
#include "schedule/space.h"

static gpupar__space space(long long lo, long long hi, long long step, int cond, int is_unsigned) {
  gpupar__space sp;
  char why[256];
  int rc = gpupar__space_init(&sp, lo, hi, step, cond, is_unsigned, why, sizeof why);
  if (rc != GPUPAR_OK)
    fail_msg("unexpected refusal for lo=%lld hi=%lld step=%lld cond=%d: %s", lo, hi, step, cond,
             why);
  return sp;
}

static void refused(long long lo, long long hi, long long step, int cond, int is_unsigned) {
  gpupar__space sp;
  char why[256] = "";
  assert_int_equal(gpupar__space_init(&sp, lo, hi, step, cond, is_unsigned, why, sizeof why),
                   GPUPAR_EINVAL);
  assert_true(why[0] != '\0');
}

/* Runs the loop serially (signed, small ranges) and compares trip and final value. */
static void against_serial(long long lo, long long hi, long long step, int cond) {
  long long i = lo, n = 0;
  for (;;) {
    int go = cond == GPUPAR_LT   ? i < hi
             : cond == GPUPAR_LE ? i <= hi
             : cond == GPUPAR_GT ? i > hi
             : cond == GPUPAR_GE ? i >= hi
                                 : i != hi;
    if (!go)
      break;
    i += step;
    n++;
  }
  gpupar__space sp = space(lo, hi, step, cond, 0);
  assert_true(sp.trip == (unsigned long long)n);
  assert_true(sp.last == i);
  for (unsigned long long k = 0; k < sp.trip; k++)
    assert_true(gpupar__space_value(&sp, k) == (gpupar__i128)(lo + (long long)k * step));
}

static void test_signed_against_serial(void **state) {
  (void)state;
  for (long long lo = -12; lo <= 12; lo++)
    for (long long hi = -12; hi <= 12; hi++)
      for (long long step = 1; step <= 5; step++) {
        against_serial(lo, hi, step, GPUPAR_LT);
        against_serial(lo, hi, step, GPUPAR_LE);
        against_serial(lo, hi, -step, GPUPAR_GT);
        against_serial(lo, hi, -step, GPUPAR_GE);
        if ((hi - lo) % step == 0) {
          if (hi >= lo)
            against_serial(lo, hi, step, GPUPAR_NE);
          if (hi <= lo)
            against_serial(lo, hi, -step, GPUPAR_NE);
        }
      }
}

static void test_examples(void **state) {
  (void)state;
  gpupar__space sp = space(0, 10, 1, GPUPAR_LT, 0);
  assert_true(sp.trip == 10 && sp.last == 10);
  sp = space(0, 10, 3, GPUPAR_LT, 0); /* 0 3 6 9 */
  assert_true(sp.trip == 4 && sp.last == 12);
  sp = space(0, 9, 3, GPUPAR_LE, 0); /* 0 3 6 9 */
  assert_true(sp.trip == 4 && sp.last == 12);
  sp = space(9, 0, -1, GPUPAR_GE, 0); /* 9..0 */
  assert_true(sp.trip == 10 && sp.last == -1);
  sp = space(10, 0, -4, GPUPAR_GT, 0); /* 10 6 2 */
  assert_true(sp.trip == 3 && sp.last == -2);
  sp = space(20, 2, -3, GPUPAR_NE, 0); /* 20 17 ... 5 */
  assert_true(sp.trip == 6 && sp.last == 2);
  sp = space(5, 5, 1, GPUPAR_LT, 0);
  assert_true(sp.trip == 0 && sp.last == 5);
  sp = space(5, 5, -1, GPUPAR_NE, 0);
  assert_true(sp.trip == 0 && sp.last == 5);
}

static void test_wrong_sign_and_ne(void **state) {
  (void)state;
  refused(0, 10, -1, GPUPAR_LT, 0); /* runs forever (or until overflow) */
  refused(0, 10, -1, GPUPAR_LE, 0);
  refused(10, 0, 1, GPUPAR_GT, 0);
  refused(10, 0, 2, GPUPAR_GE, 0);
  refused(0, 10, 3, GPUPAR_NE, 0);  /* 10 is not reached */
  refused(0, 10, -2, GPUPAR_NE, 0); /* moves away */
  refused(10, 0, 2, GPUPAR_NE, 0);
  refused(0, 10, 0, GPUPAR_LT, 0);
  refused(0, 10, 0, GPUPAR_NE, 0);
  refused(0, 10, 1, 99, 0);
  /* A wrong-sign step is harmless when the loop does not run at all. */
  assert_true(space(10, 0, -1, GPUPAR_LT, 0).trip == 0);
  assert_true(space(0, 10, 1, GPUPAR_GT, 0).trip == 0);
  assert_true(space(3, 3, 0, GPUPAR_LT, 0).trip == 0);
}

static void test_large_signed(void **state) {
  (void)state;
  gpupar__space sp = space(0, 1ll << 31, 1, GPUPAR_LT, 0);
  assert_true(sp.trip == 1ull << 31);
  sp = space(-(1ll << 32), 1ll << 32, 1, GPUPAR_LT, 0);
  assert_true(sp.trip == 1ull << 33 && sp.last == 1ll << 32);
  sp = space(0, LLONG_MAX, 1, GPUPAR_LT, 0);
  assert_true(sp.trip == (unsigned long long)LLONG_MAX && sp.last == LLONG_MAX);
  sp = space(LLONG_MIN, LLONG_MAX, 1, GPUPAR_LT, 0);
  assert_true(sp.trip == ~0ull);
  sp = space(LLONG_MAX, LLONG_MIN, -1, GPUPAR_GT, 0);
  assert_true(sp.trip == ~0ull && sp.last == LLONG_MIN);
  sp = space(LLONG_MIN, 0, 1ll << 62, GPUPAR_LT, 0);
  assert_true(sp.trip == 2 && sp.last == 0);
  assert_true(gpupar__space_value(&sp, 1) == -(gpupar__i128)(1ll << 62));
  /* The final value would not fit 64 bits. */
  refused(0, LLONG_MAX, 1, GPUPAR_LE, 0);
  refused(0, LLONG_MAX, 2, GPUPAR_LT, 0);
  refused(LLONG_MIN, LLONG_MIN, -1, GPUPAR_GE, 0);
}

static void test_unsigned(void **state) {
  (void)state;
  /* hi above 2^63: negative as a long long, large as unsigned. */
  long long big = (long long)(1ull << 63);
  gpupar__space sp = space(0, big, 1, GPUPAR_LT, 1);
  assert_true(sp.trip == 1ull << 63);
  assert_true((unsigned long long)sp.last == 1ull << 63);
  assert_true(space(0, big, 1, GPUPAR_LT, 0).trip == 0); /* signed: hi is negative */
  sp = space(0, -1 /* ULLONG_MAX */, 1, GPUPAR_LT, 1);
  assert_true(sp.trip == ~0ull);
  sp = space(-1, 0, -1, GPUPAR_GT, 1); /* ULLONG_MAX down to 1 */
  assert_true(sp.trip == ~0ull && sp.last == 0);
  sp = space(10, 0, -1, GPUPAR_GT, 1); /* for (unsigned i = 10; i > 0; i--) */
  assert_true(sp.trip == 10 && sp.last == 0);
  sp = space(0, 100, 1, GPUPAR_NE, 1);
  assert_true(sp.trip == 100 && sp.last == 100);
  sp = space(0, 4294967295ll, 1, GPUPAR_LT, 1); /* for (unsigned i = 0; i < UINT_MAX; i++) */
  assert_true(sp.trip == 4294967295ull);
  sp = space(0, 5000000000ll, 7, GPUPAR_LT, 1);
  assert_true(sp.trip == 714285715ull && sp.last == 5000000005ll);
  /* for (unsigned i = 10; i >= 0; i--) never ends. */
  refused(10, 0, -1, GPUPAR_GE, 1);
  /* Wraps around in 64 bits. */
  refused(0, -1, 1, GPUPAR_LE, 1);
  refused(-3, -1, 3, GPUPAR_LT, 1);
  /* May wrap around in a 32-bit (or 8-bit) unsigned type: stays on the host. */
  refused(0, 4294967295ll, 2, GPUPAR_LT, 1);
  refused(0, 4294967295ll, 1, GPUPAR_LE, 1);
  refused(0, 255, 1, GPUPAR_LE, 1);
  /* != that wraps (defined for unsigned, but the width is unknown): host. */
  refused(10, 5, 1, GPUPAR_NE, 1);
  /* Signed: the same values are fine. */
  assert_true(space(0, 4294967295ll, 1, GPUPAR_LE, 0).trip == 4294967296ull);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_signed_against_serial), cmocka_unit_test(test_examples),
      cmocka_unit_test(test_wrong_sign_and_ne), cmocka_unit_test(test_large_signed),
      cmocka_unit_test(test_unsigned)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
