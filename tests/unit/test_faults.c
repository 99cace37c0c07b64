/* Failures: a fake backend that fails at the n-th alloc, copy_in, launch, copy_out, sync or
 * device reduction, and the injected faults of GPUPAR_FAULT (oom, launch, lost, reduce) on emu
 * devices. Whatever fails, the
 * results must equal the serial loop's (every iteration committed exactly once), the trace must
 * show the expected fallbacks, warnings come once per (site, device, kind), and no device buffer
 * may leak. Run with GPUPAR_TRACE set (events are inspected in memory). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backends/backend.h"
#include "execute/exec.h"
#include "gather/nccl_dl.h"
#include "log.h"
#include "loops.h"
#include "memory/devmem.h"
#include "registry.h"
#include "trace.h"

enum { OP_ALLOC, OP_COPY_IN, OP_LAUNCH, OP_COPY_OUT, OP_SYNC, OP_REDUCE, NOPS };
static const char *const op_names[NOPS] = {"alloc",    "copy_in", "launch",
                                           "copy_out", "sync",    "reduce"};
static int calls[NOPS], fail_op = -1, fail_at, fail_status = GPUPAR_EDEVICE, outstanding;

/* Returns nonzero (and sets `err`) when this call of `op` is the one to fail (devices call
 * from their issuing threads at once: counted atomically). */
static int inject(int op, gpupar__error *err) {
  if (__atomic_add_fetch(&calls[op], 1, __ATOMIC_RELAXED) == fail_at && op == fail_op) {
    gpupar__fail(err, fail_status, "injected %s failure", op_names[op]);
    return 1;
  }
  return 0;
}

static int fake_alloc(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err) {
  *ptr = NULL;
  if (inject(OP_ALLOC, err))
    return err->status;
  int rc = gpupar__backend_emu.alloc(dev, bytes, ptr, err);
  __atomic_add_fetch(&outstanding, rc == GPUPAR_OK, __ATOMIC_RELAXED);
  return rc;
}

static void fake_free(gpupar__device *dev, void *ptr) {
  __atomic_sub_fetch(&outstanding, ptr != NULL, __ATOMIC_RELAXED);
  gpupar__backend_emu.free(dev, ptr);
}

static int fake_copy_in(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                        gpupar__error *err) {
  return inject(OP_COPY_IN, err) ? err->status
                                 : gpupar__backend_emu.copy_in(dev, s, dst, src, bytes, err);
}

static int fake_copy_out(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                         gpupar__error *err) {
  return inject(OP_COPY_OUT, err) ? err->status
                                  : gpupar__backend_emu.copy_out(dev, s, dst, src, bytes, err);
}

static int fake_launch(gpupar__device *dev, int s, const gpupar_loop *loop, gpupar_launch *launch,
                       gpupar__error *err) {
  return inject(OP_LAUNCH, err) ? err->status
                                : gpupar__backend_emu.launch(dev, s, loop, launch, err);
}

static int fake_sync(gpupar__device *dev, int s, gpupar__error *err) {
  return inject(OP_SYNC, err) ? err->status : gpupar__backend_emu.sync(dev, s, err);
}

static int fake_reduce(gpupar__device *const *devs, int n, int root, void *const *src, void *dst,
                       long long count, int kind, size_t size, int op, gpupar__error *err) {
  return inject(OP_REDUCE, err)
             ? err->status
             : gpupar__backend_emu.reduce(devs, n, root, src, dst, count, kind, size, op, err);
}

static const gpupar__backend fake = {.name = "fake",
                                     .kind = GPUPAR_BACKEND_EMU,
                                     .async = 1,
                                     .alloc = fake_alloc,
                                     .free = fake_free,
                                     .copy_in = fake_copy_in,
                                     .copy_out = fake_copy_out,
                                     .launch = fake_launch,
                                     .can_reduce = gpupar__nccl_can_reduce,
                                     .reduce = fake_reduce,
                                     .sync = fake_sync};

/* Frees every cached device block, so that `outstanding` counts leaks only. */
static void drain_pools(void) {
  gpupar__registry *reg = gpupar__registry_get();
  for (int i = 0; i < reg->ndev; i++)
    gpupar__dev_drain(&reg->dev[i]);
}

/* Host data of one case: all arrays in one block so one memcmp checks everything. */
enum { N = 2999, M = 17 };
typedef struct data {
  float x[N], y[N];
  double sx[N], sy[2 * N + 1];
  float in[N / M * M], out[N / M * M];
  int hx[N], hw[N], hbin[N];
  long long hist[HIST_BINS];
  double top[HIST_TOPS];
  int perm[N], keep[N];
  double v[N], dst[2 * N + 1], sout[N];
} data;

