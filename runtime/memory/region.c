/* Data regions: see region.h. Each region keeps a sorted list of parts [lo, hi) (byte offsets
 * from its host start) covering it, each with the set of copies holding its latest bytes. */
#include "memory/region.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "memory/devmem.h"
#include "memory/hostreg.h"
#include "registry.h"
#include "trace.h"

typedef struct part {
  size_t lo, hi;           /* [lo, hi) */
  unsigned long long devs; /* registry devices whose copy is up to date */
  int host;                /* the host copy is up to date */
  /* Per registry device e: the stream of e on which the copy that made this part of e's copy up
   * to date was issued, while it may still be in flight; -1 once complete. Work on another stream
   * that reads the part is ordered after that stream first (the backend's order()). */
  signed char stream[GPUPAR__MAX_DEVICES];
} part;

/* A part [lo, hi) held by the host only, with nothing in flight. */
static part host_part(size_t lo, size_t hi) {
  part p = {.lo = lo, .hi = hi, .devs = 0, .host = 1};
  memset(p.stream, -1, sizeof p.stream);
  return p;
}

/* The stream of device `e` to read part `p` of e's copy on: the one its last write was issued on
 * (0 when complete). */
static int read_stream(const part *p, int e) { return p->stream[e] >= 0 ? p->stream[e] : 0; }

struct gpupar__region {
  char *host;
  size_t bytes;
  int map;
  void *dev[GPUPAR__MAX_DEVICES]; /* the copy on registry device i (NULL: none) */
  size_t dev_size[GPUPAR__MAX_DEVICES];
  gpupar__device *owner[GPUPAR__MAX_DEVICES];
  part *parts;
  int nparts, cap;
  int data_lost; /* bytes only a lost device held were dropped: gpupar_data_exit fails */
  struct gpupar__region *next;
};

static pthread_mutex_t regions_lock = PTHREAD_MUTEX_INITIALIZER;
static gpupar__region *regions;

static gpupar__region *find_locked(const char *lo, const char *hi) {
  for (gpupar__region *r = regions; r; r = r->next)
    if ((uintptr_t)lo >= (uintptr_t)r->host && (uintptr_t)hi <= (uintptr_t)r->host + r->bytes)
      return r;
  return NULL;
}

gpupar__region *gpupar__region_find(void *base, size_t elem_size, const gpupar__hull *hull) {
  if (hull->empty || !regions)
    return NULL;
  const char *lo = (const char *)base + (intptr_t)hull->lo * (intptr_t)elem_size;
  const char *hi = (const char *)base + ((intptr_t)hull->hi + 1) * (intptr_t)elem_size;
  pthread_mutex_lock(&regions_lock);
  gpupar__region *r = find_locked(lo, hi);
  pthread_mutex_unlock(&regions_lock);
  return r;
}

int gpupar__region_contains(const void *base) {
  pthread_mutex_lock(&regions_lock);
  gpupar__region *r = regions ? find_locked(base, (const char *)base + 1) : NULL;
  pthread_mutex_unlock(&regions_lock);
  return r != NULL;
}

int gpupar__regions_open(void) { return regions != NULL; }

int gpupar__region_overlaps(const void *lo, const void *hi) {
  int found = 0;
  if (!regions)
    return 0;
  pthread_mutex_lock(&regions_lock);
  for (gpupar__region *r = regions; r && !found; r = r->next)
    found = (uintptr_t)lo < (uintptr_t)r->host + r->bytes && (uintptr_t)hi > (uintptr_t)r->host;
  pthread_mutex_unlock(&regions_lock);
  return found;
}

/* Splits the parts of `r` at offset `at` so that a part starts there. Returns 0 or -1. */
static int split_at(gpupar__region *r, size_t at) {
  for (int i = 0; i < r->nparts; i++) {
    part *p = &r->parts[i];
    if (p->lo == at || at >= p->hi || at < p->lo)
      continue;
    if (r->nparts == r->cap) {
      int want = r->cap * 2;
      part *grown = realloc(r->parts, (size_t)want * sizeof *grown);
      if (!grown)
        return -1;
      r->parts = grown;
      r->cap = want;
      p = &r->parts[i];
    }
    memmove(&r->parts[i + 2], &r->parts[i + 1], (size_t)(r->nparts - i - 1) * sizeof *p);
    r->parts[i + 1] = *p;
    r->parts[i + 1].lo = at;
    p->hi = at;
    r->nparts++;
    return 0;
  }
  return 0;
}

