/* Public API, status names and the logger. `test_api <mode>` expects the environment the
 * matching ctest entry sets: cpu (GPUPAR_DEVICES=cpu), auto (unset) or emu (emu:2). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "log.h"
#include "loops.h"

static const char *mode = "cpu";

/* `test_api options`: gpupar_configure before the first use (GPUPAR_DEVICES=cpu in the
 * environment; the options win). */
static void test_options(void **state) {
  (void)state;
  if (strcmp(mode, "options") != 0)
    return;
  assert_int_equal(gpupar_configure(NULL), GPUPAR_EINVAL);
  gpupar_options o = GPUPAR_OPTIONS_INIT;
  o.version = 99;
  assert_int_equal(gpupar_configure(&o), GPUPAR_EINVAL);
  gpupar_options bad = GPUPAR_OPTIONS_INIT;
  bad.streams = 9; /* malformed: an error status, not exit() */
  assert_int_equal(gpupar_configure(&bad), GPUPAR_ECONFIG);
  bad = (gpupar_options)GPUPAR_OPTIONS_INIT;
  bad.devices = "emu:0";
  assert_int_equal(gpupar_configure(&bad), GPUPAR_ECONFIG);
  bad = (gpupar_options)GPUPAR_OPTIONS_INIT;
  bad.force = "fast";
  assert_int_equal(gpupar_configure(&bad), GPUPAR_ECONFIG);
  gpupar_options good = GPUPAR_OPTIONS_INIT;
  good.devices = "emu:2";
  good.streams = 3;
  good.max_devices = 1;
  good.profile = 1;
  assert_int_equal(gpupar_configure(&good), GPUPAR_OK);
  assert_int_equal(gpupar_init(), GPUPAR_OK);
  assert_int_equal(gpupar_configure(&good), GPUPAR_ESTARTED);
  assert_int_equal(gpupar_backend_in_use(), GPUPAR_BACKEND_EMU);
  assert_int_equal(gpupar_device_count(), 2);
  gpupar_device_info info = GPUPAR_DEVICE_INFO_INIT;
  assert_int_equal(gpupar_device_get_info(0, &info), GPUPAR_OK);
  assert_int_equal(info.streams, 3);
  assert_true(info.h2d_bandwidth > 0);
  assert_int_equal(gpupar_device_can_peer(0, 1), 1);
  assert_int_equal(gpupar_device_can_peer(0, 2), GPUPAR_EINVAL);
  enum { N = 5000 };
  static float x[N], y[N], want[N];
  for (int i = 0; i < N; i++) {
    x[i] = (float)i;
    y[i] = want[i] = 1.0f;
  }
  saxpy_serial(N, 2.0f, x, want);
  assert_int_equal(saxpy_offload(N, 2.0f, x, y), 1);
  assert_memory_equal(y, want, sizeof y);
  assert_int_equal(gpupar_profile_dump(), GPUPAR_OK);
  mode = "emu";
}

static void test_status(void **state) {
  (void)state;
  assert_string_equal(gpupar_status_name(GPUPAR_OK), "GPUPAR_OK");
  assert_string_equal(gpupar_status_name(GPUPAR_ENOMEM), "GPUPAR_ENOMEM");
  assert_string_equal(gpupar_status_name(GPUPAR_EIO), "GPUPAR_EIO");
  assert_string_equal(gpupar_status_name(-100), "GPUPAR_UNKNOWN");
  assert_string_equal(gpupar_strerror(GPUPAR_OK), "success");
  assert_string_equal(gpupar_strerror(GPUPAR_EVERSION),
                      "generated code does not match the runtime version");
  assert_string_equal(gpupar_strerror(3), "unknown status");
  assert_string_equal(gpupar_status_name(GPUPAR_ESTARTED), "GPUPAR_ESTARTED");
  assert_string_equal(gpupar_status_name(GPUPAR_ENOTFOUND), "GPUPAR_ENOTFOUND");
  for (int s = GPUPAR_ENOTFOUND; s <= GPUPAR_OK; s++) {
    assert_true(strncmp(gpupar_status_name(s), "GPUPAR_", 7) == 0);
    assert_true(strcmp(gpupar_strerror(s), "unknown status") != 0);
  }
}

