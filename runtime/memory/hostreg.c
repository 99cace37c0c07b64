/* Registered host ranges, cached with LRU eviction (see hostreg.h).
 *
 * Two locks. `table` guards the ranges and is held only for bookkeeping: never across a backend
 * call, never while waiting for another lock. `backend` orders the backend's register and
 * unregister calls (so a range is unregistered before one sharing its pages is registered) and
 * is taken before `table`. The memory hooks run inside any thread's free or munmap, the CUDA
 * driver's own among them: they take `table` alone unless the memory released holds a range,
 * which only the program's own arrays do, so they never wait behind a backend call. */
#include "memory/hostreg.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "log.h"
#include "memory/memhooks.h"

/* Ranges known at most, failed ones included (the oldest failed one is forgotten first). */
#define MAX_RANGES 256

struct gpupar__hostreg {
  const gpupar__backend *be;
  uintptr_t lo, hi;   /* [lo, hi): the range a call asked for */
  uintptr_t plo, phi; /* [plo, phi): its whole pages, the part registered (see pinned_part) */
  int refs;           /* calls using it now */
  int failed;         /* registration failed: the range stays pageable */
  int pending;        /* being registered: not usable yet */
  unsigned long long used;
};

static pthread_mutex_t table = PTHREAD_MUTEX_INITIALIZER, backend = PTHREAD_MUTEX_INITIALIZER;
static gpupar__hostreg *ranges[MAX_RANGES];
static int nranges;
static unsigned long long limit = GPUPAR__PIN_LIMIT_DEFAULT, registered, tick;
/* Whether a range stays registered after the last call using it: when the memory hooks see the
 * program release memory, or on request (GPUPAR_PIN_CACHE=1, the program unregistering). */
static int keep;
/* How many of the locks this thread holds: what the library and the backend free meanwhile is
 * never the program's array, and the hooks must not take a lock again. Volatile: free is
 * declared a leaf, but the hooked one comes back here. */
static _Thread_local volatile int holding;

static void take(pthread_mutex_t *m) {
  pthread_mutex_lock(m);
  holding++;
}

static void give(pthread_mutex_t *m) {
  if (m == &table)
    __atomic_store_n(&gpupar__memhooks_ranges, nranges, __ATOMIC_RELAXED);
  holding--;
  pthread_mutex_unlock(m);
}

void gpupar__hostreg_set_cache(int mode) {
  gpupar__memhooks_listen(gpupar__hostreg_forget);
  int hooked = mode < 0 && gpupar__memhooks_active();
  if (mode < 0)
    GPUPAR__DEBUG("registrations %s across calls (%s)", hooked ? "kept" : "dropped",
                  hooked ? "the memory hooks see free and munmap"
                         : "another free or munmap comes before the memory hooks");
  take(&table);
  keep = mode < 0 ? hooked : mode;
  give(&table);
}

void gpupar__hostreg_set_limit(unsigned long long bytes) {
  take(&table);
  limit = bytes;
  give(&table);
}

#define PAGE ((uintptr_t)4096)

/* Whether [a, b) and [c, d) share a page: registration pins whole pages. */
static int share_page(uintptr_t a, uintptr_t b, uintptr_t c, uintptr_t d) {
  return a / PAGE <= (d - 1) / PAGE && c / PAGE <= (b - 1) / PAGE;
}

/* Only the pages wholly inside a range are registered. CUDA pins whole pages and refuses a copy
 * over memory partly registered and partly not ("invalid argument"), so a neighbouring array
 * sharing the range's first or last page, registered, could not be copied (an H200 refused
 * polytri's trmm that way). Registering whole pages only, no two ranges share a registered
 * page, and gpupar__hostreg_copy cuts every copy where registered pages begin and end. */
static void pinned_part(gpupar__hostreg *r) {
  r->plo = (r->lo + PAGE - 1) / PAGE * PAGE;
  r->phi = r->hi / PAGE * PAGE;
  if (r->phi < r->plo)
    r->phi = r->plo;
}

/* Ranges taken out of the table, unregistered once `table` is given back (`backend` held). */
typedef struct {
  gpupar__hostreg *at[MAX_RANGES];
  int n;
} detached;

/* Takes ranges[i] out of the table into `out` (`table` held; not in use). */
static void detach(int i, detached *out) {
  gpupar__hostreg *r = ranges[i];
  if (!r->failed)
    registered -= r->phi - r->plo;
  out->at[out->n++] = r;
  ranges[i] = ranges[--nranges];
}

/* Unregisters what was detached (`backend` held, `table` not). */
static void unregister_all(detached *d) {
  for (int i = 0; i < d->n; i++) {
    if (!d->at[i]->failed)
      d->at[i]->be->host_unregister((void *)d->at[i]->plo);
    free(d->at[i]);
  }
  d->n = 0;
}