/* Merges neighbouring parts with the same holders. */
static void merge(gpupar__region *r) {
  int out = 0;
  for (int i = 0; i < r->nparts; i++) {
    if (out > 0 && r->parts[out - 1].devs == r->parts[i].devs &&
        r->parts[out - 1].host == r->parts[i].host && r->parts[out - 1].hi == r->parts[i].lo &&
        memcmp(r->parts[out - 1].stream, r->parts[i].stream, sizeof r->parts[i].stream) == 0)
      r->parts[out - 1].hi = r->parts[i].hi;
    else
      r->parts[out++] = r->parts[i];
  }
  r->nparts = out;
}

static void record(gpupar__device *dev, const char *array, size_t bytes, int dir,
                   const char *peer) {
  if (!gpupar__trace_on())
    return;
  gpupar__trace_event e;
  memset(&e, 0, sizeof e);
  e.cat = GPUPAR__TRACE_COPY;
  e.ts = gpupar__now_us();
  snprintf(e.site, sizeof e.site, "data region");
  snprintf(e.device, sizeof e.device, "%s", dev->info.name);
  snprintf(e.array, sizeof e.array, "%s", array);
  e.bytes = bytes;
  e.dir = dir;
  e.seq = gpupar__trace_seq();
  if (peer)
    snprintf(e.peer, sizeof e.peer, "%s", peer);
  gpupar__trace_add(&e, 1);
}

/* Makes the copy on registry device `d` (or the host when d < 0) of [lo, hi) up to date. */
static int make_valid(gpupar__region *r, int d, int s, size_t lo, size_t hi, gpupar__error *err) {
  if (split_at(r, lo) != 0 || split_at(r, hi) != 0)
    return gpupar__fail(err, GPUPAR_ENOMEM, "out of host memory");
  for (int i = 0; i < r->nparts; i++) {
    part *p = &r->parts[i];
    if (p->hi <= lo || p->lo >= hi || (d < 0 ? p->host : (int)(p->devs >> d & 1)))
      continue;
    size_t n = p->hi - p->lo;
    int src = -1;
    for (int e = 0; e < GPUPAR__MAX_DEVICES && src < 0; e++)
      if ((p->devs >> e & 1) && r->dev[e] && !gpupar__dev_dead(r->owner[e]))
        src = e;
    if (d < 0) { /* to the host */
      if (src < 0)
        return gpupar__fail(err, GPUPAR_EDEVICE, "no copy of the data is left");
      gpupar__device *from = r->owner[src];
      int rs = read_stream(p, src);
      if (gpupar__hostreg_copy(from, rs, r->host + p->lo, (char *)r->dev[src] + p->lo, n, 0, err) !=
              GPUPAR_OK ||
          from->backend->sync(from, rs, err) != GPUPAR_OK)
        return err->status;
      record(from, "data region", n, GPUPAR__D2H, NULL);
      p->host = 1;
      p->stream[src] = -1;
      continue;
    }
    gpupar__device *to = r->owner[d];
    gpupar__device *from = src >= 0 ? r->owner[src] : NULL;
    int peer = from && from->backend == to->backend && to->backend->copy_peer &&
               to->backend->can_peer && to->backend->can_peer(to, from);
    if (peer) {
      if (to->backend->copy_peer(to, s, (char *)r->dev[d] + p->lo, from, read_stream(p, src),
                                 (char *)r->dev[src] + p->lo, n, err) != GPUPAR_OK)
        return err->status;
      record(to, "data region", n, GPUPAR__D2D, from->info.name);
    } else {
      if (!p->host) { /* through the host */
        if (!from)
          return gpupar__fail(err, GPUPAR_EDEVICE, "no copy of the data is left");
        int rs = read_stream(p, src);
        if (gpupar__hostreg_copy(from, rs, r->host + p->lo, (char *)r->dev[src] + p->lo, n, 0,
                                 err) != GPUPAR_OK ||
            from->backend->sync(from, rs, err) != GPUPAR_OK)
          return err->status;
        record(from, "data region", n, GPUPAR__D2H, NULL);
        p->host = 1;
        p->stream[src] = -1;
      }
      if (gpupar__hostreg_copy(to, s, (char *)r->dev[d] + p->lo, r->host + p->lo, n, 1, err) !=
          GPUPAR_OK)
        return err->status;
      record(to, "data region", n, GPUPAR__H2D, NULL);
    }
    p->devs |= 1ull << d;
    p->stream[d] = (signed char)s;
  }
  merge(r);
  return GPUPAR_OK;
}

