/* Transfers of a call's sub-chunks (see transfer.h). */
#include "transfer/transfer.h"

#include <stdio.h>
#include <string.h>

#include "log.h"
#include "memory/devmem.h"
#include "memory/region.h"

void gpupar__xfer_record(exec *x, gpupar__device *dev, const sub *s, const char *what, size_t bytes,
                         int dir, double t0, unsigned long long seq, const char *peer) {
  gpupar__count(dir == GPUPAR__H2D   ? &x->out->cnt.h2d
                : dir == GPUPAR__D2H ? &x->out->cnt.d2h
                                     : &x->out->cnt.d2d,
                1);
  gpupar__trace_event e;
  if (!gpupar__xevent_start(x, &e, GPUPAR__TRACE_COPY, dev->info.name, s ? s->stream : 0))
    return;
  if (s) { /* the sub-chunk the copy belongs to */
    e.begin = s->range.begin;
    e.end = s->range.end;
    e.has_range = 1;
  }
  e.ts = t0;
  e.dur = gpupar__now_us() - t0;
  snprintf(e.array, sizeof e.array, "%s", what ? what : "?");
  e.bytes = bytes;
  e.dir = dir;
  e.seq = seq;
  if (peer)
    snprintf(e.peer, sizeof e.peer, "%s", peer);
  gpupar__xevent_add(x, &e);
}

/* Classifies a failed operation on `dev`. */
int gpupar__fail_kind(gpupar__device *dev, const gpupar__error *err, int launch) {
  if (gpupar__dev_check_lost(dev))
    return KIND_LOST;
  if (err->status == GPUPAR_ENOMEM)
    return KIND_OOM;
  return launch ? KIND_LAUNCH : KIND_ERROR;
}

void gpupar__xfer_register(exec *x) {
  if (x->in->ndev == 0)
    return;
  const gpupar__backend *be = x->in->devs[0]->backend;
  for (int a = 0; a < x->na; a++) {
    gpupar__hull all = {.empty = 1};
    for (int i = 0; i < x->nsubs; i++)
      if (x->subs[i].dev >= 0 && !x->subs[i].slots[a].region)
        gpupar__hull_add(&all, &x->subs[i].slots[a].buf);
    if (all.empty || (x->snap && x->snap[a])) /* a merged array's chunks copy its snapshot */
      continue;
    size_t es = x->loop->arrays[a].elem_size;
    int fresh = 0;
    x->reg[a] = gpupar__hostreg_acquire(be, element(x->call->arrays[a], all.lo, es),
                                        hull_bytes(&all, es), &fresh);
    gpupar__count(&x->out->cnt.registered, (unsigned long long)fresh);
  }
}

void gpupar__xfer_unregister(exec *x) {
  for (int a = 0; a < x->na; a++) {
    gpupar__hostreg_release(x->reg[a]);
    x->reg[a] = NULL;
  }
}

/* Copies `bytes` of array `a` from host `src` to device `dst` on stream `st`, by DMA from the
 * program's memory: asynchronous when the range is registered, else a pageable copy (CUDA stages
 * it itself and returns when `src` may be reused); cut where registered pages begin and end
 * (gpupar__hostreg_copy; staging memory, such as a merged array's snapshot, is one piece). */
static int copy_in(exec *x, int a, gpupar__device *dev, int st, void *dst, const void *src,
                   size_t bytes, gpupar__error *err) {
  if (gpupar__dev_check_lost(dev))
    return gpupar__dev_lost_error(dev, err);
  const gpupar__backend *be = dev->backend;
  if (be->host_register && !x->reg[a] && !(x->snap && x->snap[a]))
    gpupar__count(&x->out->cnt.pageable, 1);
  return gpupar__hostreg_copy(dev, st, dst, src, bytes, 1, err);
}

/* Returns the host base pointer device chunks copy array `a` from: its snapshot (element j at
 * the returned pointer + j, valid over the snapshot's hull), or the program's array. */
static void *copy_source(const exec *x, int a) {
  if (x->snap && x->snap[a])
    return element(x->snap[a], -x->snap_hull[a].lo, x->loop->arrays[a].elem_size);
  return x->call->arrays[a];
}

