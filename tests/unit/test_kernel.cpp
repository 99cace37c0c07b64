/* The host side of gpupar/kernel.h, the header every generated .cu file includes: the index
 * split of collapsed nests (the same function kernels use) and the array-reduction helpers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" { /* this cmocka's header declares no C linkage itself */
#include <cmocka.h>
}

#include "gpupar/kernel.h"

/* Every flat index of a 5 x 7 x 3 nest maps to the iteration t = (outer * 7 + j) * 3 + k. */
static void test_unflatten_small(void **state) {
  (void)state;
  unsigned long long t = 0;
  for (unsigned long long o = 0; o < 5; o++)
    for (unsigned long long j = 0; j < 7; j++)
      for (unsigned long long k = 0; k < 3; k++, t++) {
        unsigned long long ix[3];
        gpupar_unflatten(t, 7, 3, ix);
        assert_int_equal(ix[0], o);
        assert_int_equal(ix[1], j);
        assert_int_equal(ix[2], k);
      }
  unsigned long long ix[3];
  gpupar_unflatten(12, 5, 1, ix); /* collapse(2): n2 = 1 */
  assert_int_equal(ix[0], 2);
  assert_int_equal(ix[1], 2);
  assert_int_equal(ix[2], 0);
}

/* Past 2^32 the 64-bit division is taken. */
static void test_unflatten_wide(void **state) {
  (void)state;
  const unsigned long long n1 = 100000, n2 = 70000; /* inner = 7e9 > 2^32 */
  unsigned long long o = 12345, j = 99999, k = 69999;
  unsigned long long ix[3];
  gpupar_unflatten((o * n1 + j) * n2 + k, n1, n2, ix);
  assert_int_equal(ix[0], o);
  assert_int_equal(ix[1], j);
  assert_int_equal(ix[2], k);
}

/* A thread that starts at flat index t0 and steps by stride visits, by gpupar_nest_step, the
 * same (outer, j, k) as dividing each flat index: for strides below, equal to and above the
 * inner sizes, and for collapse(2) (n2 = 1). */
static void check_walk(unsigned long long n0, unsigned long long n1, unsigned long long n2,
                       unsigned long long t0, unsigned long long stride) {
  unsigned long long ix[3], d[3], want[3], total = n0 * n1 * n2;
  gpupar_unflatten(t0, n1, n2, ix);
  gpupar_unflatten(stride, n1, n2, d);
  for (unsigned long long t = t0; t < total; t += stride) {
    gpupar_unflatten(t, n1, n2, want);
    assert_int_equal(ix[0], want[0]);
    assert_int_equal(ix[1], want[1]);
    assert_int_equal(ix[2], want[2]);
    gpupar_nest_step(ix, d, n1, n2);
  }
}

static void test_nest_step(void **state) {
  (void)state;
  const unsigned long long shapes[][3] = {{5, 7, 3}, {4, 1, 9}, {3, 8, 1}, {2, 1, 1}, {6, 13, 1}};
  for (const auto &s : shapes) {
    unsigned long long total = s[0] * s[1] * s[2];
    for (unsigned long long stride = 1; stride <= total + 1; stride++)
      for (unsigned long long t0 = 0; t0 < stride && t0 < total; t0++)
        check_walk(s[0], s[1], s[2], t0, stride);
  }
  /* Past 2^32: the 64-bit division for the start and the stride, carries in both indices. */
  check_walk(3, 100000, 70000, 6999999999ull, 4999999999ull);
}

/* The device's copies and fills against the C library's, at every alignment of both ends and
 * every count up to 40 bytes, overlapping either way (memmove's choice of direction): the word
 * units run where all three allow them, the bytes elsewhere. */
static void test_device_copies(void **state) {
  (void)state;
  alignas(8) unsigned char got[128], want[128];
  for (size_t from = 0; from < 16; from++)
    for (size_t to = 0; to < 16; to++)
      for (size_t n = 0; n <= 40; n++) {
        for (size_t k = 0; k < sizeof got; k++)
          got[k] = want[k] = (unsigned char)(k * 37 + 11);
        if (to <= from)
          gpupar_copy_up(got + to, got + from, n);
        else
          gpupar_copy_down(got + to, got + from, n);
        memmove(want + to, want + from, n);
        assert_memory_equal(got, want, sizeof got);
        gpupar_copy_up(got + 64 + to, got + from, n); /* apart */
        memcpy(want + 64 + to, want + from, n);
        assert_memory_equal(got, want, sizeof got);
        gpupar_fill(got + to, (unsigned char)(0xa5 + n), n);
        memset(want + to, 0xa5 + (int)n, n);
        assert_memory_equal(got, want, sizeof got);
      }
  assert_int_equal(gpupar_copy_unit(got + 8, got + 16, 24), 8);
  assert_int_equal(gpupar_copy_unit(got + 4, got + 16, 24), 4);
  assert_int_equal(gpupar_copy_unit(got + 8, got + 16, 6), 1);
}

/* A host chunk's buffer starts as the identity; updates combine with the operator. */
static void test_array_reduction_host(void **state) {
  (void)state;
  double lo[4];
  gpupar_red_fill<gpupar_red_min<double>>(lo, 4);
  for (int e = 0; e < 4; e++)
    assert_true(lo[e] == __builtin_huge_val());
  gpupar_red_update<gpupar_red_min<double>>(&lo[1], 2.5);
  gpupar_red_update<gpupar_red_min<double>>(&lo[1], 3.5);
  assert_true(lo[1] == 2.5);
  unsigned char band[2];
  gpupar_red_fill<gpupar_red_band<unsigned char>>(band, 2);
  assert_int_equal(band[0], 0xff);
  gpupar_red_update<gpupar_red_band<unsigned char>>(&band[0], 0x3c);
  assert_int_equal(band[0], 0x3c);
  short add[1] = {0};
  gpupar_red_update<gpupar_red_add<short>>(&add[0], -(short)(3));
  assert_int_equal(add[0], -3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unflatten_small),
      cmocka_unit_test(test_unflatten_wide),
      cmocka_unit_test(test_nest_step),
      cmocka_unit_test(test_device_copies),
      cmocka_unit_test(test_array_reduction_host),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