/* Orders the work issued later on stream `s` of registry device `d` after the copies in flight
 * that made [lo, hi) of d's copy up to date on d's other streams. */
static int order_reads(gpupar__region *r, int d, int s, size_t lo, size_t hi, gpupar__error *err) {
  gpupar__device *dev = r->owner[d];
  unsigned streams = 0;
  for (int i = 0; i < r->nparts; i++)
    if (r->parts[i].hi > lo && r->parts[i].lo < hi && r->parts[i].stream[d] >= 0 &&
        r->parts[i].stream[d] != s)
      streams |= 1u << r->parts[i].stream[d];
  for (int w = 0; w < GPUPAR__MAX_STREAMS && dev->backend->order; w++)
    if ((streams >> w & 1) && dev->backend->order(dev, s, dev, w, err) != GPUPAR_OK)
      return err->status;
  return GPUPAR_OK;
}

/* gpupar__region_present with regions_lock held. */
static int present_locked(gpupar__region *r, gpupar__device *dev, int s, const void *host,
                          size_t bytes, int fill, void **at, gpupar__error *err) {
  int d = dev->index, rc;
  size_t off = (size_t)((const char *)host - r->host);
  if (!r->dev[d])
    return gpupar__fail(err, GPUPAR_ENOMEM, "%s holds no copy of the data region", dev->info.name);
  if ((fill && (rc = make_valid(r, d, s, off, off + bytes, err)) != GPUPAR_OK) ||
      (rc = order_reads(r, d, s, off, off + bytes, err)) != GPUPAR_OK)
    return rc;
  *at = (char *)r->dev[d] + off;
  return GPUPAR_OK;
}

int gpupar__region_present(gpupar__region *r, gpupar__device *dev, int s, const void *host,
                           size_t bytes, int fill, void **at, gpupar__error *err) {
  if (gpupar__dev_check_lost(dev))
    return gpupar__fail(err, GPUPAR_EDEVICE, "%s is lost", dev->info.name);
  pthread_mutex_lock(&regions_lock);
  int rc = present_locked(r, dev, s, host, bytes, fill, at, err);
  pthread_mutex_unlock(&regions_lock);
  return rc;
}

int gpupar__region_copy_in(gpupar__region *r, gpupar__device *dev, int s, void *dst,
                           const void *host, size_t bytes, gpupar__error *err) {
  if (gpupar__dev_check_lost(dev))
    return gpupar__fail(err, GPUPAR_EDEVICE, "%s is lost", dev->info.name);
  pthread_mutex_lock(&regions_lock);
  void *at;
  int rc = present_locked(r, dev, s, host, bytes, 1, &at, err);
  if (rc == GPUPAR_OK)
    rc = dev->backend->copy_peer(dev, s, dst, dev, s, at, bytes, err);
  pthread_mutex_unlock(&regions_lock);
  return rc;
}

void gpupar__region_commit(gpupar__region *r, gpupar__device *dev, const void *src,
                           const void *host, size_t bytes) {
  pthread_mutex_lock(&regions_lock);
  int d = dev->index;
  size_t off = (size_t)((const char *)host - r->host);
  gpupar__error err;
  char *dst = (char *)r->dev[d] + off;
  if (split_at(r, off) != 0 || split_at(r, off + bytes) != 0 ||
      (src != dst && /* else written in place, by work that has completed */
       (dev->backend->copy_peer(dev, 0, dst, dev, 0, src, bytes, &err) != GPUPAR_OK ||
        dev->backend->sync(dev, 0, &err) != GPUPAR_OK))) {
    GPUPAR__ERROR("data region: %s: cannot commit %zu bytes", dev->info.name, bytes);
    pthread_mutex_unlock(&regions_lock);
    return;
  }
  for (int i = 0; i < r->nparts; i++)
    if (r->parts[i].lo >= off && r->parts[i].hi <= off + bytes) {
      r->parts[i].devs = 1ull << d;
      r->parts[i].host = 0;
      memset(r->parts[i].stream, -1, sizeof r->parts[i].stream); /* synchronised above */
    }
  merge(r);
  pthread_mutex_unlock(&regions_lock);
}

