/* gpupar_run end to end on emulated devices (run with GPUPAR_DEVICES=emu:3): every result is
 * compared element by element with the serial loop, outputs poisoned first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backends/backend.h"
#include "loops.h"
#include "registry.h"
#include "transfer/transfer.h"

static const int device_counts[] = {1, 3, 7};

/* Fails unless `n` elements of `size` bytes at `got` and `want` are bit-identical. */
static void same_elements(const void *got, const void *want, size_t n, size_t size,
                          const char *what) {
  for (size_t i = 0; i < n; i++)
    if (memcmp((const char *)got + i * size, (const char *)want + i * size, size) != 0)
      fail_msg("%s: element %zu differs from the serial loop", what, i);
}

static void use_emu(int n) {
  assert_int_equal(gpupar__registry_install(&gpupar__backend_emu, n), 0);
}

static void test_environment(void **state) {
  (void)state;
  /* The first call reads GPUPAR_DEVICES=emu:3. */
  assert_int_equal(gpupar_backend_in_use(), GPUPAR_BACKEND_EMU);
  assert_int_equal(gpupar_device_count(), 3);
  gpupar_device_info info = GPUPAR_DEVICE_INFO_INIT;
  assert_int_equal(gpupar_device_get_info(2, &info), GPUPAR_OK);
  assert_string_equal(info.name, "emu:2");
  assert_int_equal(info.backend, GPUPAR_BACKEND_EMU);
  assert_int_equal(gpupar_device_get_info(3, &info), GPUPAR_EINVAL);
  assert_string_equal(gpupar_backend_reason(), "GPUPAR_DEVICES=emu:3");
}

static void test_saxpy(void **state) {
  (void)state;
  const int sizes[] = {0, 1, 2, 3, 5, 1000, 4099};
  for (size_t d = 0; d < 3; d++) {
    use_emu(device_counts[d]);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      int n = sizes[s];
      float *x = malloc((size_t)n * sizeof *x + 1), *y = malloc((size_t)n * sizeof *y + 1),
            *want = malloc((size_t)n * sizeof *want + 1);
      for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 97) * 0.5f - 3.0f;
        y[i] = want[i] = (float)(i % 13) + 0.25f;
      }
      saxpy_serial(n, 2.5f, x, want);
      assert_int_equal(saxpy_offload(n, 2.5f, x, y), 1);
      same_elements(y, want, (size_t)n, sizeof *y, "saxpy");
      free(x);
      free(y);
      free(want);
    }
  }
}

static void test_strided(void **state) {
  (void)state;
  enum { N = 301 };
  static double x[N], y[2 * N + 1], want[2 * N + 1];
  for (int i = 0; i < N; i++)
    x[i] = i * 1.5;
  struct {
    long lo, hi, step;
    int cond;
  } shapes[] = {{0, N, 1, GPUPAR_LT},      {N - 1, 0, -1, GPUPAR_GE}, {3, N, 7, GPUPAR_LT},
                {N - 1, 1, -3, GPUPAR_GE}, {0, 297, 3, GPUPAR_NE},    {300, 0, -5, GPUPAR_NE}};
  for (size_t d = 0; d < 3; d++) {
    use_emu(device_counts[d]);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      memset(y, 0xA5, sizeof y); /* poison: odd elements must stay as they are */
      memset(want, 0xA5, sizeof want);
      strided_serial(shapes[s].lo, shapes[s].hi, shapes[s].step, shapes[s].cond, x, want);
      long long last = 12345;
      assert_int_equal(
          strided_offload(shapes[s].lo, shapes[s].hi, shapes[s].step, shapes[s].cond, x, y, &last),
          1);
      same_elements(y, want, 2 * N + 1, sizeof *y, "strided");
      long i = shapes[s].lo;
      while (shapes[s].cond == GPUPAR_LT   ? i < shapes[s].hi
             : shapes[s].cond == GPUPAR_GE ? i >= shapes[s].hi
                                           : i != shapes[s].hi)
        i += shapes[s].step;
      assert_true(last == i);
    }
  }
}