int gpupar__xfer_snapshot(exec *x, char *why, size_t len) {
  int devsubs = 0;
  for (int i = 0; i < x->nsubs; i++)
    devsubs += x->subs[i].dev != HOST;
  if (devsubs == 0)
    return GPUPAR_OK;
  const gpupar__backend *be = x->in->devs[0]->backend;
  for (int a = 0; a < x->na; a++) {
    if (!x->merge[a] || x->snap[a] || (x->nsubs < 2 && !x->alias[a]))
      continue;
    gpupar__hull all = {.empty = 1}; /* what device chunks copy in and commits compare */
    for (int i = 0; i < x->nsubs; i++) {
      gpupar__hull_add(&all, &x->subs[i].slots[a].write);
      gpupar__hull_add(&all, &x->subs[i].slots[a].buf);
    }
    if (all.empty)
      continue;
    size_t es = x->loop->arrays[a].elem_size, bytes = hull_bytes(&all, es);
    gpupar__error err;
    if (gpupar__stage_alloc(be, bytes, &x->snap[a], &x->snap_size[a], &err) != GPUPAR_OK) {
      x->snap[a] = NULL;
      snprintf(why, len, "out of host memory (a copy of '%s')",
               x->loop->arrays[a].name ? x->loop->arrays[a].name : "?");
      return GPUPAR_EINVAL;
    }
    x->snap_hull[a] = all;
    memcpy(x->snap[a], element(x->call->arrays[a], all.lo, es), bytes);
    gpupar__count(&x->out->cnt.memcpy_bytes, bytes);
  }
  return GPUPAR_OK;
}

size_t gpupar__xfer_merge(void *dst, const void *got, const void *snap, size_t bytes) {
  const unsigned char *g = got, *o = snap;
  unsigned char *d = dst;
  size_t merged = 0, at = 0;
  for (; at + 8 <= bytes; at += 8) { /* words that did not change: one compare each */
    uint64_t gw, ow;
    memcpy(&gw, g + at, 8);
    memcpy(&ow, o + at, 8);
    if (gw == ow)
      continue;
    for (size_t b = at; b < at + 8; b++)
      if (g[b] != o[b]) {
        d[b] = g[b];
        merged++;
      }
  }
  for (; at < bytes; at++)
    if (g[at] != o[at]) {
      d[at] = g[at];
      merged++;
    }
  return merged;
}

void gpupar__xfer_free_snapshots(exec *x) {
  if (!x->snap || x->in->ndev == 0)
    return;
  for (int a = 0; a < x->na; a++) {
    gpupar__stage_release(x->in->devs[0]->backend, x->snap[a], x->snap_size[a]);
    x->snap[a] = NULL;
  }
}

/* Returns whether array `a`'s write-back may go straight into the program's memory before the
 * commit: a sub-chunk that fails after it must leave nothing a retry reads. True when the loop
 * never reads the array and writes every element of each write hull (a retry rewrites it all),
 * or whole rows of it that alone are copied back (rows_out); a read-write array waits in staging
 * for the commit (docs/performance.md, "Write-back"). */
static int direct_out(const exec *x, int a) {
  return !(x->loop->arrays[a].access & GPUPAR_READ) && (x->dense[a] || x->rows_out[a].pitch) &&
         !x->merge[a];
}

/* Fills the per-device copies of shared read-only arrays: host to the first device, then device
 * to device when the devices can reach each other (else host to each). A device whose copy
 * fails uses per-chunk copies instead. */
