/* emu:N: host "devices" for testing without a GPU. Each allocation is its own malloc (so that
 * address sanitizers catch out-of-section accesses), copies are memcpy, a launch calls the
 * loop's host entry point with the shifted pointers, and everything is synchronous (streams only
 * label the work for the trace).
 *
 * Device time is modeled, not measured, so that learning is deterministic on a busy test
 * machine: GPUPAR__EMU_NS_PER_ITER per iteration times the device's slowdown (GPUPAR_EMU_SPEEDS),
 * plus copies at the modeled bandwidth. A slowed device also sleeps for the modeled extra time
 * (capped), so that it is visibly slower. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backends/backend.h"
#include "execute/entry.h"
#include "gather/nccl_dl.h"
#include "gather/reduce.h"
#include "trace.h"

#define GPUPAR__EMU_NS_PER_ITER 1.0
#define GPUPAR__EMU_MAX_SLEEP_US 2000.0

int gpupar__fail(gpupar__error *err, int status, const char *fmt, ...) {
  err->status = status;
  err->no_image = 0;
  err->fatal = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return status;
}

static int emu_alloc(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err) {
  (void)dev;
  *ptr = malloc(bytes);
  if (!*ptr)
    return gpupar__fail(err, GPUPAR_ENOMEM, "malloc(%zu): out of memory", bytes);
  return GPUPAR_OK;
}

static void emu_free(gpupar__device *dev, void *ptr) {
  (void)dev;
  free(ptr);
}

/* Adds to a device's modeled time: copies between two devices count on the source device too,
 * from the destination device's issuing thread. */
static void add_modeled(gpupar__device *dev, double us) {
  double seen, want;
  __atomic_load(&dev->modeled_us, &seen, __ATOMIC_RELAXED);
  do
    want = seen + us;
  while (!__atomic_compare_exchange(&dev->modeled_us, &seen, &want, 0, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED));
}

static int emu_copy(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                    gpupar__error *err) {
  (void)s;
  (void)err;
  memcpy(dst, src, bytes);
  add_modeled(dev, (double)bytes / dev->h2d_bps * 1e6);
  return GPUPAR_OK;
}

static int emu_copy_out_rows(gpupar__device *dev, int s, void *dst, const void *src, size_t width,
                             size_t pitch, size_t rows, gpupar__error *err) {
  (void)s;
  (void)err;
  for (size_t r = 0; r < rows; r++)
    memcpy((char *)dst + r * pitch, (const char *)src + r * pitch, width);
  add_modeled(dev, (double)(width * rows) / dev->h2d_bps * 1e6);
  return GPUPAR_OK;
}

static int emu_copy_peer(gpupar__device *dev, int s, void *dst, gpupar__device *src_dev, int src_s,
                         const void *src, size_t bytes, gpupar__error *err) {
  (void)s;
  add_modeled(dev, (double)bytes / dev->h2d_bps * 1e6);
  (void)src_dev;
  (void)src_s;
  (void)err;
  memcpy(dst, src, bytes);
  return GPUPAR_OK;
}

static int emu_can_peer(gpupar__device *dev, gpupar__device *peer) {
  (void)dev;
  (void)peer;
  return 1;
}

static int emu_launch(gpupar__device *dev, int s, const gpupar_loop *loop, gpupar_launch *launch,
                      gpupar__error *err) {
  (void)s;
  launch->grid = 1;
  launch->block = 1;
  launch->stream = NULL;
  if (!loop->run_host)
    return gpupar__fail(err, GPUPAR_EINVAL, "the loop has no host entry point");
  int rc = gpupar__run_entry(loop, launch);
  if (rc == GPUPAR__ENTRY_FATAL) {
    gpupar__fail(err, GPUPAR_EDEVICE, "an iteration reached a call to exit or abort");
    err->fatal = 1;
    return GPUPAR_EDEVICE;
  }
  if (rc != 0)
    return gpupar__fail(err, GPUPAR_EDEVICE, "host entry point returned %d", rc);
  double us = (double)(launch->end - launch->begin) * GPUPAR__EMU_NS_PER_ITER / 1e3;
  add_modeled(dev, us * (dev->slowdown > 1 ? dev->slowdown : 1));
  if (dev->slowdown > 1) {
    double extra = us * (dev->slowdown - 1);
    if (extra > GPUPAR__EMU_MAX_SLEEP_US)
      extra = GPUPAR__EMU_MAX_SLEEP_US;
    struct timespec ts = {.tv_sec = 0, .tv_nsec = (long)(extra * 1e3)};
    nanosleep(&ts, NULL);
  }
  return GPUPAR_OK;
}

/* Emulated devices combine what NCCL can (so that tests take both paths), in rank order. */
static int emu_reduce(gpupar__device *const *devs, int n, int root, void *const *src, void *dst,
                      long long count, int kind, size_t size, int op, gpupar__error *err) {
  if (n < 2 || root < 0 || root >= n || count < 0 || !gpupar__nccl_can_reduce(kind, size, op))
    return gpupar__fail(err, GPUPAR_EINVAL, "invalid device reduction");
  for (int i = 0; i < n; i++)
    if (devs[i]->faults & GPUPAR__FAULT_REDUCE)
      return gpupar__fail(err, GPUPAR_EDEVICE, "%s: device reduction failed (injected)",
                          devs[i]->info.name);
  size_t bytes = (size_t)count * size;
  (void)root; /* dst is a buffer of its own on devs[root] */
  memcpy(dst, src[0], bytes);
  for (int i = 1; i < n; i++)
    if (gpupar__red_combine(kind, size, op, dst, src[i], count) != GPUPAR_OK)
      return gpupar__fail(err, GPUPAR_EINVAL, "invalid device reduction");
  for (int i = 0; i < n; i++) /* each device sends its buffer over the modeled link */
    add_modeled(devs[i], (double)bytes / devs[i]->h2d_bps * 1e6);
  return GPUPAR_OK;
}

static int emu_sync(gpupar__device *dev, int s, gpupar__error *err) {
  (void)dev;
  (void)s;
  (void)err;
  return GPUPAR_OK;
}

static void emu_timing_begin(gpupar__device *dev) {
  double zero = 0;
  __atomic_store(&dev->modeled_us, &zero, __ATOMIC_RELAXED);
}

static int emu_timing_end(gpupar__device *dev, double *us) {
  __atomic_load(&dev->modeled_us, us, __ATOMIC_RELAXED);
  return 0;
}

const gpupar__backend gpupar__backend_emu = {
    .name = "emu",
    .kind = GPUPAR_BACKEND_EMU,
    .async = 0,
    .alloc = emu_alloc,
    .free = emu_free,
    .copy_in = emu_copy,
    .copy_out = emu_copy,
    .copy_out_rows = emu_copy_out_rows,
    .copy_peer = emu_copy_peer,
    .can_peer = emu_can_peer,
    .launch = emu_launch,
    .can_reduce = gpupar__nccl_can_reduce,
    .reduce = emu_reduce,
    .sync = emu_sync,
    .timing_begin = emu_timing_begin,
    .timing_end = emu_timing_end,
};