static void test_stencil(void **state) {
  (void)state;
  const int shapes[][2] = {{37, 23}, {3, 3}, {2, 10}, {10, 2}, {130, 17}};
  for (size_t d = 0; d < 3; d++) {
    use_emu(device_counts[d]);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      int n = shapes[s][0], m = shapes[s][1];
      size_t size = (size_t)n * (size_t)m;
      float *in = malloc(size * sizeof *in), *out = malloc(size * sizeof *out),
            *want = malloc(size * sizeof *want);
      for (size_t i = 0; i < size; i++)
        in[i] = (float)((i * 7919) % 1000) / 7.0f;
      memset(out, 0xA5, size * sizeof *out);
      memset(want, 0xA5, size * sizeof *want);
      stencil_serial(n, m, in, want);
      int rc = stencil_offload(n, m, in, out);
      assert_int_equal(rc, 1);
      same_elements(out, want, size, sizeof *out, "stencil");
      free(in);
      free(out);
      free(want);
    }
  }
}

static void test_interleaved_writes(void **state) {
  (void)state;
  enum { N = 200 };
  static int x[N], y[2 * N + 3], want[2 * N + 3];
  for (int i = 0; i < N; i++)
    x[i] = i * 3 + 1;
  for (size_t d = 0; d < 3; d++) {
    use_emu(device_counts[d]);
    for (int n = 0; n <= N; n += 13) {
      memset(y, 0xA5, sizeof y);
      memset(want, 0xA5, sizeof want);
      interleave_serial(n, x, want);
      assert_int_equal(interleave_offload(n, x, y), 1);
      same_elements(y, want, 2 * N + 3, sizeof *y, "interleave");
    }
  }
}

static void test_alias_untouched(void **state) {
  (void)state;
  enum { N = 1000 };
  static float buf[N + 1], before[N + 1];
  for (int i = 0; i <= N; i++)
    buf[i] = before[i] = (float)i;
  use_emu(3);
  loops_skip_host_fallback = 1; /* a refused call must leave memory untouched */
  /* y = x + 1 */
  assert_int_equal(saxpy_offload(N, 2.0f, buf, buf + 1), 0);
  same_elements(buf, before, N + 1, sizeof *buf, "alias");
  /* y == x */
  assert_int_equal(saxpy_offload(N, 2.0f, buf, buf), 0);
  same_elements(buf, before, N + 1, sizeof *buf, "alias");
  /* Disjoint halves are fine. */
  assert_int_equal(saxpy_offload(N / 2, 2.0f, buf, buf + N / 2), 1);
  loops_skip_host_fallback = 0;
}

/* Calls gpupar_run for the strided loop (whose serial form may not terminate). */
static int strided_run_only(long lo, long hi, long step, int cond) {
  static double x[100], y[201];
  gpupar_span spans[2];
  gpupar_span_init(&spans[0], 1, 0);
  gpupar_span_init(&spans[1], 2, 0);
  void *const arrays[2] = {x, y};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = lo,
                   .hi = hi,
                   .step = step,
                   .cond = cond,
                   .arrays = arrays,
                   .spans = spans};
  return gpupar_run(&strided_loop, &c);
}