void gpupar__xfer_shared(exec *x) {
  for (int a = 0; a < x->na; a++) {
    if (!x->shared[a])
      continue;
    size_t es = x->loop->arrays[a].elem_size, bytes = hull_bytes(&x->shared_hull[a], es);
    int root = -1;
    for (int d = 0; d < x->in->ndev; d++) {
      gpupar__device *dev = x->in->devs[d];
      int used = 0;
      for (int i = 0; i < x->nsubs && !used; i++)
        used = x->subs[i].dev == d && x->subs[i].state == SUB_PENDING;
      if (!used || atomic_load(&dev->lost))
        continue;
      gpupar__error err;
      void *buf;
      size_t size;
      if (gpupar__dev_alloc(dev, bytes, &buf, &size, &err) != GPUPAR_OK)
        continue;
      void *src = element(copy_source(x, a), x->shared_hull[a].lo, es);
      gpupar__device *rdev = root >= 0 ? x->in->devs[root] : NULL;
      int peer = rdev && dev->backend == rdev->backend && dev->backend->copy_peer &&
                 dev->backend->can_peer && dev->backend->can_peer(dev, rdev);
      double t0 = gpupar__now_us();
      unsigned long long seq = gpupar__trace_seq();
      int rc;
      if (peer)
        rc = gpupar__dev_check_lost(dev)
                 ? gpupar__dev_lost_error(dev, &err)
                 : dev->backend->copy_peer(dev, 0, buf, rdev, 0,
                                           x->shared_buf[(size_t)root * (size_t)x->na + (size_t)a],
                                           bytes, &err);
      else
        rc = copy_in(x, a, dev, 0, buf, src, bytes, &err);
      if (rc != GPUPAR_OK) {
        gpupar__dev_release(dev, buf, size); /* emu and injected failures: nothing in flight */
        continue;
      }
      gpupar__xfer_record(x, dev, NULL, x->loop->arrays[a].name, bytes,
                          peer ? GPUPAR__D2D : GPUPAR__H2D, t0, seq, peer ? rdev->info.name : NULL);
      if (!peer)
        gpupar__count(&x->out->bytes_in, bytes);
      x->shared_buf[(size_t)d * (size_t)x->na + (size_t)a] = buf;
      x->shared_size[(size_t)d * (size_t)x->na + (size_t)a] = size;
      if (root < 0)
        root = d;
    }
  }
  /* The copies above run on stream 0; chunks read the shared copies on every stream. */
  for (int d = 0; d < x->in->ndev; d++) {
    gpupar__device *dev = x->in->devs[d];
    int filled = 0;
    for (int a = 0; a < x->na && !filled; a++)
      filled = x->shared_buf[(size_t)d * (size_t)x->na + (size_t)a] != NULL;
    gpupar__error err;
    int ordered = 1;
    for (int st = 1; filled && dev->backend->order && st < dev->nstreams && ordered; st++)
      ordered = dev->backend->order(dev, st, dev, 0, &err) == GPUPAR_OK;
    if (!ordered &&
        (gpupar__count(&x->out->cnt.syncs, 1), dev->backend->sync(dev, 0, &err) != GPUPAR_OK))
      GPUPAR__DEBUG("%s: shared copies: %s", dev->info.name, err.msg); /* its chunks fail */
  }
}

/* Allocates and copies in what sub-chunk `s` reads. */
int gpupar__xfer_in(exec *x, sub *s) {
  gpupar__device *dev = x->in->devs[s->dev];
  for (int a = 0; a < x->na; a++) {
    slot *sl = &s->slots[a];
    size_t es = x->loop->arrays[a].elem_size;
    s->ptrs[a] = NULL;
    if (sl->buf.empty)
      continue;
    void *shared = x->shared[a] ? x->shared_buf[(size_t)s->dev * (size_t)x->na + (size_t)a] : NULL;
    if (shared) {
      s->ptrs[a] = element(shared, -x->shared_hull[a].lo, es);
      continue;
    }
    unsigned access = (unsigned)x->loop->arrays[a].access;
    int read_only = !(access & GPUPAR_WRITE), write_only = !(access & GPUPAR_READ) && !x->merge[a];
    if (sl->region && (read_only || write_only)) {
      /* In place, in the device's resident copy. No commit of this call changes an array it
       * only reads. An array it only writes is written in place too: which elements the loop
       * writes, and what, cannot depend on it, so the retry of a failed chunk writes the same
       * elements again, and the elements of the write hull it does not write (not dense) are
       * brought up to date first and left as they are. An array read and written keeps its
       * scratch buffer, so that a failed chunk leaves the copy as it was. */
      void *at;
      if (gpupar__region_present(
              sl->region, dev, s->stream, element(x->call->arrays[a], sl->buf.lo, es),
              hull_bytes(&sl->buf, es), read_only || !x->dense[a], &at, &s->err) != GPUPAR_OK)
        return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
      s->ptrs[a] = element(at, -sl->buf.lo, es);
      continue;
    }
    if (gpupar__dev_alloc(dev, hull_bytes(&sl->buf, es), &sl->dev, &sl->dev_size, &s->err) !=
        GPUPAR_OK)
      return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
    s->ptrs[a] = element(sl->dev, -sl->buf.lo, es);
    int need_read = !sl->read.empty,
        need_write = !sl->write.empty && !x->dense[a] && !x->rows_out[a].pitch;
    const gpupar__hull *h = need_read && need_write ? &sl->buf
                            : need_read             ? &sl->read
                            : need_write            ? &sl->write
                                                    : NULL;
    if (!h)
      continue;
    size_t bytes = hull_bytes(h, es);
    double t0 = gpupar__now_us();
    unsigned long long seq = gpupar__trace_seq();
    if (sl->region) {
      /* Present: from the device's resident copy (device to device). */
      if (gpupar__region_copy_in(sl->region, dev, s->stream, element(s->ptrs[a], h->lo, es),
                                 element(x->call->arrays[a], h->lo, es), bytes,
                                 &s->err) != GPUPAR_OK)
        return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
      gpupar__xfer_record(x, dev, s, x->loop->arrays[a].name, bytes, GPUPAR__D2D, t0, seq,
                          dev->info.name);
      continue;
    }
    if (copy_in(x, a, dev, s->stream, element(s->ptrs[a], h->lo, es),
                element(copy_source(x, a), h->lo, es), bytes, &s->err) != GPUPAR_OK)
      return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
    gpupar__xfer_record(x, dev, s, x->loop->arrays[a].name, bytes, GPUPAR__H2D, t0, seq, NULL);
    gpupar__count(&x->out->bytes_in, bytes);
  }
  return 0;
}

