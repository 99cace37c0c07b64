/* The CUDA backend (backend_cuda.c) and NCCL (nccl_dl.c) called directly on the CUDA simulator
 * (docs/simulator.md), for the paths that the e2e programs reach only by chance or not at all.
 * One mode per process (argv[1]), each run by ctest with the GPUPAR_SIM_* settings it needs:
 *  - checks: the argument checks, a device's access to itself, the grid of a launch, device
 *    timing without a start, NCCL's refusals;
 *  - sets (4 GPUs): every ordered set of devices combines right, up to the 16 sets of
 *    communicators NCCL keeps; the 17th is refused with a message;
 *  - sticky (kernel@1, ncclkernel@2): CUDA calls on a lost device fail with its error; a
 *    collective with a rank on a lost device fails at once and the ranks already issued do not
 *    hang; a rank whose NCCL kernel fails is found by its stream, the communicators are aborted
 *    and not used again;
 *  - setdevice (kernel@1, ncclkernel@2, setdevice): cudaSetDevice returns the sticky error:
 *    every operation on the lost device fails there, and a reduction waiting for a lost rank is
 *    aborted;
 *  - close: closing the CUDA devices (a test installing other devices) destroys their streams;
 *  - openfail (event@1:2): a device whose open fails half-way is skipped, and what the open made
 *    is released. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <cuda_runtime_api.h>

#include "backends/backend.h"
#include "gather/nccl_dl.h"
#include "registry.h"

static const gpupar__backend *const be = &gpupar__backend_cuda;

static gpupar__device *dev(int i) {
  gpupar__registry *reg = gpupar__registry_get();
  assert_int_equal(reg->backend, GPUPAR_BACKEND_CUDA);
  assert_true(i < reg->ndev);
  return &reg->dev[i];
}

/* A kernel that does nothing, launched as the generated launchers do (kernel@D fails it). */
static void nop_body(void *args) { (void)args; }
static void nop_release(void *args) { (void)args; }
static int nop_cuda(const gpupar_launch *L) {
  unsigned grid[3] = {L->grid, 1, 1}, block[3] = {L->block, 1, 1};
  gpupar_sim_launch(grid, block, 0, (cudaStream_t)L->stream, nop_body, NULL, nop_release);
  return (int)cudaGetLastError();
}
static const gpupar_loop nop_loop = {
    .version = GPUPAR_VERSION_CODE, .site = "nop.c:1", .run_cuda = nop_cuda};
static const gpupar_loop no_kernel_loop = {.version = GPUPAR_VERSION_CODE, .site = "host.c:1"};

static int launch(gpupar__device *d, unsigned long long iters, gpupar_launch *L,
                  gpupar__error *err) {
  memset(L, 0, sizeof *L);
  L->end = iters;
  L->step = 1;
  return be->launch(d, 0, &nop_loop, L, err);
}

/* Launches the nop kernel on `d` (whose launches kernel@D fails): `d` is lost, seen by the
 * launch (when the kernel failed before cudaGetLastError) or the sync after it. */
static void lose(gpupar__device *d) {
  gpupar_launch L;
  gpupar__error err = {0};
  int rc = launch(d, 64, &L, &err);
  if (rc == GPUPAR_OK)
    rc = be->sync(d, -1, &err);
  assert_int_equal(rc, GPUPAR_EDEVICE);
  assert_non_null(strstr(err.msg, "unspecified launch failure"));
  assert_int_equal(atomic_load(&d->sticky), cudaErrorLaunchFailure);
}

/* 4 ints on `d`, all `value`. */
static int *ints_on(gpupar__device *d, int value) {
  void *p = NULL;
  gpupar__error err = {0};
  int h[4] = {value, value, value, value};
  assert_int_equal(be->alloc(d, sizeof h, &p, &err), GPUPAR_OK);
  assert_int_equal(be->copy_in(d, 0, p, h, sizeof h, &err), GPUPAR_OK);
  assert_int_equal(be->sync(d, 0, &err), GPUPAR_OK);
  return p;
}

/* Sums the 4 ints of src[i] (on ds[i]) into dst on ds[0] with be->reduce. */
static int reduce(gpupar__device **ds, int n, int **src, int *dst, gpupar__error *err) {
  void *s[GPUPAR__MAX_DEVICES];
  for (int i = 0; i < n; i++)
    s[i] = src[i];
  return be->reduce(ds, n, 0, s, dst, 4, GPUPAR_TYPE_SIGNED, sizeof(int), GPUPAR_RED_ADD, err);
}

static void expect_msg(const gpupar__error *err, const char *want) {
  if (!strstr(err->msg, want))
    fail_msg("message '%s' lacks '%s'", err->msg, want);
}