static void test_host_fallbacks(void **state) {
  (void)state;
  use_emu(3);
  /* Wrong-sign step, != that misses its bound. */
  assert_int_equal(strided_run_only(0, 10, -1, GPUPAR_LT), 0);
  assert_int_equal(strided_run_only(0, 10, 3, GPUPAR_NE), 0);
  assert_int_equal(strided_run_only(0, 10, 0, GPUPAR_LT), 0);
  assert_int_equal(strided_run_only(0, 100, 1, GPUPAR_LT), 1);
  /* A different major version. */
  gpupar_loop old = saxpy_loop;
  old.version = (GPUPAR_VERSION_MAJOR + 1) * 10000;
  gpupar_span spans[3];
  for (int t = 0; t < 3; t++)
    gpupar_span_init(&spans[t], 1, 0);
  float fx[4] = {1, 2, 3, 4}, fy[4] = {0};
  void *const arrays[2] = {fx, fy};
  float a = 1;
  void *const scalars[1] = {&a};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = 0,
                   .hi = 4,
                   .step = 1,
                   .cond = GPUPAR_LT,
                   .arrays = arrays,
                   .scalars = scalars,
                   .spans = spans};
  assert_int_equal(gpupar_run(&old, &c), 0);
  assert_int_equal(gpupar_run(&old, &c), 0); /* warned once only */
  /* Before 1.0 another minor version is refused too (its descriptors differ); a patch is not. */
  c.version = GPUPAR_VERSION_CODE - 100;
  assert_int_equal(gpupar_run(&saxpy_loop, &c), 0);
  old.version = GPUPAR_VERSION_CODE + 100;
  c.version = GPUPAR_VERSION_CODE;
  assert_int_equal(gpupar_run(&old, &c), 0);
  c.version = GPUPAR_VERSION_CODE / 100 * 100 + 99;
  assert_int_equal(gpupar_run(&saxpy_loop, &c), 1);
  assert_true(fy[3] == 4.0f);
  /* No host entry point. */
  gpupar_loop no_host = saxpy_loop;
  no_host.run_host = NULL;
  assert_int_equal(gpupar_run(&no_host, &c), 0);
  /* A term naming an array that does not exist. */
  static const gpupar_term_desc bad_terms[] = {
      {0, GPUPAR_READ, 1}, {2, GPUPAR_READ, 1}, {1, GPUPAR_WRITE, 1}};
  gpupar_loop bad = saxpy_loop;
  bad.terms = bad_terms;
  assert_int_equal(gpupar_run(&bad, &c), 0);
  assert_int_equal(gpupar_run(NULL, &c), 0);
  assert_int_equal(gpupar_run(&saxpy_loop, NULL), 0);
  /* The cpu backend. */
  use_emu(0);
  assert_int_equal(gpupar_backend_in_use(), GPUPAR_BACKEND_CPU);
  assert_int_equal(gpupar_run(&saxpy_loop, &c), 0);
}

static int failing_host(const gpupar_launch *L) {
  (void)L;
  return 7;
}

static void test_host_entry_error(void **state) {
  (void)state;
  use_emu(3);
  gpupar_loop failing = saxpy_loop;
  failing.run_host = failing_host;
  enum { N = 64 };
  float x[N], y[N], before[N];
  for (int i = 0; i < N; i++)
    x[i] = y[i] = before[i] = (float)i;
  gpupar_span spans[3];
  for (int t = 0; t < 3; t++)
    gpupar_span_init(&spans[t], 1, 0);
  void *const arrays[2] = {x, y};
  float a = 1;
  void *const scalars[1] = {&a};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = 0,
                   .hi = N,
                   .step = 1,
                   .cond = GPUPAR_LT,
                   .arrays = arrays,
                   .scalars = scalars,
                   .spans = spans};
  assert_int_equal(gpupar_run(&failing, &c), 0);
  same_elements(y, before, N, sizeof *y, "failed launch");
}

/* Fills the scatter case: dst[0:m] holds sentinels (NaNs with payloads, -0.0, +0.0, numbers);
 * perm sends iteration i to a distinct element of a subset of dst; some values written have the
 * bytes the element already holds, some differ from it only in bytes (-0.0 over +0.0, another
 * NaN). */
static void scatter_fill(int n, int m, int *perm, int *keep, double *v, double *dst) {
  for (int j = 0; j < m; j++) {
    uint64_t nan = 0x7ff8000000000000ull | (uint64_t)(j + 1);
    double sentinel = j % 4 == 0 ? 0.0 : j % 4 == 1 ? -0.0 : (double)j + 0.5;
    if (j % 4 == 3)
      memcpy(&sentinel, &nan, sizeof sentinel);
    dst[j] = sentinel;
  }
  for (int i = 0; i < n; i++) {
    perm[i] = (int)(((long long)i * 7919 + 13) % m); /* m is prime: distinct for i < m */
    keep[i] = i % 5 != 0;
    int j = perm[i];
    uint64_t other = 0x7ff8000000000000ull | (uint64_t)(1000000 + i);
    v[i] = j % 4 == 0 ? -0.0 : j % 4 == 1 ? 0.0 : j % 8 == 2 ? dst[j] : (double)i * 0.25;
    if (j % 8 == 7)
      memcpy(&v[i], &other, sizeof v[i]);
  }
}

