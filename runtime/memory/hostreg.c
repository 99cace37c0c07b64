/* Registered host ranges, cached with LRU eviction (see hostreg.h). */
#include "memory/hostreg.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "log.h"

/* Failed ranges remembered at most (the oldest is forgotten first). */
#define MAX_RANGES 256

struct gpupar__hostreg {
  const gpupar__backend *be;
  uintptr_t lo, hi; /* [lo, hi) */
  int refs;         /* calls using it now */
  int failed;       /* registration failed: the range stays pageable */
  unsigned long long used;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static gpupar__hostreg *ranges[MAX_RANGES];
static int nranges;
static unsigned long long limit = GPUPAR__PIN_LIMIT_DEFAULT, registered, tick;
/* Whether a range stays registered after the last call using it (GPUPAR_PIN_CACHE=1). Off by
 * default: the library cannot see free(), and memory the program gets later at the same addresses
 * would be copied through the old, still pinned pages. */
static int keep;

void gpupar__hostreg_set_cache(int keep_across_calls) {
  pthread_mutex_lock(&lock);
  keep = keep_across_calls;
  pthread_mutex_unlock(&lock);
}

void gpupar__hostreg_set_limit(unsigned long long bytes) {
  pthread_mutex_lock(&lock);
  limit = bytes;
  pthread_mutex_unlock(&lock);
}

/* Whether [a, b) and [c, d) share a page: registration pins whole pages. */
static int share_page(uintptr_t a, uintptr_t b, uintptr_t c, uintptr_t d) {
  const uintptr_t page = 4096;
  return a / page <= (d - 1) / page && c / page <= (b - 1) / page;
}

/* Unregisters and forgets ranges[i] (lock held; not in use). */
static void drop_at(int i) {
  gpupar__hostreg *r = ranges[i];
  if (!r->failed) {
    r->be->host_unregister((void *)r->lo);
    registered -= r->hi - r->lo;
  }
  free(r);
  ranges[i] = ranges[--nranges];
}

/* Drops the least recently used range not in use; returns 0 when there is none. */
static int evict_one(int failed_only) {
  int best = -1;
  for (int i = 0; i < nranges; i++)
    if (ranges[i]->refs == 0 && (!failed_only || ranges[i]->failed) &&
        (best < 0 || ranges[i]->used < ranges[best]->used))
      best = i;
  if (best < 0)
    return 0;
  drop_at(best);
  return 1;
}

gpupar__hostreg *gpupar__hostreg_acquire(const gpupar__backend *be, const void *p, size_t bytes,
                                         int *fresh) {
  *fresh = 0;
  if (!be->host_register || !be->host_unregister || bytes == 0)
    return NULL;
  uintptr_t lo = (uintptr_t)p, hi = lo + bytes;
  gpupar__hostreg *got = NULL;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < nranges && !got; i++)
    if (ranges[i]->be == be && ranges[i]->lo <= lo && hi <= ranges[i]->hi)
      got = ranges[i];
  if (got) {
    got->used = ++tick;
    if (got->failed) {
      got = NULL;
    } else {
      got->refs++;
    }
    pthread_mutex_unlock(&lock);
    return got;
  }
  /* Overlapping ranges not in use are stale (the array moved or grew): drop them. One in use
   * keeps this range pageable for now. */
  for (int i = 0; i < nranges; i++)
    if (share_page(ranges[i]->lo, ranges[i]->hi, lo, hi)) {
      if (ranges[i]->refs) {
        pthread_mutex_unlock(&lock);
        return NULL;
      }
      drop_at(i--);
    }
  while (limit >= bytes && registered + bytes > limit && evict_one(0))
    ;
  if (limit < bytes || registered + bytes > limit) {
    pthread_mutex_unlock(&lock);
    return NULL;
  }
  if (nranges == MAX_RANGES && !evict_one(1) && !evict_one(0)) {
    pthread_mutex_unlock(&lock);
    return NULL;
  }
  got = calloc(1, sizeof *got);
  if (!got) {
    pthread_mutex_unlock(&lock);
    return NULL;
  }
  *got = (gpupar__hostreg){.be = be, .lo = lo, .hi = hi, .used = ++tick};
  gpupar__error err;
  if (be->host_register((void *)p, bytes, &err) != GPUPAR_OK) {
    GPUPAR__DEBUG("host range %p (%zu bytes) stays pageable: %s", p, bytes, err.msg);
    got->failed = 1;
  } else {
    registered += bytes;
    got->refs = 1;
    *fresh = 1;
  }
  ranges[nranges++] = got;
  pthread_mutex_unlock(&lock);
  return got->failed ? NULL : got;
}

void gpupar__hostreg_release(gpupar__hostreg *r) {
  if (!r)
    return;
  pthread_mutex_lock(&lock);
  if (--r->refs == 0 && !keep && !r->failed)
    for (int i = 0; i < nranges; i++)
      if (ranges[i] == r) {
        drop_at(i);
        break;
      }
  pthread_mutex_unlock(&lock);
}

void gpupar__hostreg_drop(const void *p, size_t bytes) {
  uintptr_t lo = (uintptr_t)p, hi = lo + (bytes ? bytes : 1);
  pthread_mutex_lock(&lock);
  for (int i = 0; i < nranges; i++)
    if (ranges[i]->refs == 0 && share_page(ranges[i]->lo, ranges[i]->hi, lo, hi))
      drop_at(i--);
  pthread_mutex_unlock(&lock);
}

void gpupar__hostreg_drop_all(void) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < nranges; i++)
    if (ranges[i]->refs == 0)
      drop_at(i--);
  pthread_mutex_unlock(&lock);
}

void gpupar__hostreg_stats(unsigned long long *bytes, int *n) {
  pthread_mutex_lock(&lock);
  *bytes = registered;
  *n = 0;
  for (int i = 0; i < nranges; i++)
    *n += !ranges[i]->failed;
  pthread_mutex_unlock(&lock);
}
