/* Device state across calls, on a fake backend built from emu's operations that keeps a
 * per-thread current device as CUDA does (every operation makes its device current):
 *  - every gpupar call gives the caller back its current device;
 *  - a sticky error (the backend sets dev->sticky) makes the device lost: later calls leave it
 *    out, results stay right, and a data region whose only copy of some bytes was on it reports
 *    the loss at gpupar_data_exit instead of handing back stale bytes;
 *  - a launch with no kernel image for the device takes that device out for that loop only,
 *    after one try. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backends/backend.h"
#include "backends/cuda_errors.h"
#include "loops.h"
#include "registry.h"

static _Thread_local int current = -1; /* the calling thread's current device */
static int sticky_at = -1;             /* the device whose next sync fails with a sticky error */
static int no_image_on = -1;           /* the device with no kernel image for saxpy */
static int launches[8];

static int fake_alloc(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err) {
  current = dev->index;
  return gpupar__backend_emu.alloc(dev, bytes, ptr, err);
}

static void fake_free(gpupar__device *dev, void *ptr) {
  current = dev->index;
  gpupar__backend_emu.free(dev, ptr);
}

static int fake_copy(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                     gpupar__error *err) {
  current = dev->index;
  return gpupar__backend_emu.copy_in(dev, s, dst, src, bytes, err);
}

static int fake_copy_peer(gpupar__device *dev, int s, void *dst, gpupar__device *src_dev, int src_s,
                          const void *src, size_t bytes, gpupar__error *err) {
  current = dev->index;
  return gpupar__backend_emu.copy_peer(dev, s, dst, src_dev, src_s, src, bytes, err);
}

static int fake_launch(gpupar__device *dev, int s, const gpupar_loop *loop, gpupar_launch *launch,
                       gpupar__error *err) {
  current = dev->index;
  launches[dev->index]++;
  if (dev->index == no_image_on && loop == &saxpy_loop) {
    gpupar__fail(err, GPUPAR_EDEVICE, "kernel launch: no kernel image is available (faked)");
    err->no_image = 1;
    return err->status;
  }
  return gpupar__backend_emu.launch(dev, s, loop, launch, err);
}

static int fake_sync(gpupar__device *dev, int s, gpupar__error *err) {
  current = dev->index;
  int at = dev->index; /* devices sync from their issuing threads */
  if (__atomic_compare_exchange_n(&sticky_at, &at, -1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    atomic_store(&dev->sticky, 700);
    return gpupar__fail(err, GPUPAR_EDEVICE, "an illegal memory access was encountered (faked)");
  }
  return gpupar__backend_emu.sync(dev, s, err);
}

static int fake_get_current(void) { return current; }
static void fake_set_current(int ordinal) { current = ordinal; }

static const gpupar__backend fake = {.name = "fake",
                                     .kind = GPUPAR_BACKEND_EMU,
                                     .async = 0,
                                     .alloc = fake_alloc,
                                     .free = fake_free,
                                     .copy_in = fake_copy,
                                     .copy_out = fake_copy,
                                     .copy_peer = fake_copy_peer,
                                     .can_peer = NULL,
                                     .launch = fake_launch,
                                     .sync = fake_sync,
                                     .get_current = fake_get_current,
                                     .set_current = fake_set_current};

static int setup(void **state) {
  (void)state;
  sticky_at = no_image_on = -1;
  memset(launches, 0, sizeof launches);
  assert_int_equal(gpupar__registry_install(&fake, 3), GPUPAR_OK);
  gpupar__registry_get()->config.force = GPUPAR__FORCE_GPU;
  return 0;
}

enum { N = 30000 };
static float x[N], y[N], want[N];

static void fill(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % 17);
    y[i] = want[i] = (float)(i % 5);
  }
}