static void test_checks(void **state) {
  (void)state;
  gpupar__device *d0 = dev(0), *d1 = dev(1);
  gpupar__error err = {0};
  assert_true(be->can_peer(d0, d0)); /* a device reads its own memory */
  assert_true(be->can_peer(d0, d1)); /* GPUPAR_SIM_P2P=1 */
  gpupar__device *ds[2] = {d0, d1};
  int *src[2] = {ints_on(d0, 1), ints_on(d1, 2)};
  assert_int_equal(reduce(ds, 1, src, src[0], &err), GPUPAR_EINVAL);
  expect_msg(&err, "invalid device reduction");
  gpupar_launch L = {.end = 10, .step = 1};
  assert_int_equal(be->launch(d0, 0, &no_kernel_loop, &L, &err), GPUPAR_EINVAL);
  expect_msg(&err, "the loop has no CUDA kernel");
  /* Grids: one thread per iteration in blocks of 256, at most 32 blocks per multiprocessor (2
   * per simulated GPU; a device reporting none counts as one). */
  assert_int_equal(launch(d0, 1000, &L, &err), GPUPAR_OK);
  assert_int_equal(L.block, 256);
  assert_int_equal(L.grid, 4);
  assert_int_equal(launch(d0, 1 << 20, &L, &err), GPUPAR_OK);
  assert_int_equal(L.grid, 64);
  int sms = d0->info.sm_count;
  d0->info.sm_count = 0;
  assert_int_equal(launch(d0, 1 << 20, &L, &err), GPUPAR_OK);
  d0->info.sm_count = sms;
  assert_int_equal(L.grid, 32);
  assert_int_equal(be->sync(d0, -1, &err), GPUPAR_OK);
  /* Device time needs a start. */
  double us = -1;
  assert_int_equal(be->timing_end(d0, &us), -1);
  be->timing_begin(d0);
  assert_int_equal(launch(d0, 1000, &L, &err), GPUPAR_OK);
  assert_int_equal(be->sync(d0, -1, &err), GPUPAR_OK);
  assert_int_equal(be->timing_end(d0, &us), 0);
  assert_true(us >= 0);
  /* NCCL's refusals, before any communicator exists. */
  int ordinals[2] = {0, 1};
  void *srcs[2] = {src[0], src[1]}, *streams[2] = {d0->streams[0], d1->streams[0]};
  char msg[200] = "";
  assert_int_equal(gpupar__nccl_reduce(ordinals, 1, 0, srcs, src[0], 4,
                                       gpupar__nccl_datatype(GPUPAR_TYPE_SIGNED, 4), 0, streams,
                                       msg, sizeof msg),
                   -1);
  assert_string_equal(msg, "invalid NCCL reduction (1 ranks, root 0)");
  assert_int_equal(gpupar__nccl_reduce(ordinals, 2, 2, srcs, src[0], 4,
                                       gpupar__nccl_datatype(GPUPAR_TYPE_SIGNED, 4), 0, streams,
                                       msg, sizeof msg),
                   -1);
  assert_string_equal(msg, "invalid NCCL reduction (2 ranks, root 2)");
  assert_false(gpupar__nccl_can_reduce(GPUPAR_TYPE_BOOL, 1, GPUPAR_RED_ADD));
  int version = 0;
  assert_int_equal(gpupar__nccl_version(&version), GPUPAR_OK);
  assert_int_equal(version, 22809);
  /* And a reduction that works. */
  assert_int_equal(reduce(ds, 2, src, src[0], &err), GPUPAR_OK);
  int h[4] = {0};
  assert_int_equal(be->copy_out(d0, 0, h, src[0], sizeof h, &err), GPUPAR_OK);
  assert_int_equal(be->sync(d0, 0, &err), GPUPAR_OK);
  assert_int_equal(h[0], 3);
  assert_int_equal(h[3], 3);
}

/* Every ordered set of 2 and more of the 4 GPUs gets communicators of its own: the sum of each
 * lands on its first device, until 16 sets exist; the 17th is refused. */
static void test_sets(void **state) {
  (void)state;
  int *src[4], *dst[4];
  for (int i = 0; i < 4; i++) {
    src[i] = ints_on(dev(i), 1 << i);
    dst[i] = ints_on(dev(i), -1);
  }
  int made = 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      for (int c = -1; c < 4; c++) {
        if (b == a || c == a || c == b)
          continue;
        int n = c < 0 ? 2 : 3, ord[3] = {a, b, c};
        gpupar__device *ds[3];
        int *s[3], want = 0;
        for (int i = 0; i < n; i++) {
          ds[i] = dev(ord[i]);
          s[i] = src[ord[i]];
          want += 1 << ord[i];
        }
        gpupar__error err = {0};
        int rc = reduce(ds, n, s, dst[a], &err);
        if (made == 16) {
          assert_int_equal(rc, GPUPAR_EDEVICE);
          assert_string_equal(err.msg, "more than 16 device sets need NCCL communicators");
          return;
        }
        assert_int_equal(rc, GPUPAR_OK);
        made++;
        int h[4] = {0};
        assert_int_equal(be->copy_out(ds[0], 0, h, dst[a], sizeof h, &err), GPUPAR_OK);
        assert_int_equal(be->sync(ds[0], 0, &err), GPUPAR_OK);
        for (int k = 0; k < 4; k++)
          assert_int_equal(h[k], want);
      }
  fail_msg("fewer than 17 sets tried");
}

