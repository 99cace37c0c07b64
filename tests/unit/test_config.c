/* GPUPAR_DEVICES / GPUPAR_LOG parsing and device selection. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config.h"
#include "log.h"
#include "registry.h"

static void parse_ok(const char *value, int mode, int count) {
  gpupar__config cfg;
  char msg[512] = "";
  gpupar__config_defaults(&cfg);
  assert_int_equal(gpupar__config_parse_devices(value, &cfg, msg, sizeof msg), 0);
  assert_int_equal(cfg.devices, mode);
  assert_int_equal(cfg.count, count);
  assert_string_equal(cfg.devices_text, value ? value : "auto");
}

static void parse_bad(const char *value) {
  gpupar__config cfg;
  char msg[512] = "", want[512];
  gpupar__config_defaults(&cfg);
  assert_int_equal(gpupar__config_parse_devices(value, &cfg, msg, sizeof msg), -1);
  snprintf(want, sizeof want, "GPUPAR_DEVICES='%s' is invalid: " GPUPAR__DEVICES_FORMS, value);
  assert_string_equal(msg, want);
  /* A failed parse leaves the configuration alone. */
  assert_int_equal(cfg.devices, GPUPAR__DEVICES_AUTO);
}

static void test_devices_valid(void **state) {
  (void)state;
  parse_ok(NULL, GPUPAR__DEVICES_AUTO, 0);
  parse_ok("auto", GPUPAR__DEVICES_AUTO, 0);
  parse_ok("cpu", GPUPAR__DEVICES_CPU, 0);
  parse_ok("cuda", GPUPAR__DEVICES_CUDA, 0);
  parse_ok("emu:1", GPUPAR__DEVICES_EMU, 1);
  parse_ok("emu:3", GPUPAR__DEVICES_EMU, 3);
  parse_ok("emu:64", GPUPAR__DEVICES_EMU, 64);
  parse_ok("cuda:0", GPUPAR__DEVICES_CUDA, 1);
  parse_ok("cuda:1023", GPUPAR__DEVICES_CUDA, 1);

  gpupar__config cfg;
  char msg[256];
  assert_int_equal(gpupar__config_parse_devices("cuda:2,0,7", &cfg, msg, sizeof msg), 0);
  assert_int_equal(cfg.count, 3);
  assert_int_equal(cfg.cuda_ids[0], 2);
  assert_int_equal(cfg.cuda_ids[1], 0);
  assert_int_equal(cfg.cuda_ids[2], 7);
}