/* Detaches the least recently used range not in use; returns 0 when there is none. */
static int evict_one(int failed_only, detached *out) {
  int best = -1;
  for (int i = 0; i < nranges; i++)
    if (ranges[i]->refs == 0 && (!failed_only || ranges[i]->failed) &&
        (best < 0 || ranges[i]->used < ranges[best]->used))
      best = i;
  if (best < 0)
    return 0;
  detach(best, out);
  return 1;
}

/* The cached range holding [lo, hi) with `be`, held for a call (`table` held); NULL on a miss
 * (`*known` then 0), or for a failed or pending range. */
static gpupar__hostreg *hit(const gpupar__backend *be, uintptr_t lo, uintptr_t hi, int *known) {
  *known = 0;
  for (int i = 0; i < nranges; i++)
    if (ranges[i]->be == be && ranges[i]->lo <= lo && hi <= ranges[i]->hi) {
      gpupar__hostreg *r = ranges[i];
      *known = 1;
      r->used = ++tick;
      if (r->failed || r->pending)
        return NULL;
      r->refs++;
      return r;
    }
  return NULL;
}

/* Makes room for [lo, hi) and enters it as pending (`table` held); NULL when it must stay
 * pageable. Stale ranges overlapping it and evicted ones go to `out`. */
static gpupar__hostreg *enter(const gpupar__backend *be, uintptr_t lo, uintptr_t hi,
                              detached *out) {
  gpupar__hostreg probe = {.lo = lo, .hi = hi};
  pinned_part(&probe);
  unsigned long long bytes = probe.phi - probe.plo;
  if (bytes == 0) /* no whole page: copies stay pageable */
    return NULL;
  /* Overlapping ranges not in use are stale (the array moved or grew); one in use keeps this
   * range pageable for now. Neighbours sharing only a partial page register no common page. */
  for (int i = 0; i < nranges; i++)
    if (ranges[i]->lo < hi && lo < ranges[i]->hi) {
      if (ranges[i]->refs || ranges[i]->pending)
        return NULL;
      detach(i--, out);
    }
  while (limit >= bytes && registered + bytes > limit && evict_one(0, out))
    ;
  if (limit < bytes || registered + bytes > limit)
    return NULL;
  if (nranges == MAX_RANGES && !evict_one(1, out) && !evict_one(0, out))
    return NULL;
  gpupar__hostreg *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  *r = (gpupar__hostreg){.be = be,
                         .lo = lo,
                         .hi = hi,
                         .plo = probe.plo,
                         .phi = probe.phi,
                         .refs = 1,
                         .pending = 1,
                         .used = ++tick};
  registered += bytes;
  ranges[nranges++] = r;
  return r;
}

gpupar__hostreg *gpupar__hostreg_acquire(const gpupar__backend *be, const void *p, size_t bytes,
                                         int *fresh) {
  *fresh = 0;
  if (!be->host_register || !be->host_unregister || bytes == 0)
    return NULL;
  uintptr_t lo = (uintptr_t)p, hi = lo + bytes;
  int known;
  take(&table);
  gpupar__hostreg *r = hit(be, lo, hi, &known);
  give(&table);
  if (known)
    return r;
  static detached gone; /* guarded by `backend` */
  take(&backend);
  take(&table);
  r = hit(be, lo, hi, &known); /* registered meanwhile? */
  if (!known)
    r = enter(be, lo, hi, &gone);
  give(&table);
  unregister_all(&gone);
  if (!known && r) {
    gpupar__error err;
    int ok = be->host_register((void *)r->plo, r->phi - r->plo, &err) == GPUPAR_OK;
    if (!ok)
      GPUPAR__DEBUG("host range %p (%zu bytes) stays pageable: %s", p, bytes, err.msg);
    take(&table);
    r->pending = 0;
    if (!ok) {
      r->failed = 1;
      r->refs = 0;
      registered -= r->phi - r->plo;
    }
    give(&table);
    *fresh = ok;
    r = ok ? r : NULL;
  }
  give(&backend);
  return r;
}

/* Which ranges drop_matching drops (those not in use among them). */
typedef enum {
  ENDED,    /* the range [lo, hi) of a call that ended */
  RELEASED, /* overlapping memory the program released (warned about when in use) */
  PAGES,    /* sharing a page with [lo, hi) */
  EVERY
} which;

/* Detaches and unregisters the ranges not in use that `w` selects. */
static void drop_matching(uintptr_t lo, uintptr_t hi, which w) {
  static detached gone; /* guarded by `backend` */
  take(&backend);
  take(&table);
  for (int i = 0; i < nranges; i++) {
    gpupar__hostreg *r = ranges[i];
    int chosen = w == EVERY   ? 1
                 : w == PAGES ? share_page(r->lo, r->hi, lo, hi)
                 : w == ENDED ? r->lo == lo && r->hi == hi && !r->failed
                              : r->lo < hi && lo < r->hi;
    if (!chosen || r->pending)
      continue;
    if (r->refs == 0)
      detach(i--, &gone);
    else if (w == RELEASED) /* the program frees an array that a running call copies */
      GPUPAR__WARN("memory at %p is released while an offloaded call uses it", (void *)lo);
  }
  give(&table);
  unregister_all(&gone);
  give(&backend);
}