/* kernel@1, ncclkernel@2: CUDA returns a lost device's error from the calls on it. */
static void test_sticky(void **state) {
  (void)state;
  gpupar__device *d0 = dev(0), *d1 = dev(1), *d2 = dev(2);
  int *p0 = ints_on(d0, 1), *p1 = ints_on(d1, 2), *p1b = ints_on(d1, 3), *p2 = ints_on(d2, 4);
  int h[4] = {0};
  gpupar__error err = {0};
  lose(d1);
  assert_int_equal(be->copy_in(d1, 0, p1, h, sizeof h, &err), GPUPAR_EDEVICE);
  expect_msg(&err, "cudaMemcpyAsync(host to device, 16 bytes): unspecified launch failure");
  assert_int_equal(be->copy_peer(d1, 0, p1, d1, 0, p1b, sizeof h, &err), GPUPAR_EDEVICE);
  expect_msg(&err, "cudaMemcpyPeerAsync(cuda:1 <- cuda:1, 16 bytes): unspecified launch failure");
  /* Ordering after a lost device's stream: its event cannot be made; before it: the wait fails. */
  assert_int_equal(be->order(d0, 0, d1, 0, &err), GPUPAR_EDEVICE);
  expect_msg(&err, "cudaEventCreate: unspecified launch failure");
  assert_int_equal(be->order(d1, 0, d0, 0, &err), GPUPAR_EDEVICE);
  expect_msg(&err, "ordering cuda:1 stream 0 after cuda:0 stream 0: unspecified launch failure");
  /* A collective with a rank on the lost device: ncclGroupEnd fails, the set is aborted and the
   * rank issued before it (cuda:0) does not wait for ever. */
  gpupar__device *ds[2] = {d0, d1};
  int *src[2] = {p0, p1};
  assert_int_equal(reduce(ds, 2, src, p0, &err), GPUPAR_EDEVICE);
  expect_msg(&err, "ncclReduce: unhandled cuda error");
  assert_int_equal(be->sync(d0, -1, &err), GPUPAR_OK);
  /* cuda:2's NCCL kernel fails (ncclkernel@2): its stream says so, the set is aborted. */
  ds[1] = d2;
  src[1] = p2;
  assert_int_equal(reduce(ds, 2, src, p0, &err), GPUPAR_EDEVICE);
  expect_msg(&err, "cuda:2: ncclReduce: unspecified launch failure");
  assert_int_equal(atomic_load(&d2->sticky), cudaErrorLaunchFailure);
  assert_int_equal(be->sync(d0, -1, &err), GPUPAR_OK);
  assert_int_equal(reduce(ds, 2, src, p0, &err), GPUPAR_EDEVICE);
  expect_msg(&err, "communicators aborted after: cuda:2: ncclReduce: unspecified launch failure");
  /* cuda:0 is untouched: its buffer still holds its own values. */
  assert_int_equal(be->copy_out(d0, 0, h, p0, sizeof h, &err), GPUPAR_OK);
  assert_int_equal(be->sync(d0, 0, &err), GPUPAR_OK);
  assert_int_equal(h[0], 1);
}

/* kernel@1, ncclkernel@2, setdevice: cudaSetDevice returns the sticky error of a lost device
 * (CUDA 12 may): every operation fails there, with that error recorded on the device. */