static void fill(data *d) {
  memset(d, 0xA5, sizeof *d);
  for (int i = 0; i < N; i++) {
    d->x[i] = (float)i;
    d->y[i] = (float)(N - i);
    d->sx[i] = i * 0.5;
  }
  for (int i = 0; i < N / M * M; i++)
    d->in[i] = (float)(i % 31);
  for (int i = 0; i < N; i++) {
    d->hx[i] = (i * 7919) % 1000;
    d->hw[i] = i % 13 - 6;
  }
  for (int b = 0; b < HIST_BINS; b++)
    d->hist[b] = b; /* the values before the loop count once */
  for (int b = 0; b < HIST_TOPS; b++)
    d->top[b] = b - 3.0;
  for (int i = 0; i < N; i++) { /* a scatter into every other element, from the end */
    d->perm[i] = 2 * (N - 1 - i) + 1;
    d->keep[i] = i % 3 != 0;
    d->v[i] = i * 0.5;
  }
}

typedef int (*case_fn)(data *d);
static int case_saxpy(data *d) { return saxpy_offload(N, 3.0f, d->x, d->y); }
static int case_strided(data *d) {
  return strided_offload(N - 1, 0, -1, GPUPAR_GE, d->sx, d->sy, NULL);
}
static int case_stencil(data *d) { return stencil_offload(N / M, M, d->in, d->out); }
static int case_hist(data *d) { return hist_offload(N, d->hx, d->hw, d->hbin, d->hist, d->top); }
static int case_scatter(data *d) {
  return scatter_offload(N, 2 * N + 1, d->perm, d->keep, d->v, d->dst, d->sout);
}
static const case_fn cases[] = {case_saxpy, case_strided, case_stencil, case_hist, case_scatter};

/* The serial results of case `c` from `d`'s initial state. */
static void serial(size_t c, data *d) {
  if (c == 0)
    saxpy_serial(N, 3.0f, d->x, d->y);
  else if (c == 1)
    strided_serial(N - 1, 0, -1, GPUPAR_GE, d->sx, d->sy);
  else if (c == 2)
    stencil_serial(N / M, M, d->in, d->out);
  else if (c == 3)
    hist_serial(N, d->hx, d->hw, d->hbin, d->hist, d->top);
  else
    scatter_serial(N, d->perm, d->keep, d->v, d->dst, d->sout);
}

static void test_every_failure(void **state) {
  (void)state;
  static data d, want;
  loops_skip_host_fallback = 1; /* gpupar_run must do it all */
  for (int ndev = 1; ndev <= 3; ndev += 2) {
    assert_int_equal(gpupar__registry_install(&fake, ndev), GPUPAR_OK);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      /* A run without failures counts the calls of each operation. */
      memset(calls, 0, sizeof calls);
      fail_op = -1;
      fill(&d);
      assert_int_equal(cases[c](&d), 1);
      int total[NOPS];
      memcpy(total, calls, sizeof total);
      for (int op = 0; op < NOPS; op++) {
        for (int st = 0; st < 2; st++) {
          fail_status = st ? GPUPAR_ENOMEM : GPUPAR_EDEVICE;
          for (int at = 1; at <= total[op]; at++) {
            memset(calls, 0, sizeof calls);
            fail_op = op;
            fail_at = at;
            fill(&d);
            fill(&want);
            serial(c, &want);
            if (cases[c](&d) != 1)
              fail_msg("case %zu: gpupar_run gave up after a %s failure at call %d", c,
                       op_names[op], at);
            if (memcmp(&d, &want, sizeof d) != 0)
              fail_msg("case %zu: results differ from the serial loop after a %s failure (%s) at "
                       "call %d",
                       c, op_names[op], gpupar_status_name(fail_status), at);
          }
        }
      }
      drain_pools();
      assert_int_equal(outstanding, 0);
    }
  }
  fail_op = -1;
  fail_status = GPUPAR_EDEVICE;
  loops_skip_host_fallback = 0;
}

/* --- GPUPAR_FAULT on emu devices ---------------------------------------------------------- */

static gpupar__trace_event events[1 << 16];

/* Returns how many events since `from` match (NULL matches anything). */
static int count_events(size_t from, int cat, const char *device, const char *kind) {
  size_t n = gpupar__trace_copy(events, sizeof events / sizeof events[0]);
  int count = 0;
  for (size_t i = from; i < n && i < sizeof events / sizeof events[0]; i++)
    if (events[i].cat == cat && (!device || strcmp(events[i].device, device) == 0) &&
        (!kind || strcmp(events[i].kind, kind) == 0))
      count++;
  return count;
}