static void test_devices_malformed(void **state) {
  (void)state;
  const char *bad[] = {"emu:0",   "emu:65",  "emu:x",     "emu:",      "emu",    "emu:-1",
                       "emu:1x",  "emu:01",  "emu:99999", "emu: 2",    "cuda:",  "cuda:1,1",
                       "cuda:-1", "cuda:0,", "cuda:,0",   "cuda:0,,1", "cuda:a", "cuda:1024",
                       "cuda:0 ", "cuda0",   "garbage",   "",          "AUTO",   "Cpu",
                       " cpu",    "cpu ",    "gpu",       "cuda:+1"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    parse_bad(bad[i]);
}

static void test_devices_list_limit(void **state) {
  (void)state;
  char value[512] = "cuda:";
  for (int i = 0; i < 64; i++)
    snprintf(value + strlen(value), sizeof value - strlen(value), "%s%d", i ? "," : "", i);
  gpupar__config cfg;
  char msg[512];
  assert_int_equal(gpupar__config_parse_devices(value, &cfg, msg, sizeof msg), 0);
  assert_int_equal(cfg.count, 64);
  strcat(value, ",64");
  assert_int_equal(gpupar__config_parse_devices(value, &cfg, msg, sizeof msg), -1);
}

static void test_log_levels(void **state) {
  (void)state;
  int level = -1;
  char msg[256] = "";
  assert_int_equal(gpupar__config_parse_log(NULL, &level, msg, sizeof msg), 0);
  assert_int_equal(level, GPUPAR__LOG_WARN);
  const char *names[] = {"error", "warn", "info", "debug"};
  for (int i = 0; i < 4; i++) {
    assert_int_equal(gpupar__config_parse_log(names[i], &level, msg, sizeof msg), 0);
    assert_int_equal(level, i);
  }
  const char *bad[] = {"", "warning", "WARN", "verbose", "2", "info ", "trace"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    level = 7;
    assert_int_equal(gpupar__config_parse_log(bad[i], &level, msg, sizeof msg), -1);
    assert_int_equal(level, 7);
    char want[256];
    snprintf(want, sizeof want, "GPUPAR_LOG='%s' is invalid: " GPUPAR__LOG_FORMS, bad[i]);
    assert_string_equal(msg, want);
  }
}

static void test_from_env(void **state) {
  (void)state;
  gpupar__config cfg;
  char msg[512];
  setenv("GPUPAR_DEVICES", "emu:5", 1);
  setenv("GPUPAR_LOG", "debug", 1);
  setenv("GPUPAR_TRACE", "/tmp/t.json", 1);
  assert_int_equal(gpupar__config_from_env(&cfg, msg, sizeof msg), 0);
  assert_int_equal(cfg.devices, GPUPAR__DEVICES_EMU);
  assert_int_equal(cfg.count, 5);
  assert_int_equal(cfg.log_level, GPUPAR__LOG_DEBUG);
  assert_string_equal(cfg.trace_path, "/tmp/t.json");
  setenv("GPUPAR_LOG", "loud", 1);
  assert_int_equal(gpupar__config_from_env(&cfg, msg, sizeof msg), -1);
  assert_non_null(strstr(msg, "GPUPAR_LOG='loud'"));
  unsetenv("GPUPAR_LOG");
  setenv("GPUPAR_DEVICES", "emu:0", 1);
  assert_int_equal(gpupar__config_from_env(&cfg, msg, sizeof msg), -1);
  assert_non_null(strstr(msg, "GPUPAR_DEVICES='emu:0' is invalid"));
  unsetenv("GPUPAR_DEVICES");
  unsetenv("GPUPAR_TRACE");
  assert_int_equal(gpupar__config_from_env(&cfg, msg, sizeof msg), 0);
  assert_int_equal(cfg.devices, GPUPAR__DEVICES_AUTO);
  assert_int_equal(cfg.log_level, GPUPAR__LOG_WARN);
  assert_string_equal(cfg.trace_path, "");
}

static void test_select(void **state) {
  (void)state;
  static gpupar__registry reg;
  gpupar__config cfg;
  char msg[1024];
  gpupar__config_defaults(&cfg);

  assert_int_equal(gpupar__config_parse_devices("emu:4", &cfg, msg, sizeof msg), 0);
  assert_int_equal(gpupar__registry_select(&reg, &cfg, msg, sizeof msg), 0);
  assert_int_equal(reg.backend, GPUPAR_BACKEND_EMU);
  assert_int_equal(reg.ndev, 4);
  assert_string_equal(reg.dev[3].info.name, "emu:3");

  assert_int_equal(gpupar__config_parse_devices("cpu", &cfg, msg, sizeof msg), 0);
  assert_int_equal(gpupar__registry_select(&reg, &cfg, msg, sizeof msg), 0);
  assert_int_equal(reg.backend, GPUPAR_BACKEND_CPU);
  assert_int_equal(reg.ndev, 0);

  /* No machine has a CUDA device 1000. */
  assert_int_equal(gpupar__config_parse_devices("cuda:1000", &cfg, msg, sizeof msg), 0);
  assert_int_equal(gpupar__registry_select(&reg, &cfg, msg, sizeof msg), -1);
  assert_non_null(strstr(msg, "GPUPAR_DEVICES='cuda:1000' is invalid: "));
  assert_non_null(strstr(msg, GPUPAR__DEVICES_FORMS));

  const gpupar__cuda_probe *probe = gpupar__cuda_probe_get();
  assert_int_equal(gpupar__config_parse_devices("auto", &cfg, msg, sizeof msg), 0);
  assert_int_equal(gpupar__registry_select(&reg, &cfg, msg, sizeof msg), 0);
  if (probe->count == 0) {
    /* Without a GPU: auto means cpu, and cuda is a configuration error. */
    assert_true(strlen(probe->reason) > 0);
    assert_int_equal(reg.backend, GPUPAR_BACKEND_CPU);
    assert_non_null(strstr(reg.reason, probe->reason));
    assert_int_equal(gpupar__config_parse_devices("cuda", &cfg, msg, sizeof msg), 0);
    assert_int_equal(gpupar__registry_select(&reg, &cfg, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "GPUPAR_DEVICES='cuda' is invalid: no usable GPU: "));
  } else {
    assert_int_equal(reg.backend, GPUPAR_BACKEND_CUDA);
    assert_true(reg.ndev > 0);
  }
}

/* Parses `name`=`value` into a default configuration; returns it. */
static gpupar__config var_ok(const char *name, const char *value) {
  gpupar__config cfg;
  char msg[512] = "";
  gpupar__config_defaults(&cfg);
  if (gpupar__config_parse_var(name, value, &cfg, msg, sizeof msg) != 0)
    fail_msg("%s='%s' rejected: %s", name, value, msg);
  return cfg;
}

static void var_bad(const char *name, const char *value) {
  gpupar__config cfg, before;
  char msg[512] = "", want[256];
  gpupar__config_defaults(&cfg);
  before = cfg;
  if (gpupar__config_parse_var(name, value, &cfg, msg, sizeof msg) != -1)
    fail_msg("%s='%s' accepted", name, value);
  snprintf(want, sizeof want, "%s='%s' is invalid: expected ", name, value);
  if (strncmp(msg, want, strlen(want)) != 0)
    fail_msg("message for %s='%s': %s", name, value, msg);
  assert_memory_equal(&cfg, &before, sizeof cfg); /* untouched */
}

static void test_tuning_vars(void **state) {
  (void)state;
  gpupar__config cfg;
  gpupar__config_defaults(&cfg);
  assert_int_equal(cfg.streams, 2);
  assert_int_equal(cfg.min_bytes, -1);
  assert_int_equal(cfg.min_trip, 16384);
  assert_int_equal(cfg.force, GPUPAR__FORCE_NONE);
  assert_int_equal(var_ok("GPUPAR_STREAMS", "3").streams, 3);
  assert_int_equal(var_ok("GPUPAR_THREADS", "16").threads, 16);
  assert_int_equal(var_ok("GPUPAR_MIN_BYTES", "0").min_bytes, 0);
  assert_int_equal(var_ok("GPUPAR_PIN_LIMIT", "0").pin_limit, 0);
  assert_int_equal(var_ok("GPUPAR_PIN_LIMIT", "1G").pin_limit, 1 << 30);
  assert_int_equal(var_ok("GPUPAR_MIN_BYTES", "64K").min_bytes, 65536);
  assert_int_equal(var_ok("GPUPAR_MIN_BYTES", "2M").min_bytes, 2 << 20);
  assert_int_equal(var_ok("GPUPAR_MIN_BYTES", "1G").min_bytes, 1 << 30);
  assert_int_equal(var_ok("GPUPAR_MIN_TRIP", "100").min_trip, 100);
  assert_int_equal(var_ok("GPUPAR_FORCE", "gpu").force, GPUPAR__FORCE_GPU);
  assert_int_equal(var_ok("GPUPAR_FORCE", "cpu").force, GPUPAR__FORCE_CPU);
  assert_int_equal(var_ok("GPUPAR_PROFILE", "1").profile, 1);
  assert_int_equal(cfg.commit, GPUPAR__COMMIT_AUTO);
  assert_int_equal(var_ok("GPUPAR_COMMIT", "chunk").commit, GPUPAR__COMMIT_CHUNK);
  assert_int_equal(var_ok("GPUPAR_COMMIT", "round").commit, GPUPAR__COMMIT_ROUND);
  assert_int_equal(var_ok("GPUPAR_COMMIT", "auto").commit, GPUPAR__COMMIT_AUTO);
  assert_true(var_ok("GPUPAR_HYBRID", "0").hybrid == 0);
  assert_true(var_ok("GPUPAR_HYBRID", "1").hybrid == -1);
  assert_true(var_ok("GPUPAR_HYBRID", "0.25").hybrid == 0.25);
  cfg = var_ok("GPUPAR_EMU_SPEEDS", "1,2.5,1");
  assert_int_equal(cfg.nspeeds, 3);
  assert_true(cfg.emu_speeds[1] == 2.5);
  const char *bad[][2] = {
      {"GPUPAR_STREAMS", "0"},       {"GPUPAR_STREAMS", "9"},       {"GPUPAR_STREAMS", ""},
      {"GPUPAR_STREAMS", "2x"},      {"GPUPAR_THREADS", "0"},       {"GPUPAR_THREADS", "-1"},
      {"GPUPAR_THREADS", "1025"},    {"GPUPAR_MIN_BYTES", "-1"},    {"GPUPAR_MIN_BYTES", "12X"},
      {"GPUPAR_MIN_BYTES", "1KB"},   {"GPUPAR_MIN_BYTES", ""},      {"GPUPAR_MIN_TRIP", "ten"},
      {"GPUPAR_FORCE", "gpus"},      {"GPUPAR_FORCE", ""},          {"GPUPAR_FORCE", "GPU"},
      {"GPUPAR_PROFILE", "yes"},     {"GPUPAR_PROFILE", ""},        {"GPUPAR_HYBRID", "2"},
      {"GPUPAR_HYBRID", "1.0"},      {"GPUPAR_HYBRID", "0."},       {"GPUPAR_HYBRID", "-0.5"},
      {"GPUPAR_HYBRID", ".5"},       {"GPUPAR_EMU_SPEEDS", ""},     {"GPUPAR_EMU_SPEEDS", "1,,2"},
      {"GPUPAR_EMU_SPEEDS", "0"},    {"GPUPAR_EMU_SPEEDS", "1,-2"}, {"GPUPAR_EMU_SPEEDS", "1,2,"},
      {"GPUPAR_FAULT", "oom@emu:x"}, {"GPUPAR_FAULT", ""},          {"GPUPAR_COMMIT", "early"},
      {"GPUPAR_COMMIT", ""}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    var_bad(bad[i][0], bad[i][1]);
  /* Unset keeps the default; every listed variable is known. */
  for (int i = 0; gpupar__config_vars[i]; i++) {
    gpupar__config_defaults(&cfg);
    char msg[64];
    assert_int_equal(gpupar__config_parse_var(gpupar__config_vars[i], NULL, &cfg, msg, sizeof msg),
                     0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_devices_valid),      cmocka_unit_test(test_devices_malformed),
      cmocka_unit_test(test_devices_list_limit), cmocka_unit_test(test_log_levels),
      cmocka_unit_test(test_from_env),           cmocka_unit_test(test_select),
      cmocka_unit_test(test_tuning_vars)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