static void test_logger(void **state) {
  (void)state;
  FILE *f = tmpfile();
  assert_non_null(f);
  int saved = gpupar__log_level();
  gpupar__log_set_stream(f);
  gpupar__log_set_level(GPUPAR__LOG_WARN);
  GPUPAR__ERROR("e %d", 1);
  GPUPAR__WARN("w %s", "two");
  GPUPAR__INFO("not shown");
  GPUPAR__DEBUG("not shown");
  gpupar__log_set_level(GPUPAR__LOG_DEBUG);
  GPUPAR__DEBUG("d");
  gpupar__log_set_level(99);
  assert_int_equal(gpupar__log_level(), GPUPAR__LOG_DEBUG);
  gpupar__log_set_stream(NULL);
  gpupar__log_set_level(saved);
  char text[256] = "";
  rewind(f);
  text[fread(text, 1, sizeof text - 1, f)] = '\0';
  fclose(f);
  assert_string_equal(text, "gpupar: error: e 1\ngpupar: warning: w two\ngpupar: debug: d\n");
}

static void test_backend(void **state) {
  (void)state;
  assert_int_equal(gpupar_init(), GPUPAR_OK);
  assert_int_equal(gpupar_version(), GPUPAR_VERSION_CODE);
  assert_string_equal(gpupar_backend_name(GPUPAR_BACKEND_CPU), "cpu");
  assert_string_equal(gpupar_backend_name(GPUPAR_BACKEND_EMU), "emu");
  assert_string_equal(gpupar_backend_name(GPUPAR_BACKEND_CUDA), "cuda");
  assert_string_equal(gpupar_backend_name(9), "unknown");
  const char *why = gpupar_cuda_unavailable_reason();
  assert_true(why == NULL || strlen(why) > 0);
  gpupar_device_info info = GPUPAR_DEVICE_INFO_INIT;
  assert_int_equal(gpupar_device_get_info(-1, &info), GPUPAR_EINVAL);
  assert_int_equal(gpupar_device_get_info(0, NULL), GPUPAR_EINVAL);
  if (strcmp(mode, "cpu") == 0) {
    assert_int_equal(gpupar_backend_in_use(), GPUPAR_BACKEND_CPU);
    assert_int_equal(gpupar_device_count(), 0);
    assert_string_equal(gpupar_backend_reason(), "GPUPAR_DEVICES=cpu");
  } else if (strcmp(mode, "emu") == 0) {
    assert_int_equal(gpupar_backend_in_use(), GPUPAR_BACKEND_EMU);
    assert_int_equal(gpupar_device_count(), 2);
    assert_int_equal(gpupar_device_get_info(1, &info), GPUPAR_OK);
    assert_string_equal(info.name, "emu:1");
    assert_string_equal(info.model, "host-emulated device");
    assert_int_equal(info.sm_count, 1);
  } else { /* auto: cuda exactly when a GPU is usable */
    assert_int_equal(gpupar_backend_in_use(), why ? GPUPAR_BACKEND_CPU : GPUPAR_BACKEND_CUDA);
    assert_true(strncmp(gpupar_backend_reason(), "GPUPAR_DEVICES=auto: ", 21) == 0);
    if (why)
      assert_non_null(strstr(gpupar_backend_reason(), why));
  }
  assert_int_equal(gpupar_device_get_info(gpupar_device_count(), &info), GPUPAR_EINVAL);
}

static void test_run_in_mode(void **state) {
  (void)state;
  enum { N = 100 };
  float x[N], y[N], want[N];
  for (int i = 0; i < N; i++) {
    x[i] = (float)i;
    y[i] = want[i] = 1.0f;
  }
  saxpy_serial(N, 2.0f, x, want);
  int rc = saxpy_offload(N, 2.0f, x, y);
  if (strcmp(mode, "emu") == 0)
    assert_int_equal(rc, 1);
  else if (gpupar_backend_in_use() == GPUPAR_BACKEND_CPU)
    assert_int_equal(rc, 0);
  /* (auto with a GPU: the descriptor has no CUDA kernel, so it runs on the host.) */
  assert_memory_equal(y, want, sizeof y);
  assert_int_equal(gpupar_trace_flush(), GPUPAR_OK); /* tracing is off */
}

/* Output structs carry their size (`test_api emu`): a caller built against a smaller layout gets
 * the fields that fit and nothing past them; a size below the first layout and NULL are refused
 * with nothing written; a caller built against a larger (newer) layout gets the fields this
 * library has. */
typedef struct first_device_info { /* gpupar_device_info through cc_minor */
  size_t size;
  char name[64];
  char model[128];
  int backend;
  int ordinal;
  size_t total_mem;
  size_t free_mem;
  int sm_count;
  int cc_major, cc_minor;
} first_device_info;