/* Returns the first fault event since `from`, or NULL. */
static const gpupar__trace_event *first_fault(size_t from) {
  size_t n = gpupar__trace_copy(events, sizeof events / sizeof events[0]);
  for (size_t i = from; i < n; i++)
    if (events[i].cat == GPUPAR__TRACE_FAULT)
      return &events[i];
  return NULL;
}

/* Runs saxpy over `n` elements through gpupar_run only and checks it against the serial loop. */
static void saxpy_checked(int n) {
  float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y),
        *want = malloc((size_t)n * sizeof *want);
  assert_true(x && y && want);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 101);
    y[i] = want[i] = (float)(i % 7) - 2.0f;
  }
  saxpy_serial(n, 0.5f, x, want);
  loops_skip_host_fallback = 1;
  assert_int_equal(saxpy_offload(n, 0.5f, x, y), 1);
  loops_skip_host_fallback = 0;
  assert_memory_equal(y, want, (size_t)n * sizeof *y);
  free(x);
  free(y);
  free(want);
}

static void use_faults(const char *spec) {
  gpupar__trace_clear();
  assert_int_equal(gpupar__registry_set("GPUPAR_FAULT", spec), 0);
  assert_int_equal(gpupar__registry_install(&gpupar__backend_emu, 3), GPUPAR_OK);
}

static void test_fault_oom_splits(void **state) {
  (void)state;
  /* One stream: one sub-chunk per device, whatever the work-sized count would be. 4M floats:
   * emu:1's sub-chunk needs about 5.6 MB per array, more than the injected limit. */
  assert_int_equal(gpupar__registry_set("GPUPAR_STREAMS", "1"), 0);
  use_faults("oom@emu:1");
  size_t from = gpupar__trace_copy(NULL, 0);
  saxpy_checked(4 << 20);
  const gpupar__trace_event *f = first_fault(from);
  assert_non_null(f);
  assert_string_equal(f->device, "emu:1");
  assert_string_equal(f->kind, "oom");
  assert_string_equal(f->action, "split in two, retried on emu:1");
  /* emu:1 still did its share, in smaller chunks; nothing went to the host. */
  assert_true(count_events(from, GPUPAR__TRACE_CHUNK, "emu:1", NULL) > 4);
  assert_int_equal(count_events(from, GPUPAR__TRACE_CHUNK, "cpu", NULL), 0);
  assert_int_equal(gpupar__registry_set("GPUPAR_STREAMS", "2"), 0);
  use_faults("");
}

static void test_fault_oom_everywhere(void **state) {
  (void)state;
  use_faults("oom@emu:0,oom@emu:1,oom@emu:2");
  size_t from = gpupar__trace_copy(NULL, 0);
  /* One stencil row is 2 MB: even one iteration does not fit: split, move, then the host. */
  int n = 12, m = 1 << 19;
  size_t size = (size_t)n * (size_t)m;
  float *in = malloc(size * sizeof *in), *out = malloc(size * sizeof *out),
        *want = malloc(size * sizeof *want);
  assert_true(in && out && want);
  for (size_t i = 0; i < size; i++)
    in[i] = (float)(i % 1000);
  memset(out, 0, size * sizeof *out);
  memset(want, 0, size * sizeof *want);
  stencil_serial(n, m, in, want);
  loops_skip_host_fallback = 1;
  assert_int_equal(stencil_offload(n, m, in, out), 1);
  loops_skip_host_fallback = 0;
  assert_memory_equal(out, want, size * sizeof *out);
  assert_true(count_events(from, GPUPAR__TRACE_FAULT, "emu:0", "oom") > 0);
  assert_true(count_events(from, GPUPAR__TRACE_CHUNK, "cpu", NULL) > 0);
  assert_int_equal(count_events(from, GPUPAR__TRACE_CHUNK, "emu:0", NULL), 0);
  free(in);
  free(out);
  free(want);
  use_faults("");
}

static char *read_log(FILE *f) {
  static char text[1 << 16];
  rewind(f);
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  return text;
}

static int count_lines(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
    n++;
  return n;
}

