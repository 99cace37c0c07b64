/* Device memory and host staging memory, both pooled, and the lost state of a device. The layer
 * below execution, reductions and data regions: it imports none of them (a lost device is
 * announced to data regions through the hook they set). */
#ifndef GPUPAR_RUNTIME_DEVMEM_H
#define GPUPAR_RUNTIME_DEVMEM_H

#include <stddef.h>

#include "backends/backend.h"
#include "memory/pool.h"

/* Allocations above this many bytes fail on a device with GPUPAR_FAULT=oom@. */
#define GPUPAR__FAULT_OOM_BYTES (1u << 20)

/* Allocates `bytes` on `dev` through its pool (fault injection applies). */
int gpupar__dev_alloc(gpupar__device *dev, size_t bytes, void **ptr, size_t *size,
                      gpupar__error *err);
/* Returns a block from gpupar__dev_alloc to the pool (NULL is ignored). */
void gpupar__dev_release(gpupar__device *dev, void *ptr, size_t size);
/* Frees every cached block of `dev`'s pool. */
void gpupar__dev_drain(gpupar__device *dev);

/* Host staging memory (pinned with CUDA), pooled. */
int gpupar__stage_alloc(const gpupar__backend *be, size_t bytes, void **ptr, size_t *size,
                        gpupar__error *err);
void gpupar__stage_release(const gpupar__backend *be, void *ptr, size_t size);
/* Frees every cached staging block; statistics of the staging pool. */
void gpupar__stage_drain(void);
gpupar__pool *gpupar__stage_pool(void);

/* Returns whether `dev` is (now) failed for good: marked lost, a sticky error seen by its
 * backend, or GPUPAR_FAULT=lost@ after its first chunk; marks it lost then. Call it with no data
 * region lock held (losing a device makes the regions forget their copies on it). */
int gpupar__dev_check_lost(gpupar__device *dev);

/* Returns whether `dev` is lost or has a sticky error: nothing on it can be read any more. No
 * side effect (callable under any lock). */
static inline int gpupar__dev_dead(gpupar__device *dev) {
  return atomic_load(&dev->lost) || atomic_load(&dev->sticky);
}

/* Fills `err` with "<device> is lost" (GPUPAR_EDEVICE) and returns that status. */
int gpupar__dev_lost_error(gpupar__device *dev, gpupar__error *err);

/* Marks `dev` lost (logged once) and drains its pool. */
void gpupar__dev_mark_lost(gpupar__device *dev, const char *why);

/* Called with a device that is lost or retired: data regions drop their copies on it. Data
 * regions set it (this layer is below them and does not import them). */
typedef void (*gpupar__forget_hook)(gpupar__device *dev);
/* Sets the hook gpupar__dev_mark_lost and gpupar__dev_retire call (NULL: none). */
void gpupar__dev_set_forget_hook(gpupar__forget_hook hook);

/* Retires `dev` (at exit, or before its backend is replaced): data regions forget their copies
 * on it and every cached block of its pool is freed. */
void gpupar__dev_retire(gpupar__device *dev);

#endif