static void test_out_size(void **state) {
  (void)state;
  if (strcmp(mode, "emu") != 0)
    return;
  gpupar_device_info full = GPUPAR_DEVICE_INFO_INIT;
  assert_int_equal(gpupar_device_get_info(1, &full), GPUPAR_OK);
  assert_int_equal(full.size, sizeof full);
  assert_string_equal(full.name, "emu:1");
  struct {
    first_device_info info;
    unsigned char canary[64];
  } old;
  memset(&old, 0xa5, sizeof old);
  old.info.size = sizeof old.info;
  assert_int_equal(gpupar_device_get_info(1, (gpupar_device_info *)&old.info), GPUPAR_OK);
  assert_int_equal(old.info.size, sizeof old.info);
  assert_string_equal(old.info.name, full.name);
  assert_string_equal(old.info.model, full.model);
  assert_int_equal(old.info.backend, full.backend);
  assert_int_equal(old.info.ordinal, full.ordinal);
  assert_true(old.info.total_mem == full.total_mem && old.info.free_mem == full.free_mem);
  assert_int_equal(old.info.sm_count, full.sm_count);
  assert_int_equal(old.info.cc_major, full.cc_major);
  assert_int_equal(old.info.cc_minor, full.cc_minor);
  for (size_t i = 0; i < sizeof old.canary; i++)
    assert_int_equal(old.canary[i], 0xa5); /* nothing written past its size */
  /* Smaller than the first layout, or NULL: refused, nothing written. */
  const size_t sizes[] = {0, sizeof(size_t), offsetof(gpupar_device_info, clock_khz) - 1};
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    memset(&old, 0xa5, sizeof old);
    old.info.size = sizes[k];
    assert_int_equal(gpupar_device_get_info(1, (gpupar_device_info *)&old.info), GPUPAR_EINVAL);
    assert_int_equal(old.info.size, sizes[k]);
    for (size_t i = sizeof(size_t); i < sizeof old; i++)
      assert_int_equal(((unsigned char *)&old)[i], 0xa5);
  }
  assert_int_equal(gpupar_device_get_info(1, NULL), GPUPAR_EINVAL);

  /* Counters (after test_run_in_mode's offloaded call). */
  gpupar_counters total = GPUPAR_COUNTERS_INIT, last = GPUPAR_COUNTERS_INIT;
  assert_int_equal(gpupar_counters_get(NULL, &total, &last), GPUPAR_OK);
  assert_int_equal(total.size, sizeof total);
  assert_true(total.calls >= 1 && last.calls == 1);
  assert_int_equal(gpupar_counters_get(NULL, NULL, NULL), GPUPAR_OK); /* NULL: not wanted */
  struct {
    gpupar_counters c;
    unsigned char canary[64];
  } newer; /* a caller built against a larger layout */
  memset(&newer, 0xa5, sizeof newer);
  newer.c.size = sizeof newer.c + 16;
  assert_int_equal(gpupar_counters_get(NULL, &newer.c, NULL), GPUPAR_OK);
  assert_int_equal(newer.c.size, sizeof newer.c + 16);
  assert_memory_equal((char *)&newer.c + sizeof(size_t), (char *)&total + sizeof(size_t),
                      sizeof total - sizeof(size_t));
  for (size_t i = 0; i < sizeof newer.canary; i++)
    assert_int_equal(newer.canary[i], 0xa5); /* the fields this library does not have */
  memset(&newer, 0xa5, sizeof newer);
  newer.c.size = sizeof newer.c - 1; /* below the first layout (0.4: the whole struct) */
  gpupar_counters kept;
  memset(&kept, 0x5a, sizeof kept);
  kept.size = sizeof kept;
  const gpupar_counters before = kept;
  assert_int_equal(gpupar_counters_get(NULL, &kept, &newer.c), GPUPAR_EINVAL);
  for (size_t i = sizeof(size_t); i < sizeof newer; i++)
    assert_int_equal(((unsigned char *)&newer)[i], 0xa5);
  assert_memory_equal(&kept, &before, sizeof kept); /* refused as a whole: `total` untouched */
}

int main(int argc, char **argv) {
  if (argc > 1)
    mode = argv[1];
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_options),     cmocka_unit_test(test_status),
      cmocka_unit_test(test_logger),      cmocka_unit_test(test_backend),
      cmocka_unit_test(test_run_in_mode), cmocka_unit_test(test_out_size)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
