/* A fake backend that fails at the n-th alloc, copy_in, launch, copy_out or sync: gpupar_run must
 * then return 0, leave host memory bit-identical and free every device buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backend.h"
#include "log.h"
#include "loops.h"
#include "registry.h"

enum { OP_ALLOC, OP_COPY_IN, OP_LAUNCH, OP_COPY_OUT, OP_SYNC, NOPS };
static const char *const op_names[NOPS] = {"alloc", "copy_in", "launch", "copy_out", "sync"};
static int calls[NOPS], fail_op = -1, fail_at, outstanding;

/* Returns nonzero (and sets `err`) when this call of `op` is the one to fail. */
static int inject(int op, gpupar__error *err) {
  if (++calls[op] == fail_at && op == fail_op) {
    gpupar__fail(err, GPUPAR_EDEVICE, "injected %s failure", op_names[op]);
    return 1;
  }
  return 0;
}

static int fake_alloc(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err) {
  *ptr = NULL;
  if (inject(OP_ALLOC, err))
    return err->status;
  int rc = gpupar__backend_emu.alloc(dev, bytes, ptr, err);
  outstanding += rc == GPUPAR_OK;
  return rc;
}

static void fake_free(gpupar__device *dev, void *ptr) {
  outstanding -= ptr != NULL;
  gpupar__backend_emu.free(dev, ptr);
}

static int fake_copy_in(gpupar__device *dev, void *dst, const void *src, size_t bytes,
                        gpupar__error *err) {
  return inject(OP_COPY_IN, err) ? err->status
                                 : gpupar__backend_emu.copy_in(dev, dst, src, bytes, err);
}

static int fake_copy_out(gpupar__device *dev, void *dst, const void *src, size_t bytes,
                         gpupar__error *err) {
  return inject(OP_COPY_OUT, err) ? err->status
                                  : gpupar__backend_emu.copy_out(dev, dst, src, bytes, err);
}

static int fake_launch(gpupar__device *dev, const gpupar_loop *loop, gpupar_launch *launch,
                       gpupar__error *err) {
  return inject(OP_LAUNCH, err) ? err->status : gpupar__backend_emu.launch(dev, loop, launch, err);
}

static int fake_sync(gpupar__device *dev, gpupar__error *err) {
  return inject(OP_SYNC, err) ? err->status : gpupar__backend_emu.sync(dev, err);
}

static const gpupar__backend fake = {.name = "fake",
                                     .kind = GPUPAR_BACKEND_EMU,
                                     .async = 1,
                                     .alloc = fake_alloc,
                                     .free = fake_free,
                                     .copy_in = fake_copy_in,
                                     .copy_out = fake_copy_out,
                                     .launch = fake_launch,
                                     .sync = fake_sync};

/* Host data of one case: all arrays in one block so one memcmp checks everything. */
enum { N = 999, M = 17 };
typedef struct data {
  float x[N], y[N];
  double sx[N], sy[2 * N + 1];
  float in[N / M * M], out[N / M * M];
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
}

typedef int (*case_fn)(data *d);
static int case_saxpy(data *d) { return saxpy_offload(N, 3.0f, d->x, d->y); }
static int case_strided(data *d) {
  return strided_offload(N - 1, 0, -1, GPUPAR_GE, d->sx, d->sy, NULL);
}
static int case_stencil(data *d) { return stencil_offload(N / M, M, d->in, d->out); }
static const case_fn cases[] = {case_saxpy, case_strided, case_stencil};

static void test_every_failure(void **state) {
  (void)state;
  static data d, before;
  loops_skip_host_fallback = 1;
  for (int ndev = 1; ndev <= 3; ndev += 2) {
    assert_int_equal(gpupar__registry_install(&fake, ndev), GPUPAR_OK);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      /* A run without failures counts the calls of each operation. */
      memset(calls, 0, sizeof calls);
      fail_op = -1;
      fill(&d);
      assert_int_equal(cases[c](&d), 1);
      assert_int_equal(outstanding, 0);
      int total[NOPS];
      memcpy(total, calls, sizeof total);
      for (int op = 0; op < NOPS; op++) {
        assert_true(total[op] >= ndev || (op == OP_ALLOC && total[op] > 0));
        for (int at = 1; at <= total[op]; at++) {
          memset(calls, 0, sizeof calls);
          fail_op = op;
          fail_at = at;
          fill(&d);
          before = d;
          if (cases[c](&d) != 0)
            fail_msg("case %zu: gpupar_run succeeded despite a %s failure at call %d", c,
                     op_names[op], at);
          if (memcmp(&d, &before, sizeof d) != 0)
            fail_msg("case %zu: host memory changed after a %s failure at call %d", c, op_names[op],
                     at);
          assert_int_equal(outstanding, 0);
        }
      }
    }
  }
  fail_op = -1;
  loops_skip_host_fallback = 0;
}

static void test_warning_names_site_and_error(void **state) {
  (void)state;
  static data d;
  FILE *log = tmpfile();
  assert_non_null(log);
  gpupar__log_set_stream(log);
  gpupar__log_set_level(GPUPAR__LOG_WARN);
  assert_int_equal(gpupar__registry_install(&fake, 3), GPUPAR_OK);
  memset(calls, 0, sizeof calls);
  fail_op = OP_LAUNCH;
  fail_at = 2;
  fill(&d);
  /* With the host fallback: the result is still right. */
  float want[N];
  memcpy(want, d.y, sizeof want);
  saxpy_serial(N, 3.0f, d.x, want);
  assert_int_equal(case_saxpy(&d), 0);
  assert_memory_equal(d.y, want, sizeof want);
  gpupar__log_set_stream(NULL);
  gpupar__log_set_level(GPUPAR__LOG_ERROR);
  fail_op = -1;
  char text[1024] = "";
  rewind(log);
  size_t n = fread(text, 1, sizeof text - 1, log);
  text[n] = '\0';
  fclose(log);
  assert_string_equal(text, "gpupar: warning: saxpy.c:3: runs on the host: fake:1 failed: "
                            "injected launch failure\n");
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_failure),
                                     cmocka_unit_test(test_warning_names_site_and_error)};
  gpupar_init();
  gpupar__log_set_level(GPUPAR__LOG_ERROR); /* the expected warnings would flood the output */
  return cmocka_run_group_tests(tests, NULL, NULL);
}
