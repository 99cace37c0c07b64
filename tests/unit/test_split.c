/* Weighted largest-remainder split of [0, trip). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpupar/gpupar.h"
#include "schedule/plan.h"
#include "schedule/split.h"

/* Checks that `r[0..n)` tile [0, trip) in order and returns nothing. */
static void check_cover(const gpupar__range *r, int n, unsigned long long trip) {
  unsigned long long at = 0;
  for (int i = 0; i < n; i++) {
    assert_true(r[i].begin == at);
    assert_true(r[i].end >= r[i].begin);
    at = r[i].end;
  }
  assert_true(at == trip);
}

static void test_equal(void **state) {
  (void)state;
  gpupar__range r[64];
  assert_int_equal(gpupar__split(10, 3, NULL, r), GPUPAR_OK);
  check_cover(r, 3, 10);
  /* 10 = 4 + 3 + 3: the remainder goes to the lowest index. */
  assert_true(r[0].end - r[0].begin == 4);
  assert_true(r[1].end - r[1].begin == 3);
  assert_true(r[2].end - r[2].begin == 3);
  assert_int_equal(gpupar__split(12, 4, NULL, r), GPUPAR_OK);
  for (int i = 0; i < 4; i++)
    assert_true(r[i].end - r[i].begin == 3);
}

static void test_empty_and_small(void **state) {
  (void)state;
  gpupar__range r[64];
  assert_int_equal(gpupar__split(0, 3, NULL, r), GPUPAR_OK);
  check_cover(r, 3, 0);
  for (int i = 0; i < 3; i++)
    assert_true(r[i].begin == r[i].end);
  assert_int_equal(gpupar__split(2, 5, NULL, r), GPUPAR_OK);
  check_cover(r, 5, 2);
  int nonempty = 0;
  for (int i = 0; i < 5; i++) {
    assert_true(r[i].end - r[i].begin <= 1);
    nonempty += r[i].end > r[i].begin;
  }
  assert_int_equal(nonempty, 2);
  assert_int_equal(gpupar__split(1, 64, NULL, r), GPUPAR_OK);
  check_cover(r, 64, 1);
}

static void test_weights(void **state) {
  (void)state;
  gpupar__range r[64];
  unsigned w[] = {1, 3};
  assert_int_equal(gpupar__split(100, 2, w, r), GPUPAR_OK);
  check_cover(r, 2, 100);
  assert_true(r[0].end == 25);
  unsigned w2[] = {132, 0, 66};
  assert_int_equal(gpupar__split(1000, 3, w2, r), GPUPAR_OK);
  check_cover(r, 3, 1000);
  assert_true(r[1].begin == r[1].end); /* weight 0: empty chunk */
  assert_true(r[0].end - r[0].begin == 667);
  assert_true(r[2].end - r[2].begin == 333);
  unsigned zero[] = {0, 0, 0};
  assert_int_equal(gpupar__split(9, 3, zero, r), GPUPAR_OK);
  check_cover(r, 3, 9);
  assert_true(r[1].end - r[1].begin == 3);
  /* 10 * {1,1,1,1,3} / 7: floors {1,1,1,1,4} (8 in all); the two left go to the largest
   * remainders, 3/7 at indices 0..3 (ties to the lower index) before 2/7 at index 4. */
  unsigned w3[] = {1, 1, 1, 1, 3};
  assert_int_equal(gpupar__split(10, 5, w3, r), GPUPAR_OK);
  check_cover(r, 5, 10);
  assert_true(r[0].end - r[0].begin == 2);
  assert_true(r[1].end - r[1].begin == 2);
  assert_true(r[4].end - r[4].begin == 4);
}

static void test_large(void **state) {
  (void)state;
  gpupar__range r[64];
  const unsigned long long trips[] = {(1ull << 31) + 7, (1ull << 32) + 3, (1ull << 63) + 11, ~0ull,
                                      ~0ull - 1};
  unsigned w[] = {7, 132, 1, 4294967295u, 5, 6, 7};
  for (size_t t = 0; t < sizeof trips / sizeof trips[0]; t++)
    for (int n = 1; n <= 7; n++) {
      assert_int_equal(gpupar__split(trips[t], n, NULL, r), GPUPAR_OK);
      check_cover(r, n, trips[t]);
      for (int i = 0; i < n; i++) {
        unsigned long long size = r[i].end - r[i].begin, want = trips[t] / (unsigned)n;
        assert_true(size == want || size == want + 1);
      }
      assert_int_equal(gpupar__split(trips[t], n, w, r), GPUPAR_OK);
      check_cover(r, n, trips[t]);
    }
}

static void test_exhaustive_small(void **state) {
  (void)state;
  gpupar__range r[64];
  unsigned w[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  for (unsigned long long trip = 0; trip < 200; trip++)
    for (int n = 1; n <= 8; n++) {
      assert_int_equal(gpupar__split(trip, n, w, r), GPUPAR_OK);
      check_cover(r, n, trip);
      /* Every element is in exactly one chunk. */
      for (unsigned long long k = 0; k < trip; k++) {
        int owners = 0;
        for (int i = 0; i < n; i++)
          owners += k >= r[i].begin && k < r[i].end;
        assert_int_equal(owners, 1);
      }
    }
}

static void test_invalid(void **state) {
  (void)state;
  gpupar__range r[65];
  assert_int_equal(gpupar__split(10, 0, NULL, r), GPUPAR_EINVAL);
  assert_int_equal(gpupar__split(10, 65, NULL, r), GPUPAR_EINVAL);
  assert_int_equal(gpupar__split(10, 64, NULL, r), GPUPAR_OK);
}

/* Sub-chunks per device range: from the work (copy and kernel time against the cost of one
 * sub-chunk's operations), at least two per stream, at least `min_iters` each, at most 64. */
static void test_sub_count(void **state) {
  (void)state;
  assert_int_equal(gpupar__sub_count(0, 2, 100, 10, 1024), 0);
  assert_int_equal(gpupar__sub_count(1000000, 1, 1e6, 10, 1024), 1);   /* one stream */
  assert_int_equal(gpupar__sub_count(20000, 2, 40, 30, 1024), 4);      /* two per stream */
  assert_int_equal(gpupar__sub_count(4000000, 2, 4000, 40, 1024), 10); /* sqrt(4000 / 40) */
  assert_int_equal(gpupar__sub_count(4000000, 4, 4000, 40, 1024), 10);
  assert_int_equal(gpupar__sub_count(4000000, 2, 4000, 40, 540000), 7); /* two waves each */
  assert_int_equal(gpupar__sub_count(1ull << 40, 2, 1e12, 1, 1024), GPUPAR__MAX_SUBS);
  assert_int_equal(gpupar__sub_count(500, 2, 1, 1, 1024), 1); /* too small to cut */
  assert_int_equal(gpupar__sub_count(3000, 8, 1e6, 1, 1024), 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_equal),
                                     cmocka_unit_test(test_empty_and_small),
                                     cmocka_unit_test(test_weights),
                                     cmocka_unit_test(test_large),
                                     cmocka_unit_test(test_exhaustive_small),
                                     cmocka_unit_test(test_invalid),
                                     cmocka_unit_test(test_sub_count)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