static void test_setdevice(void **state) {
  (void)state;
  gpupar__device *d0 = dev(0), *d1 = dev(1), *d2 = dev(2);
  int *p0 = ints_on(d0, 1), *p1 = ints_on(d1, 2), *p1b = ints_on(d1, 3), *p2 = ints_on(d2, 4);
  int h[4] = {0};
  const char *want = "cudaSetDevice(1): unspecified launch failure";
  gpupar__error err = {0};
  gpupar_launch L;
  void *p = &err;
  lose(d1);
  assert_int_equal(be->alloc(d1, 64, &p, &err), GPUPAR_EDEVICE);
  assert_null(p);
  expect_msg(&err, want);
  memset(&err, 0, sizeof err);
  assert_int_equal(be->copy_in(d1, 0, p1, h, sizeof h, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  memset(&err, 0, sizeof err);
  assert_int_equal(be->copy_out(d1, 0, h, p1, sizeof h, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  memset(&err, 0, sizeof err);
  assert_int_equal(launch(d1, 64, &L, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  memset(&err, 0, sizeof err);
  assert_int_equal(be->sync(d1, 0, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  /* Orderings and peer copies from, to and within the lost device. */
  memset(&err, 0, sizeof err);
  assert_int_equal(be->order(d0, 0, d1, 0, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  memset(&err, 0, sizeof err);
  assert_int_equal(be->copy_peer(d0, 0, p0, d1, 0, p1, sizeof h, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  memset(&err, 0, sizeof err);
  assert_int_equal(be->copy_peer(d1, 0, p1, d0, 0, p0, sizeof h, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  memset(&err, 0, sizeof err);
  assert_int_equal(be->copy_peer(d1, 0, p1, d1, 0, p1b, sizeof h, &err), GPUPAR_EDEVICE);
  expect_msg(&err, want);
  be->timing_begin(d1);
  double us;
  assert_int_equal(be->timing_end(d1, &us), -1);
  be->free(d1, p1b); /* cannot be freed: nothing to do */
  /* The caller's current device restored to the lost one: made current all the same. */
  be->set_current(1);
  assert_int_equal(be->get_current(), 1);
  assert_int_equal(cudaGetLastError(), cudaErrorLaunchFailure); /* the device's, not cleared */
  be->set_current(0);
  /* cuda:2's NCCL kernel fails: waiting for it, cudaSetDevice(2) fails (or, when the kernel
   * fails between that call and the stream's query, the query); the set is aborted and cuda:0's
   * rank does not wait for ever. */
  gpupar__device *ds[2] = {d0, d2};
  int *src[2] = {p0, p2};
  memset(&err, 0, sizeof err);
  assert_int_equal(reduce(ds, 2, src, p0, &err), GPUPAR_EDEVICE);
  if (!strstr(err.msg, "cuda:2: ncclReduce: unspecified launch failure"))
    expect_msg(&err, "cudaSetDevice(2): unspecified launch failure");
  assert_int_equal(be->sync(d0, -1, &err), GPUPAR_OK);
  assert_int_equal(be->copy_out(d0, 0, h, p0, sizeof h, &err), GPUPAR_OK);
  assert_int_equal(be->sync(d0, 0, &err), GPUPAR_OK);
  assert_int_equal(h[0], 1);
}

/* Installing other devices closes the CUDA ones: their streams are destroyed. */
static void test_close(void **state) {
  (void)state;
  gpupar__registry *reg = gpupar__registry_get();
  assert_int_equal(reg->ndev, 3);
  cudaStream_t streams[3 * GPUPAR__MAX_STREAMS];
  int n = 0;
  for (int i = 0; i < reg->ndev; i++)
    for (int s = 0; s < reg->dev[i].nstreams; s++) {
      streams[n] = (cudaStream_t)reg->dev[i].streams[s];
      assert_int_equal(cudaStreamQuery(streams[n]), cudaSuccess);
      n++;
    }
  assert_true(n >= 3);
  assert_int_equal(gpupar__registry_install(&gpupar__backend_emu, 1), GPUPAR_OK);
  for (int i = 0; i < n; i++)
    assert_int_equal(cudaStreamQuery(streams[i]), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
}

/* event@1:2: cuda:1's open fails at its second cudaEventCreate, after its streams were made: it
 * is skipped (GPUPAR_DEVICES=cuda: every usable device) and none of its streams is left. */
static void test_openfail(void **state) {
  (void)state;
  gpupar__registry *reg = gpupar__registry_get();
  assert_int_equal(reg->ndev, 2);
  assert_string_equal(reg->dev[0].info.name, "cuda:0");
  assert_string_equal(reg->dev[1].info.name, "cuda:2");
  assert_int_equal(gpupar_sim_live_streams(1), 0);
  assert_int_equal(gpupar_sim_live_streams(0), reg->dev[0].nstreams);
  assert_int_equal(gpupar_sim_live_streams(2), reg->dev[1].nstreams);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const struct CMUnitTest all[] = {
      cmocka_unit_test(test_checks), cmocka_unit_test(test_sets),
      cmocka_unit_test(test_sticky), cmocka_unit_test(test_setdevice),
      cmocka_unit_test(test_close),  cmocka_unit_test(test_openfail),
  };
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (strcmp(all[i].name + strlen("test_"), mode) == 0)
      return _cmocka_run_group_tests(mode, &all[i], 1, NULL, NULL);
  fprintf(stderr, "usage: %s checks|sets|sticky|setdevice|close|openfail\n", argv[0]);
  return 2;
}
