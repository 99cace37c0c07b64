/* Data regions: see region.h. */
#include "region.h"

gpupar__region *gpupar__region_find(void *base, size_t elem_size, const gpupar__hull *hull) {
  (void)base;
  (void)elem_size;
  (void)hull;
  return NULL;
}

int gpupar__region_copy_in(gpupar__region *r, gpupar__device *dev, int s, void *dst, long long off,
                           size_t bytes, gpupar__error *err) {
  (void)r;
  (void)dev;
  (void)s;
  (void)dst;
  (void)off;
  (void)bytes;
  return gpupar__fail(err, GPUPAR_EINVAL, "no data region");
}

void gpupar__region_commit(gpupar__region *r, gpupar__device *dev, const void *src, long long off,
                           size_t bytes) {
  (void)r;
  (void)dev;
  (void)src;
  (void)off;
  (void)bytes;
}

void gpupar__region_to_host(gpupar__region *r, long long off, size_t bytes) {
  (void)r;
  (void)off;
  (void)bytes;
}

void gpupar__region_host_wrote(gpupar__region *r, long long off, size_t bytes) {
  (void)r;
  (void)off;
  (void)bytes;
}

void gpupar__region_forget_device(gpupar__device *dev) { (void)dev; }