void gpupar__hostreg_release(gpupar__hostreg *r) {
  if (!r)
    return;
  take(&table);
  int last = --r->refs == 0 && !keep;
  uintptr_t lo = r->lo, hi = r->hi;
  give(&table);
  /* A call may take it again meanwhile: drop_matching skips ranges in use. */
  if (last)
    drop_matching(lo, hi, ENDED);
}

void gpupar__hostreg_drop(const void *p, size_t bytes) {
  uintptr_t lo = (uintptr_t)p;
  drop_matching(lo, lo + (bytes ? bytes : 1), PAGES);
}

void gpupar__hostreg_forget(const void *p, size_t bytes) {
  if (holding || bytes == 0)
    return;
  uintptr_t lo = (uintptr_t)p, hi = lo + bytes;
  int overlaps = 0;
  take(&table);
  for (int i = 0; i < nranges && !overlaps; i++)
    overlaps = ranges[i]->lo < hi && lo < ranges[i]->hi;
  give(&table);
  if (overlaps) /* the program's array: this is no thread of the driver's */
    drop_matching(lo, hi, RELEASED);
}

void gpupar__hostreg_drop_all(void) { drop_matching(0, 0, EVERY); }

void gpupar__hostreg_stats(unsigned long long *bytes, int *n) {
  take(&table);
  *bytes = registered;
  *n = 0;
  for (int i = 0; i < nranges; i++)
    *n += !ranges[i]->failed;
  give(&table);
}

/* Returns the length of the first piece of [p, p + bytes) to copy alone: all of it inside one
 * range's registered pages, or touching none of them (`table` held). Ranges being registered
 * count: a piece over their pages is then either registered or pageable, both accepted. */
static size_t piece(uintptr_t p, size_t bytes) {
  uintptr_t end = p + bytes;
  for (int i = 0; i < nranges; i++) {
    const gpupar__hostreg *r = ranges[i];
    if (!r->failed && r->plo <= p && p < r->phi)
      return (size_t)((end < r->phi ? end : r->phi) - p);
  }
  for (int i = 0; i < nranges; i++) {
    const gpupar__hostreg *r = ranges[i];
    if (!r->failed && p < r->plo && r->plo < end)
      end = r->plo;
  }
  return (size_t)(end - p);
}

int gpupar__hostreg_copy_out_rows(gpupar__device *dev, int stream, void *dst, const void *src,
                                  size_t width, size_t pitch, size_t rows, gpupar__error *err) {
  const gpupar__backend *be = dev->backend;
  for (size_t r = 0; r < rows;) {
    /* The rows from r on that lie in one piece (registered pages, or none of them) go as one
     * copy: all of them but those on the partly registered first and last pages of a range
     * (only whole pages are registered, pinned_part). */
    char *to = (char *)dst + r * pitch;
    const char *from = (const char *)src + r * pitch;
    size_t span = (rows - r - 1) * pitch + width, n = span, k;
    if (be->host_register) {
      take(&table);
      n = piece((uintptr_t)to, span);
      give(&table);
    }
    k = n < width ? 0 : (n - width) / pitch + 1;
    int rc;
    if (k >= 2 && be->copy_out_rows) {
      rc = be->copy_out_rows(dev, stream, to, from, width, pitch, k, err);
    } else { /* one row, cut where registered pages begin and end */
      k = 1;
      rc = gpupar__hostreg_copy(dev, stream, to, from, width, 0, err);
    }
    if (rc != GPUPAR_OK)
      return rc;
    r += k;
  }
  return GPUPAR_OK;
}

int gpupar__hostreg_copy(gpupar__device *dev, int stream, void *dst, const void *src, size_t bytes,
                         int to_device, gpupar__error *err) {
  const gpupar__backend *be = dev->backend;
  uintptr_t host = (uintptr_t)(to_device ? src : dst);
  size_t done = 0;
  while (done < bytes) {
    size_t n = bytes - done;
    if (be->host_register) {
      take(&table);
      n = piece(host + done, n);
      give(&table);
    }
    int rc = to_device
                 ? be->copy_in(dev, stream, (char *)dst + done, (const char *)src + done, n, err)
                 : be->copy_out(dev, stream, (char *)dst + done, (const char *)src + done, n, err);
    if (rc != GPUPAR_OK)
      return rc;
    done += n;
  }
  return GPUPAR_OK;
}
