/* Device memory and host staging memory, both pooled; devices marked lost (see devmem.h). */
#include "memory/devmem.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "log.h"

static _Atomic(gpupar__forget_hook) forget_hook;

static void release_dev_block(void *ctx, void *ptr) {
  gpupar__device *dev = ctx;
  dev->backend->free(dev, ptr);
}

int gpupar__dev_check_lost(gpupar__device *dev) {
  if (atomic_load(&dev->lost))
    return 1;
  if (atomic_load(&dev->sticky)) {
    gpupar__dev_mark_lost(dev, "a sticky error: the device must be reset");
    return 1;
  }
  if ((dev->faults & GPUPAR__FAULT_LOST) && atomic_load(&dev->chunks_done) >= 1) {
    gpupar__dev_mark_lost(dev, "injected by GPUPAR_FAULT=lost");
    return 1;
  }
  return 0;
}

void gpupar__dev_set_forget_hook(gpupar__forget_hook hook) { atomic_store(&forget_hook, hook); }

static void forget(gpupar__device *dev) {
  gpupar__forget_hook hook = atomic_load(&forget_hook);
  if (hook)
    hook(dev);
}

void gpupar__dev_retire(gpupar__device *dev) {
  forget(dev);
  gpupar__dev_drain(dev);
}

void gpupar__dev_mark_lost(gpupar__device *dev, const char *why) {
  if (atomic_exchange(&dev->lost, 1))
    return;
  GPUPAR__WARN("%s: device lost (%s): removed from later calls", dev->info.name, why);
  forget(dev);
  gpupar__dev_drain(dev);
}

int gpupar__dev_lost_error(gpupar__device *dev, gpupar__error *err) {
  return gpupar__fail(err, GPUPAR_EDEVICE, "%s is lost", dev->info.name);
}

int gpupar__dev_alloc(gpupar__device *dev, size_t bytes, void **ptr, size_t *size,
                      gpupar__error *err) {
  *ptr = NULL;
  *size = 0;
  if (gpupar__dev_check_lost(dev))
    return gpupar__dev_lost_error(dev, err);
  if ((dev->faults & GPUPAR__FAULT_OOM) && bytes > GPUPAR__FAULT_OOM_BYTES)
    return gpupar__fail(err, GPUPAR_ENOMEM, "out of memory (injected: %zu bytes > 1 MiB)", bytes);
  size_t cls = gpupar__pool_class(bytes);
  *ptr = gpupar__pool_take(&dev->mem, cls, size);
  if (*ptr)
    return GPUPAR_OK;
  int rc = dev->backend->alloc(dev, cls, ptr, err);
  if (rc == GPUPAR_ENOMEM) { /* the cache may hold what is missing */
    gpupar__dev_drain(dev);
    rc = dev->backend->alloc(dev, cls, ptr, err);
  }
  if (rc != GPUPAR_OK) {
    *ptr = NULL;
    return rc;
  }
  gpupar__pool_count_fresh(&dev->mem);
  *size = cls;
  return GPUPAR_OK;
}

void gpupar__dev_release(gpupar__device *dev, void *ptr, size_t size) {
  if (!ptr)
    return;
  if (atomic_load(&dev->lost) || !gpupar__pool_give(&dev->mem, ptr, size))
    dev->backend->free(dev, ptr);
}

void gpupar__dev_drain(gpupar__device *dev) {
  gpupar__pool_drain(&dev->mem, release_dev_block, dev);
}

static gpupar__pool stage_pool;
static pthread_once_t stage_once = PTHREAD_ONCE_INIT;
static const gpupar__backend *_Atomic stage_backend;

/* Pinned staging kept for later calls. Allocating it is slow (cudaHostAlloc: about 0.5 ms per
 * MB on an H100 host, freeing 0.17 ms per MB): a pool smaller than what one call stages (a
 * 256 MB array written in place) would reallocate it on every call. */
#define STAGE_CACHE_BYTES ((size_t)1 << 30)

static void stage_init(void) { gpupar__pool_init(&stage_pool, STAGE_CACHE_BYTES); }

gpupar__pool *gpupar__stage_pool(void) {
  pthread_once(&stage_once, stage_init);
  return &stage_pool;
}

static void release_stage_block(void *ctx, void *ptr) {
  const gpupar__backend *be = ctx;
  if (be && be->host_free)
    be->host_free(ptr);
  else
    free(ptr);
}

int gpupar__stage_alloc(const gpupar__backend *be, size_t bytes, void **ptr, size_t *size,
                        gpupar__error *err) {
  gpupar__pool *pool = gpupar__stage_pool();
  atomic_store(&stage_backend, be);
  size_t cls = gpupar__pool_class(bytes);
  *ptr = gpupar__pool_take(pool, cls, size);
  if (*ptr)
    return GPUPAR_OK;
  *size = cls;
  if (be->host_alloc) {
    if (be->host_alloc(cls, ptr, err) != GPUPAR_OK) {
      gpupar__stage_drain();
      if (be->host_alloc(cls, ptr, err) != GPUPAR_OK)
        return err->status;
    }
  } else if (!(*ptr = malloc(cls))) {
    return gpupar__fail(err, GPUPAR_ENOMEM, "malloc(%zu): out of host memory", cls);
  }
  gpupar__pool_count_fresh(pool);
  return GPUPAR_OK;
}

void gpupar__stage_release(const gpupar__backend *be, void *ptr, size_t size) {
  if (ptr && !gpupar__pool_give(gpupar__stage_pool(), ptr, size))
    release_stage_block((void *)be, ptr);
}

void gpupar__stage_drain(void) {
  gpupar__pool_drain(gpupar__stage_pool(), release_stage_block,
                     (void *)atomic_load(&stage_backend));
}