static void test_fault_launch(void **state) {
  (void)state;
  use_faults("launch@emu:2");
  FILE *log = tmpfile();
  assert_non_null(log);
  gpupar__log_set_stream(log);
  gpupar__log_set_level(GPUPAR__LOG_WARN);
  size_t from = gpupar__trace_copy(NULL, 0);
  for (int call = 0; call < 3; call++)
    saxpy_checked(30000);
  gpupar__log_set_stream(NULL);
  gpupar__log_set_level(GPUPAR__LOG_ERROR);
  const gpupar__trace_event *f = first_fault(from);
  assert_non_null(f);
  assert_string_equal(f->device, "emu:2");
  assert_string_equal(f->kind, "launch");
  assert_true(strncmp(f->action, "moved to emu:", 13) == 0);
  assert_int_equal(count_events(from, GPUPAR__TRACE_CHUNK, "emu:2", NULL), 0);
  assert_int_equal(count_events(from, GPUPAR__TRACE_CHUNK, "cpu", NULL), 0);
  /* One warning for three calls with several failed chunks each. */
  const char *text = read_log(log);
  assert_int_equal(count_lines(text, "gpupar: warning: saxpy.c:3: emu:2: kernel launch failed"), 1);
  fclose(log);
  use_faults("");
}

static void test_fault_lost(void **state) {
  (void)state;
  use_faults("lost@emu:1");
  FILE *log = tmpfile();
  assert_non_null(log);
  gpupar__log_set_stream(log);
  gpupar__log_set_level(GPUPAR__LOG_WARN);
  size_t from = gpupar__trace_copy(NULL, 0);
  saxpy_checked(3000); /* first call: emu:1 completes its chunk */
  assert_int_equal(count_events(from, GPUPAR__TRACE_CHUNK, "emu:1", NULL), 1);
  size_t second = gpupar__trace_copy(NULL, 0);
  saxpy_checked(3000); /* second call: emu:1 fails, its chunk reruns elsewhere */
  assert_int_equal(count_events(second, GPUPAR__TRACE_FAULT, "emu:1", "lost"), 1);
  assert_int_equal(count_events(second, GPUPAR__TRACE_CHUNK, "emu:1", NULL), 0);
  size_t third = gpupar__trace_copy(NULL, 0);
  saxpy_checked(3000); /* later calls do not try it any more */
  assert_int_equal(count_events(third, GPUPAR__TRACE_FAULT, NULL, NULL), 0);
  assert_int_equal(count_events(third, GPUPAR__TRACE_CHUNK, "emu:1", NULL), 0);
  assert_true(count_events(third, GPUPAR__TRACE_CHUNK, "emu:0", NULL) >= 1);
  assert_true(count_events(third, GPUPAR__TRACE_CHUNK, "emu:2", NULL) >= 1);
  gpupar_device_info info = GPUPAR_DEVICE_INFO_INIT;
  assert_int_equal(gpupar_device_get_info(1, &info), GPUPAR_OK);
  assert_int_equal(info.lost, 1);
  gpupar__log_set_stream(NULL);
  gpupar__log_set_level(GPUPAR__LOG_ERROR);
  const char *text = read_log(log);
  assert_int_equal(count_lines(text, "emu:1: device lost"), 1);
  fclose(log);
  use_faults("");
}

static void test_fault_everywhere_runs_on_host(void **state) {
  (void)state;
  use_faults("launch@emu:0,launch@emu:1,lost@emu:2");
  size_t from = gpupar__trace_copy(NULL, 0);
  for (int call = 0; call < 3; call++)
    saxpy_checked(5000);
  assert_true(count_events(from, GPUPAR__TRACE_CHUNK, "cpu", NULL) >= 2);
  static data d, want;
  loops_skip_host_fallback = 1;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    fill(&d);
    fill(&want);
    serial(c, &want);
    assert_int_equal(cases[c](&d), 1);
    assert_memory_equal(&d, &want, sizeof d);
  }
  loops_skip_host_fallback = 0;
  use_faults("");
}

/* Returns the bytes of "reductions" copies since `from` in direction `dir` on `device`. */
static size_t reduction_bytes(size_t from, int dir, const char *device) {
  size_t n = gpupar__trace_copy(events, sizeof events / sizeof events[0]), bytes = 0;
  for (size_t i = from; i < n && i < sizeof events / sizeof events[0]; i++)
    if (events[i].cat == GPUPAR__TRACE_COPY && events[i].dir == dir &&
        strcmp(events[i].array, "reductions") == 0 && strcmp(events[i].device, device) == 0)
      bytes += events[i].bytes;
  return bytes;
}

/* Runs the histogram case through gpupar_run only and checks every element. */
static void hist_checked(void) {
  static data d, want;
  fill(&d);
  fill(&want);
  serial(3, &want);
  loops_skip_host_fallback = 1;
  assert_int_equal(case_hist(&d), 1);
  loops_skip_host_fallback = 0;
  assert_memory_equal(&d, &want, sizeof d);
}