/* Copies sub-chunk `s`'s write hulls into host staging buffers (or, for arrays present in a data
 * region, keeps them on the device until the commit). */
int gpupar__xfer_out(exec *x, sub *s) {
  gpupar__device *dev = x->in->devs[s->dev];
  if (gpupar__red_dev_stage_out(dev, s->stream, s->red, &s->err) != GPUPAR_OK)
    return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
  for (int a = 0; a < x->na; a++) {
    slot *sl = &s->slots[a];
    if (sl->write.empty || sl->region)
      continue;
    size_t es = x->loop->arrays[a].elem_size, bytes = hull_bytes(&sl->write, es);
    if (gpupar__dev_check_lost(dev)) {
      gpupar__dev_lost_error(dev, &s->err);
      return fail_sub(s, KIND_LOST);
    }
    sl->direct = direct_out(x, a);
    void *to = element(x->call->arrays[a], sl->write.lo, es);
    if (!sl->direct) {
      if (gpupar__stage_alloc(dev->backend, bytes, &sl->stage, &sl->stage_size, &s->err) !=
          GPUPAR_OK)
        return fail_sub(s, KIND_ERROR);
      to = sl->stage;
    } else if (dev->backend->host_register && !x->reg[a]) {
      gpupar__count(&x->out->cnt.pageable, 1);
    }
    double t0 = gpupar__now_us();
    unsigned long long seq = gpupar__trace_seq();
    const void *from = element(s->ptrs[a], sl->write.lo, es);
    if (x->rows_out[a].pitch && sl->direct) {
      /* The rows alone: the elements between them were never copied in. */
      long long w = x->rows_out[a].width, p = x->rows_out[a].pitch,
                span = sl->write.hi - sl->write.lo + 1;
      if (span < w || (span - w) % p != 0) {
        gpupar__fail(&s->err, GPUPAR_EINVAL, "the write section of '%s' is not whole rows",
                     x->loop->arrays[a].name);
        return fail_sub(s, KIND_ERROR);
      }
      size_t rows = (size_t)((span - w) / p + 1);
      bytes = rows * (size_t)w * es;
      if (gpupar__hostreg_copy_out_rows(dev, s->stream, to, from, (size_t)w * es, (size_t)p * es,
                                        rows, &s->err) != GPUPAR_OK)
        return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
    } else if (gpupar__hostreg_copy(dev, s->stream, to, from, bytes, 0, &s->err) != GPUPAR_OK) {
      return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
    }
    gpupar__xfer_record(x, dev, s, x->loop->arrays[a].name, bytes, GPUPAR__D2H, t0, seq, NULL);
    gpupar__count(&x->out->bytes_out, bytes);
  }
  return 0;
}

/* Returns a sub-chunk's buffers to the pools (after its device synchronised). */
void gpupar__xfer_release(exec *x, sub *s) {
  gpupar__device *dev = s->dev >= 0 ? x->in->devs[s->dev] : NULL;
  for (int a = 0; a < x->na; a++) {
    slot *sl = &s->slots[a];
    if (dev) {
      gpupar__dev_release(dev, sl->dev, sl->dev_size);
      gpupar__stage_release(dev->backend, sl->stage, sl->stage_size);
    }
    sl->dev = sl->stage = NULL;
  }
  if (dev && s->mark) { /* waited for already (its device synchronised): only released here */
    gpupar__error err;
    dev->backend->wait_mark(dev, s->mark, &err);
  }
  s->mark = NULL;
  if (dev)
    gpupar__red_dev_release(dev, &s->red);
}

void gpupar__xfer_free_shared(exec *x) {
  for (int d = 0; d < x->in->ndev; d++)
    for (int a = 0; a < x->na; a++) {
      size_t k = (size_t)d * (size_t)x->na + (size_t)a,
             ks = (size_t)(GPUPAR__MAX_DEVICES + d) * (size_t)x->na + (size_t)a;
      gpupar__dev_release(x->in->devs[d], x->shared_buf[k], x->shared_size[k]);
      gpupar__stage_release(x->in->devs[d]->backend, x->shared_buf[ks], x->shared_size[ks]);
    }
}
