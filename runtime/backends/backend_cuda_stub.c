/* The CUDA backend of a build without the CUDA toolkit: no device is ever usable. */
#include <stdio.h>

#include "backends/backend.h"

static const gpupar__cuda_probe probe = {.count = 0, .reason = "built without CUDA"};

const gpupar__cuda_probe *gpupar__cuda_probe_get(void) { return &probe; }

static int unavailable(gpupar__error *err) {
  return gpupar__fail(err, GPUPAR_ENODEV, "built without CUDA");
}

static int stub_open(gpupar__device *dev, gpupar__error *err) {
  (void)dev;
  return unavailable(err);
}

static int stub_alloc(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err) {
  (void)dev;
  (void)bytes;
  *ptr = NULL;
  return unavailable(err);
}

static void stub_free(gpupar__device *dev, void *ptr) {
  (void)dev;
  (void)ptr;
}

static int stub_copy(gpupar__device *dev, int st, void *dst, const void *src, size_t bytes,
                     gpupar__error *err) {
  (void)dev;
  (void)st;
  (void)dst;
  (void)src;
  (void)bytes;
  return unavailable(err);
}

static int stub_launch(gpupar__device *dev, int st, const gpupar_loop *loop, gpupar_launch *launch,
                       gpupar__error *err) {
  (void)dev;
  (void)st;
  (void)loop;
  (void)launch;
  return unavailable(err);
}

static int stub_sync(gpupar__device *dev, int st, gpupar__error *err) {
  (void)dev;
  (void)st;
  return unavailable(err);
}

int gpupar__cuda_bandwidth(gpupar__device *dev, double *h2d, double *d2h) {
  (void)dev;
  (void)h2d;
  (void)d2h;
  return -1;
}

const gpupar__backend gpupar__backend_cuda = {
    .name = "cuda",
    .kind = GPUPAR_BACKEND_CUDA,
    .async = 1,
    .open = stub_open,
    .alloc = stub_alloc,
    .free = stub_free,
    .copy_in = stub_copy,
    .copy_out = stub_copy,
    .launch = stub_launch,
    .sync = stub_sync,
};