static void test_reductions_on_devices(void **state) {
  (void)state;
  use_faults("");
  size_t from = gpupar__trace_copy(NULL, 0);
  hist_checked();
  /* emu:1 and emu:2 send their buffers to emu:0, which alone copies the result home. */
  size_t one = reduction_bytes(from, GPUPAR__D2H, "emu:0");
  assert_true(one >= HIST_BINS * sizeof(long long) + HIST_TOPS * sizeof(double));
  assert_int_equal(reduction_bytes(from, GPUPAR__D2D, "emu:0"), 2 * one);
  assert_int_equal(reduction_bytes(from, GPUPAR__D2H, "emu:1"), 0);
  assert_int_equal(reduction_bytes(from, GPUPAR__D2H, "emu:2"), 0);
  /* GPUPAR_REDUCE=host: every device copies its buffer, the host combines. */
  assert_int_equal(gpupar__registry_set("GPUPAR_REDUCE", "host"), 0);
  use_faults("");
  from = gpupar__trace_copy(NULL, 0);
  hist_checked();
  assert_int_equal(reduction_bytes(from, GPUPAR__D2D, "emu:0"), 0);
  for (int i = 0; i < 3; i++) {
    char name[16];
    snprintf(name, sizeof name, "emu:%d", i);
    assert_int_equal(reduction_bytes(from, GPUPAR__D2H, name), one);
  }
  assert_int_equal(gpupar__registry_set("GPUPAR_REDUCE", "devices"), 0);
  use_faults("");
}

static void test_fault_reduce(void **state) {
  (void)state;
  use_faults("reduce@emu:2");
  size_t from = gpupar__trace_copy(NULL, 0);
  hist_checked();
  /* Combining on the devices failed: each device's buffer came home on its own. */
  size_t one = reduction_bytes(from, GPUPAR__D2H, "emu:1");
  assert_true(one > 0);
  assert_int_equal(reduction_bytes(from, GPUPAR__D2H, "emu:0"), one);
  assert_int_equal(reduction_bytes(from, GPUPAR__D2H, "emu:2"), one);
  assert_int_equal(count_events(from, GPUPAR__TRACE_FAULT, NULL, NULL), 0);
  /* Faults that move chunks: the device buffers of the round must not count twice. */
  use_faults("launch@emu:0,oom@emu:1,reduce@emu:1");
  hist_checked();
  use_faults("lost@emu:2");
  hist_checked();
  hist_checked(); /* emu:2 is lost during this call */
  use_faults("");
}

static void test_fault_spec_errors(void **state) {
  (void)state;
  const char *bad[] = {
      "",           "oom",       "oom@",       "oom@emu",   "boom@emu:1",
      "oom@emu:1,", "oom@EMU:1", "oom@emu:01", "oom@emu:x", "lost@emu:1;launch@emu:2",
      "@emu:1",     "oom@:1"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    gpupar__config cfg;
    char msg[512];
    gpupar__config_defaults(&cfg);
    if (gpupar__config_parse_var("GPUPAR_FAULT", bad[i], &cfg, msg, sizeof msg) != -1)
      fail_msg("GPUPAR_FAULT='%s' accepted", bad[i]);
    char want[512];
    snprintf(want, sizeof want, "GPUPAR_FAULT='%s' is invalid: " GPUPAR__FAULT_FORMS, bad[i]);
    assert_string_equal(msg, want);
  }
  gpupar__config cfg;
  char msg[512];
  gpupar__config_defaults(&cfg);
  assert_int_equal(gpupar__config_parse_var("GPUPAR_FAULT",
                                            "oom@emu:1,launch@cuda:0,lost@emu:12,reduce@cuda:1",
                                            &cfg, msg, sizeof msg),
                   0);
  assert_int_equal(cfg.nfaults, 4);
  assert_int_equal(cfg.faults[1].kind, GPUPAR__FAULT_LAUNCH);
  assert_string_equal(cfg.faults[2].dev, "emu:12");
  assert_int_equal(cfg.faults[3].kind, GPUPAR__FAULT_REDUCE);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_fault_spec_errors),
                                     cmocka_unit_test(test_fault_oom_splits),
                                     cmocka_unit_test(test_fault_oom_everywhere),
                                     cmocka_unit_test(test_fault_launch),
                                     cmocka_unit_test(test_fault_lost),
                                     cmocka_unit_test(test_fault_everywhere_runs_on_host),
                                     cmocka_unit_test(test_reductions_on_devices),
                                     cmocka_unit_test(test_fault_reduce),
                                     cmocka_unit_test(test_every_failure)};
  gpupar_init();
  gpupar__log_set_level(GPUPAR__LOG_ERROR); /* the expected warnings would flood the output */
  return cmocka_run_group_tests(tests, NULL, NULL);
}
