/* emu:N: host "devices" for testing without a GPU. Each allocation is its own malloc (so that
 * address sanitizers catch out-of-section accesses), copies are memcpy and a launch calls the
 * loop's host entry point with the shifted pointers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int gpupar__fail(gpupar__error *err, int status, const char *fmt, ...) {
  err->status = status;
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

static int emu_copy(gpupar__device *dev, void *dst, const void *src, size_t bytes,
                    gpupar__error *err) {
  (void)dev;
  (void)err;
  memcpy(dst, src, bytes);
  return GPUPAR_OK;
}

static int emu_launch(gpupar__device *dev, const gpupar_loop *loop, gpupar_launch *launch,
                      gpupar__error *err) {
  (void)dev;
  launch->grid = 1;
  launch->block = 1;
  launch->stream = NULL;
  if (!loop->run_host)
    return gpupar__fail(err, GPUPAR_EINVAL, "the loop has no host entry point");
  int rc = loop->run_host(launch);
  if (rc != 0)
    return gpupar__fail(err, GPUPAR_EDEVICE, "host entry point returned %d", rc);
  return GPUPAR_OK;
}

static int emu_sync(gpupar__device *dev, gpupar__error *err) {
  (void)dev;
  (void)err;
  return GPUPAR_OK;
}

const gpupar__backend gpupar__backend_emu = {
    .name = "emu",
    .kind = GPUPAR_BACKEND_EMU,
    .async = 0,
    .open = NULL,
    .alloc = emu_alloc,
    .free = emu_free,
    .copy_in = emu_copy,
    .copy_out = emu_copy,
    .launch = emu_launch,
    .sync = emu_sync,
};
