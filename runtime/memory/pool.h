/* A cache of freed memory blocks by size class, so that repeated calls reuse allocations
 * (device memory per device, pinned host staging memory). Thread-safe. */
#ifndef GPUPAR_RUNTIME_POOL_H
#define GPUPAR_RUNTIME_POOL_H

#include <pthread.h>
#include <stddef.h>

typedef struct gpupar__pool_block {
  void *ptr;
  size_t size; /* a size class (gpupar__pool_class) */
} gpupar__pool_block;

typedef struct gpupar__pool {
  pthread_mutex_t lock;
  gpupar__pool_block *blocks; /* cached blocks */
  int nblocks, capacity;
  size_t cached_bytes, max_cached; /* blocks beyond max_cached are freed, not cached */
  /* Statistics (under lock): fresh allocations, allocations served from the cache, blocks
   * freed for good. */
  unsigned long long fresh, reused, released;
} gpupar__pool;

/* Returns the size class of `bytes`: 256, or the smallest 2^k * {4,5,6,7}/4 >= bytes. */
size_t gpupar__pool_class(size_t bytes);

/* Initialises `*pool` caching at most `max_cached` bytes. */
void gpupar__pool_init(gpupar__pool *pool, size_t max_cached);

/* A cached block up to this many times the request may serve it: the sub-chunks of successive
 * calls differ in size (work-sized, from learned rates), and exact classes alone made an H100
 * host reallocate its pinned staging on most calls. */
#define GPUPAR__POOL_FIT 4

/* Removes a cached block of `size` (a size class), else the smallest one larger than `size` and
 * at most GPUPAR__POOL_FIT times it, and returns it with its size in `*got` (the size to give
 * back); or NULL (then the caller allocates and calls gpupar__pool_count_fresh). */
void *gpupar__pool_take(gpupar__pool *pool, size_t size, size_t *got);

/* Counts a fresh allocation in the statistics. */
void gpupar__pool_count_fresh(gpupar__pool *pool);

/* Caches block `ptr` of class `size`. Returns 1 when cached, 0 when the caller must free it. */
int gpupar__pool_give(gpupar__pool *pool, void *ptr, size_t size);

/* Frees every cached block with `release(ctx, ptr)`. */
void gpupar__pool_drain(gpupar__pool *pool, void (*release)(void *ctx, void *ptr), void *ctx);

/* Copies the statistics into the three outputs (any may be NULL), and the cached bytes. */
void gpupar__pool_stats(gpupar__pool *pool, unsigned long long *fresh, unsigned long long *reused,
                        unsigned long long *released, size_t *cached);

#endif