void gpupar__region_to_host(gpupar__region *r, const void *host, size_t bytes) {
  pthread_mutex_lock(&regions_lock);
  size_t off = (size_t)((const char *)host - r->host);
  gpupar__error err;
  if (make_valid(r, -1, 0, off, off + bytes, &err) != GPUPAR_OK)
    GPUPAR__ERROR("data region: cannot update the host copy: %s", err.msg);
  pthread_mutex_unlock(&regions_lock);
}

void gpupar__region_host_wrote(gpupar__region *r, const void *host, size_t bytes) {
  pthread_mutex_lock(&regions_lock);
  size_t off = (size_t)((const char *)host - r->host);
  if (split_at(r, off) == 0 && split_at(r, off + bytes) == 0) {
    for (int i = 0; i < r->nparts; i++)
      if (r->parts[i].lo >= off && r->parts[i].hi <= off + bytes)
        r->parts[i] = host_part(r->parts[i].lo, r->parts[i].hi);
    merge(r);
  } else { /* no memory to split: the whole region */
    for (int i = 0; i < r->nparts; i++)
      r->parts[i] = host_part(r->parts[i].lo, r->parts[i].hi);
  }
  pthread_mutex_unlock(&regions_lock);
}

void gpupar__region_host_access(void *const *arrays, const int *write, int n) {
  if (!regions)
    return;
  for (int a = 0; a < n; a++) {
    pthread_mutex_lock(&regions_lock);
    gpupar__region *r = find_locked(arrays[a], (const char *)arrays[a] + 1);
    pthread_mutex_unlock(&regions_lock);
    if (!r)
      continue;
    gpupar__region_to_host(r, r->host, r->bytes);
    if (write[a])
      gpupar__region_host_wrote(r, r->host, r->bytes);
  }
}

void gpupar__region_forget_device(gpupar__device *dev) {
  pthread_mutex_lock(&regions_lock);
  int d = dev->index;
  for (gpupar__region *r = regions; r; r = r->next) {
    if (!r->dev[d] || r->owner[d] != dev)
      continue;
    int lost = 0;
    for (int i = 0; i < r->nparts; i++) {
      r->parts[i].devs &= ~(1ull << d);
      r->parts[i].stream[d] = -1;
      lost |= !r->parts[i].devs && !r->parts[i].host;
    }
    r->data_lost |= lost;
    if (lost)
      GPUPAR__ERROR("data region at %p: data only %s held is lost", (void *)r->host,
                    dev->info.name);
    /* Freed even on a lost device (dev_release hands it straight to the backend): the memory is
     * host memory under emu, and a CUDA free that fails there only reports the sticky error. */
    gpupar__dev_release(dev, r->dev[d], r->dev_size[d]);
    r->dev[d] = NULL;
  }
  pthread_mutex_unlock(&regions_lock);
}