static void test_current_device_restored(void **state) {
  (void)state;
  fill();
  for (int caller = 5; caller <= 6; caller++) {
    current = caller;
    assert_int_equal(saxpy_offload(N, 2.0f, x, y), 1);
    saxpy_serial(N, 2.0f, x, want);
    assert_int_equal(current, caller);
    assert_int_equal(gpupar_data_enter(y, sizeof y, GPUPAR_MAP_TOFROM), GPUPAR_OK);
    assert_int_equal(current, caller);
    assert_int_equal(saxpy_offload(N, 2.0f, x, y), 1);
    saxpy_serial(N, 2.0f, x, want);
    assert_int_equal(current, caller);
    assert_int_equal(gpupar_data_exit(y), GPUPAR_OK);
    assert_int_equal(current, caller);
  }
  assert_memory_equal(y, want, sizeof y);
}

static void test_sticky_error_loses_device(void **state) {
  (void)state;
  fill();
  sticky_at = 1;
  assert_int_equal(saxpy_offload(N, 2.0f, x, y), 1); /* device 1's chunks go elsewhere */
  saxpy_serial(N, 2.0f, x, want);
  assert_memory_equal(y, want, sizeof y);
  assert_true(atomic_load(&gpupar__registry_get()->dev[1].lost));
  int before = launches[1];
  assert_int_equal(saxpy_offload(N, 2.0f, x, y), 1);
  saxpy_serial(N, 2.0f, x, want);
  assert_memory_equal(y, want, sizeof y);
  assert_int_equal(launches[1], before); /* left out */
}

static void test_region_loss_reported(void **state) {
  (void)state;
  fill();
  assert_int_equal(gpupar_data_enter(y, sizeof y, GPUPAR_MAP_TOFROM), GPUPAR_OK);
  assert_int_equal(saxpy_offload(N, 2.0f, x, y),
                   1); /* each device holds the only copy of its part */
  sticky_at = 1;
  saxpy_offload(N, 2.0f, x, y); /* device 1 fails for good: its part of y is gone */
  assert_true(atomic_load(&gpupar__registry_get()->dev[1].lost));
  /* A call on the host reads y: the lost part cannot be fetched, and the host's bytes are stale.
   * Its writes must not make the region look whole again. */
  gpupar__registry_get()->config.force = GPUPAR__FORCE_CPU;
  saxpy_offload(N, 2.0f, x, y);
  gpupar__registry_get()->config.force = GPUPAR__FORCE_GPU;
  assert_int_equal(gpupar_data_exit(y), GPUPAR_EDEVICE);
}

static void test_no_kernel_image(void **state) {
  (void)state;
  fill();
  no_image_on = 2;
  for (int c = 0; c < 3; c++) {
    assert_int_equal(saxpy_offload(N, 2.0f, x, y), 1);
    saxpy_serial(N, 2.0f, x, want);
    assert_memory_equal(y, want, sizeof y);
  }
  assert_int_equal(launches[2], 1); /* tried once */
  assert_true(launches[0] > 0 && launches[1] > 0);
  assert_false(atomic_load(&gpupar__registry_get()->dev[2].lost)); /* other loops still use it */
  static float m[N], v[4], out[N / 4], wout[N / 4];
  for (int i = 0; i < N; i++)
    m[i] = (float)(i % 3);
  for (int j = 0; j < 4; j++)
    v[j] = (float)j;
  matvec_serial(N / 4, 4, m, v, wout);
  assert_int_equal(matvec_offload(N / 4, 4, m, v, out), 1);
  assert_memory_equal(out, wout, sizeof out);
  assert_true(launches[2] > 1);
}

/* The CUDA errors that leave a context unusable, and a few that do not. */
static void test_sticky_codes(void **state) {
  (void)state;
  static const int sticky[] = {214, 700, 702, 710, 714, 715, 716, 717, 718, 719, 999};
  static const int plain[] = {0, 1, 2, 35, 98, 200, 209, 400, 600, 701, 713, 720};
  for (size_t i = 0; i < sizeof sticky / sizeof *sticky; i++)
    assert_true(gpupar__cuda_sticky(sticky[i]));
  for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
    assert_false(gpupar__cuda_sticky(plain[i]));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sticky_codes),
      cmocka_unit_test_setup(test_current_device_restored, setup),
      cmocka_unit_test_setup(test_sticky_error_loses_device, setup),
      cmocka_unit_test_setup(test_region_loss_reported, setup),
      cmocka_unit_test_setup(test_no_kernel_image, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