static void test_scatter(void **state) {
  (void)state;
  enum { M = 4999 }; /* prime */
  const int sizes[] = {0, 1, 2, 7, 1000, 3000};
  static int perm[M], keep[M];
  static double v[M], dst[M], want[M], out[M], want_out[M];
  for (int h = 0; h < 2; h++) {
    /* With a host share the host writes the program's array while the devices run. */
    assert_int_equal(gpupar__registry_set("GPUPAR_HYBRID", h ? "0.3" : "0"), 0);
    for (size_t d = 0; d < 3; d++) {
      use_emu(device_counts[d]);
      for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        scatter_fill(n, M, perm, keep, v, dst);
        memcpy(want, dst, sizeof want);
        memset(out, 0xA5, sizeof out);
        memset(want_out, 0xA5, sizeof want_out);
        scatter_serial(n, perm, keep, v, want, want_out);
        assert_int_equal(scatter_offload(n, M, perm, keep, v, dst, out), 1);
        same_elements(dst, want, M, sizeof *dst, "scatter");
        same_elements(out, want_out, M, sizeof *out, "scatter (out)");
      }
    }
  }
  assert_int_equal(gpupar__registry_set("GPUPAR_HYBRID", "0"), 0);
  /* In a data region the devices' copies of dst could not be merged into the region's: the
   * call runs serially on the host, from the region's up-to-date host copy. */
  use_emu(3);
  int n = 3000;
  scatter_fill(n, M, perm, keep, v, dst);
  memcpy(want, dst, sizeof want);
  scatter_serial(n, perm, keep, v, want, want_out);
  assert_int_equal(gpupar_data_enter(dst, sizeof dst, GPUPAR_MAP_TOFROM), GPUPAR_OK);
  assert_int_equal(scatter_offload(n, M, perm, keep, v, dst, out), 0);
  assert_int_equal(gpupar_data_exit(dst), GPUPAR_OK);
  same_elements(dst, want, M, sizeof *dst, "scatter in a data region");
}

/* The merge copies exactly the bytes that differ, whatever the length and alignment. */
static void test_scatter_merge(void **state) {
  (void)state;
  unsigned char got[61], snap[61], dst[61];
  for (size_t off = 0; off < 8; off++)
    for (size_t len = 0; off + len <= sizeof got; len += 7) {
      size_t want = 0;
      for (size_t i = 0; i < sizeof got; i++) {
        snap[i] = (unsigned char)i;
        got[i] = (unsigned char)(i % 5 == 0 || i % 17 == 3 ? i + 100 : i);
        dst[i] = 0xEE;
        want += i >= off && i < off + len && got[i] != snap[i];
      }
      assert_int_equal(gpupar__xfer_merge(dst + off, got + off, snap + off, len), want);
      for (size_t i = 0; i < sizeof got; i++)
        assert_int_equal(dst[i], i >= off && i < off + len && got[i] != snap[i] ? got[i] : 0xEE);
    }
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_environment),
                                     cmocka_unit_test(test_saxpy),
                                     cmocka_unit_test(test_strided),
                                     cmocka_unit_test(test_stencil),
                                     cmocka_unit_test(test_interleaved_writes),
                                     cmocka_unit_test(test_alias_untouched),
                                     cmocka_unit_test(test_host_fallbacks),
                                     cmocka_unit_test(test_host_entry_error),
                                     cmocka_unit_test(test_scatter),
                                     cmocka_unit_test(test_scatter_merge)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
