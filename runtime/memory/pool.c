/* Size-class cache of memory blocks. */
#include "memory/pool.h"

#include <stdlib.h>

size_t gpupar__pool_class(size_t bytes) {
  if (bytes <= 256)
    return 256;
  size_t pow = 256;
  while (pow * 2 < bytes && pow < ((size_t)1 << 62))
    pow *= 2;
  /* pow < bytes <= 2 * pow: quarters of pow. */
  for (size_t q = 5; q <= 8; q++)
    if (pow / 4 * q >= bytes)
      return pow / 4 * q;
  return bytes;
}

void gpupar__pool_init(gpupar__pool *pool, size_t max_cached) {
  pthread_mutex_init(&pool->lock, NULL);
  pool->blocks = NULL;
  pool->nblocks = pool->capacity = 0;
  pool->cached_bytes = 0;
  pool->max_cached = max_cached;
  pool->fresh = pool->reused = pool->released = 0;
}

void *gpupar__pool_take(gpupar__pool *pool, size_t size, size_t *got) {
  void *ptr = NULL;
  int best = -1;
  pthread_mutex_lock(&pool->lock);
  for (int i = pool->nblocks - 1; i >= 0; i--) {
    size_t s = pool->blocks[i].size;
    if (s < size || s / GPUPAR__POOL_FIT > size)
      continue;
    if (best < 0 || s < pool->blocks[best].size)
      best = i;
    if (s == size)
      break;
  }
  if (best >= 0) {
    ptr = pool->blocks[best].ptr;
    *got = pool->blocks[best].size;
    pool->blocks[best] = pool->blocks[--pool->nblocks];
    pool->cached_bytes -= *got;
    pool->reused++;
  }
  pthread_mutex_unlock(&pool->lock);
  return ptr;
}

void gpupar__pool_count_fresh(gpupar__pool *pool) {
  pthread_mutex_lock(&pool->lock);
  pool->fresh++;
  pthread_mutex_unlock(&pool->lock);
}

int gpupar__pool_give(gpupar__pool *pool, void *ptr, size_t size) {
  int cached = 0;
  pthread_mutex_lock(&pool->lock);
  if (pool->cached_bytes + size <= pool->max_cached) {
    if (pool->nblocks == pool->capacity) {
      int want = pool->capacity ? pool->capacity * 2 : 32;
      gpupar__pool_block *grown = realloc(pool->blocks, (size_t)want * sizeof *grown);
      if (grown) {
        pool->blocks = grown;
        pool->capacity = want;
      }
    }
    if (pool->nblocks < pool->capacity) {
      pool->blocks[pool->nblocks].ptr = ptr;
      pool->blocks[pool->nblocks++].size = size;
      pool->cached_bytes += size;
      cached = 1;
    }
  }
  if (!cached)
    pool->released++;
  pthread_mutex_unlock(&pool->lock);
  return cached;
}

void gpupar__pool_drain(gpupar__pool *pool, void (*release)(void *ctx, void *ptr), void *ctx) {
  pthread_mutex_lock(&pool->lock);
  for (int i = 0; i < pool->nblocks; i++)
    release(ctx, pool->blocks[i].ptr);
  pool->released += (unsigned long long)pool->nblocks;
  pool->nblocks = 0;
  pool->cached_bytes = 0;
  free(pool->blocks);
  pool->blocks = NULL;
  pool->capacity = 0;
  pthread_mutex_unlock(&pool->lock);
}

void gpupar__pool_stats(gpupar__pool *pool, unsigned long long *fresh, unsigned long long *reused,
                        unsigned long long *released, size_t *cached) {
  pthread_mutex_lock(&pool->lock);
  if (fresh)
    *fresh = pool->fresh;
  if (reused)
    *reused = pool->reused;
  if (released)
    *released = pool->released;
  if (cached)
    *cached = pool->cached_bytes;
  pthread_mutex_unlock(&pool->lock);
}