static int data_enter(gpupar__registry *reg, const void *host, size_t bytes, int map) {
  gpupar__dev_set_forget_hook(gpupar__region_forget_device);
  if (!host || bytes == 0 || map < GPUPAR_MAP_ALLOC || map > GPUPAR_MAP_TOFROM)
    return GPUPAR_EINVAL;
  if ((uintptr_t)host + bytes < (uintptr_t)host)
    return GPUPAR_EINVAL;
  pthread_mutex_lock(&regions_lock);
  for (gpupar__region *o = regions; o; o = o->next)
    if ((uintptr_t)host < (uintptr_t)o->host + o->bytes &&
        (uintptr_t)o->host < (uintptr_t)host + bytes) {
      pthread_mutex_unlock(&regions_lock);
      return GPUPAR_EINVAL;
    }
  pthread_mutex_unlock(&regions_lock);
  if (reg->ndev == 0)
    return GPUPAR_ENODEV;
  gpupar__region *r = calloc(1, sizeof *r);
  part *parts = malloc(8 * sizeof *parts);
  if (!r || !parts) {
    free(r);
    free(parts);
    return GPUPAR_ENOMEM;
  }
  r->host = (char *)host;
  r->bytes = bytes;
  r->map = map;
  r->parts = parts;
  r->cap = 8;
  r->nparts = 1;
  r->parts[0] = host_part(0, bytes);
  int held = 0, rc = GPUPAR_OK;
  for (int i = 0; i < reg->ndev; i++) {
    gpupar__device *dev = &reg->dev[i];
    gpupar__error err;
    if (atomic_load(&dev->lost))
      continue;
    pthread_mutex_lock(&dev->lock);
    if (gpupar__dev_alloc(dev, bytes, &r->dev[i], &r->dev_size[i], &err) == GPUPAR_OK) {
      r->owner[i] = dev;
      held++;
    } else {
      GPUPAR__WARN("data region: %s keeps no copy: %s", dev->info.name, err.msg);
      rc = err.status;
    }
    pthread_mutex_unlock(&dev->lock);
  }
  if (held == 0) {
    free(r->parts);
    free(r);
    return rc != GPUPAR_OK ? rc : GPUPAR_ENOMEM;
  }
  pthread_mutex_lock(&regions_lock);
  if (map & GPUPAR_MAP_TO) { /* host to the first device, then device to device */
    gpupar__error err;
    for (int i = 0; i < reg->ndev; i++)
      if (r->dev[i] && make_valid(r, i, 0, 0, bytes, &err) != GPUPAR_OK)
        GPUPAR__WARN("data region: %s: %s", reg->dev[i].info.name, err.msg);
    for (int i = 0; i < reg->ndev; i++)
      if (r->dev[i])
        r->owner[i]->backend->sync(r->owner[i], -1, &err);
    for (int i = 0; i < r->nparts; i++)
      memset(r->parts[i].stream, -1, sizeof r->parts[i].stream);
  }
  r->next = regions;
  regions = r;
  pthread_mutex_unlock(&regions_lock);
  return GPUPAR_OK;
}

static int data_exit(const void *host) {
  pthread_mutex_lock(&regions_lock);
  gpupar__region **at = &regions;
  while (*at && (*at)->host != host)
    at = &(*at)->next;
  gpupar__region *r = *at;
  if (!r) {
    pthread_mutex_unlock(&regions_lock);
    return GPUPAR_ENOTFOUND;
  }
  int rc = GPUPAR_OK;
  gpupar__error err;
  if ((r->map & GPUPAR_MAP_FROM) && make_valid(r, -1, 0, 0, r->bytes, &err) != GPUPAR_OK) {
    GPUPAR__ERROR("data region at %p: cannot copy back: %s", (void *)r->host, err.msg);
    rc = GPUPAR_EDEVICE;
  }
  if (r->data_lost && rc == GPUPAR_OK) {
    GPUPAR__ERROR("data region at %p: data only a lost device held was lost", (void *)r->host);
    rc = GPUPAR_EDEVICE;
  }
  *at = r->next;
  pthread_mutex_unlock(&regions_lock);
  gpupar__hostreg_drop(r->host, r->bytes); /* the program may free the range next */
  for (int i = 0; i < GPUPAR__MAX_DEVICES; i++)
    if (r->dev[i]) {
      pthread_mutex_lock(&r->owner[i]->lock);
      gpupar__dev_release(r->owner[i], r->dev[i], r->dev_size[i]);
      pthread_mutex_unlock(&r->owner[i]->lock);
    }
  free(r->parts);
  free(r);
  return rc;
}

int gpupar_data_enter(const void *host, size_t bytes, int map) {
  gpupar__registry *reg = gpupar__registry_get();
  int current = gpupar__current_save(reg);
  int rc = data_enter(reg, host, bytes, map);
  gpupar__current_restore(reg, current);
  return rc;
}

int gpupar_data_exit(const void *host) {
  gpupar__registry *reg = gpupar__registry_get();
  int current = gpupar__current_save(reg);
  int rc = data_exit(host);
  gpupar__current_restore(reg, current);
  return rc;
}
