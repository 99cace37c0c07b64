/* The device path of a call (see exec.h and docs/runtime.md, "How a call runs"). */
#include "execute/exec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "execute/hostpool.h"
#include "gather/reduce.h"
#include "log.h"
#include "memory/devmem.h"
#include "memory/region.h"
#include "schedule/section.h"
#include "schedule/split.h"
#include "trace.h"

#define HOST (-1)

enum { SUB_PENDING, SUB_RUNNING, SUB_DONE, SUB_FAILED };
/* Failure kinds (GPUPAR__FAULT_* bits, plus a generic error). */
enum {
  KIND_OOM = GPUPAR__FAULT_OOM,
  KIND_LAUNCH = GPUPAR__FAULT_LAUNCH,
  KIND_LOST = GPUPAR__FAULT_LOST,
  KIND_ERROR = 8
};

/* One array in one sub-chunk. */
typedef struct slot {
  gpupar__hull read, write, buf; /* element indices; buf = read ∪ write */
  void *dev;                     /* device buffer holding buf (NULL: none or shared) */
  size_t dev_size;
  void *in_stage, *stage; /* host staging: copy-in (pinned backends), write hull */
  size_t in_size, stage_size;
  gpupar__region *region; /* present in a data region: copies come from / go to it */
} slot;

/* A contiguous range of iterations run as a unit: committed whole or not at all. */
typedef struct sub {
  gpupar__range range;
  int dev;    /* index into the call's devices, or HOST */
  int stream; /* stream of its current attempt */
  int state;  /* SUB_* */
  int kind;   /* failure kind of its last attempt */
  gpupar__error err;
  unsigned long long excluded; /* devices (call indices) it failed on */
  int splits;                  /* out-of-memory splits so far */
  int initial;                 /* planned at the start (not a retry) */
  slot *slots;
  void **ptrs;
  double t0, t1;
  unsigned long long seq;
  gpupar__red_chunk *red; /* reductions: partial results of the current attempt */
  int launched;           /* its current attempt reached the kernel launch */
} sub;

typedef struct exec {
  const gpupar__exec_in *in;
  const gpupar_loop *loop;
  gpupar_call *call;
  int na;
  sub *subs;
  int nsubs, cap;
  int no_split; /* chunks' write hulls would overlap: never split a range */
  int *dense;   /* per array */
  int *shared;  /* per array: read-only, same hull in every chunk: one copy per device */
  gpupar__hull *shared_hull;
  void **shared_buf; /* [dev * na + a] */
  size_t *shared_size;
  double w[GPUPAR__MAX_DEVICES], host_w;
  unsigned long long dev_iters[GPUPAR__MAX_DEVICES];
  double dev_us[GPUPAR__MAX_DEVICES];
  gpupar__trace_event *events;
  int nevents, max_events;
  gpupar__exec_out *out;
  int committed;                             /* a chunk's results are in host memory */
  gpupar__red_acc *acc[GPUPAR__MAX_DEVICES]; /* this round's array-reduction buffer per device */
} exec;

/* --- Helpers ------------------------------------------------------------------------------ */

/* Returns host address of element `index` of an array at `base`, modulo 2^64 like the serial
 * code's pointer arithmetic (the alias guard has checked the whole range is addressable). */
static void *element(void *base, long long index, size_t elem_size) {
  return (void *)((uintptr_t)base + (uintptr_t)((unsigned long long)index * elem_size));
}

static size_t hull_bytes(const gpupar__hull *h, size_t elem_size) {
  return (size_t)((unsigned long long)(h->hi - h->lo) + 1) * elem_size;
}

static const char *site_name(const exec *x) { return x->loop->site ? x->loop->site : "?"; }

static gpupar__trace_event *new_event(exec *x, int cat, const char *device, int stream) {
  if (!gpupar__trace_on())
    return NULL;
  if (x->nevents == x->max_events) {
    int want = x->max_events ? 2 * x->max_events : 64;
    gpupar__trace_event *grown = realloc(x->events, (size_t)want * sizeof *grown);
    if (!grown)
      return NULL;
    x->events = grown;
    x->max_events = want;
  }
  gpupar__trace_event *e = &x->events[x->nevents++];
  memset(e, 0, sizeof *e);
  e->cat = cat;
  snprintf(e->site, sizeof e->site, "%s", site_name(x));
  snprintf(e->device, sizeof e->device, "%s", device);
  e->stream = stream;
  e->call = x->call->call_id;
  return e;
}

static void record_copy(exec *x, gpupar__device *dev, const sub *s, const char *what, size_t bytes,
                        int dir, double t0, unsigned long long seq, const char *peer) {
  gpupar__trace_event *e = new_event(x, GPUPAR__TRACE_COPY, dev->info.name, s ? s->stream : 0);
  if (!e)
    return;
  if (s) { /* the sub-chunk the copy belongs to */
    e->begin = s->range.begin;
    e->end = s->range.end;
    e->has_range = 1;
  }
  e->ts = t0;
  e->dur = gpupar__now_us() - t0;
  snprintf(e->array, sizeof e->array, "%s", what ? what : "?");
  e->bytes = bytes;
  e->dir = dir;
  e->seq = seq;
  if (peer)
    snprintf(e->peer, sizeof e->peer, "%s", peer);
}

static sub *add_sub(exec *x, gpupar__range range, int dev) {
  if (x->nsubs == x->cap) {
    int want = x->cap ? 2 * x->cap : 16;
    sub *grown = realloc(x->subs, (size_t)want * sizeof *grown);
    if (!grown)
      return NULL;
    x->subs = grown;
    x->cap = want;
  }
  sub *s = &x->subs[x->nsubs++];
  memset(s, 0, sizeof *s);
  s->range = range;
  s->dev = dev;
  s->state = SUB_PENDING;
  s->slots = calloc((size_t)x->na + 1, sizeof *s->slots);
  s->ptrs = calloc((size_t)x->na + 1, sizeof *s->ptrs);
  if (!s->slots || !s->ptrs) {
    free(s->slots);
    free(s->ptrs);
    x->nsubs--;
    return NULL;
  }
  return s;
}

/* Computes the hulls of every array of `s`. Returns GPUPAR_OK or GPUPAR_EINVAL. */
static int sub_hulls(exec *x, sub *s) {
  for (int a = 0; a < x->na; a++) {
    slot *sl = &s->slots[a];
    if (gpupar__array_hulls(x->loop, x->call->spans, x->in->sp, a, s->range.begin, s->range.end,
                            &sl->read, &sl->write) != GPUPAR_OK)
      return GPUPAR_EINVAL;
    sl->buf = sl->read;
    gpupar__hull_add(&sl->buf, &sl->write);
    sl->region = gpupar__region_find(x->call->arrays[a], x->loop->arrays[a].elem_size, &sl->buf);
  }
  return GPUPAR_OK;
}

/* --- Planning ----------------------------------------------------------------------------- */

/* Cuts `r` into sub-chunks for device `d` (pipelining over its streams). */
static int plan_device(exec *x, int d, gpupar__range r) {
  unsigned long long n = r.end - r.begin;
  if (n == 0)
    return GPUPAR_OK;
  int streams = x->in->devs[d]->nstreams;
  unsigned long long pieces = streams > 1 ? 2ull * (unsigned)streams : 1;
  if (pieces > n / GPUPAR__MIN_SUB_ITERS)
    pieces = n / GPUPAR__MIN_SUB_ITERS;
  if (pieces < 1)
    pieces = 1;
  for (unsigned long long i = 0; i < pieces; i++) {
    __extension__ unsigned __int128 b = (unsigned __int128)n * i / pieces,
                                    e = (unsigned __int128)n * (i + 1) / pieces;
    gpupar__range part = {r.begin + (unsigned long long)b, r.begin + (unsigned long long)e};
    sub *s = add_sub(x, part, d);
    if (!s)
      return GPUPAR_ENOMEM;
    s->initial = 1;
  }
  return GPUPAR_OK;
}

static int best_device(const exec *x, unsigned long long excluded) {
  int best = -1;
  for (int d = 0; d < x->in->ndev; d++)
    if (!(excluded >> d & 1) && !atomic_load(&x->in->devs[d]->lost) &&
        (best < 0 || x->w[d] > x->w[best]))
      best = d;
  return best;
}

static int write_hulls_overlap(const exec *x) {
  for (int a = 0; a < x->na; a++)
    for (int i = 0; i < x->nsubs; i++)
      for (int j = i + 1; j < x->nsubs; j++)
        if (gpupar__hull_overlap(&x->subs[i].slots[a].write, &x->subs[j].slots[a].write))
          return 1;
  return 0;
}

static void free_sub_arrays(exec *x) {
  for (int i = 0; i < x->nsubs; i++) {
    free(x->subs[i].slots);
    free(x->subs[i].ptrs);
  }
  x->nsubs = 0;
}

/* Splits the iteration space over the devices (and the host share) into sub-chunks. */
static int plan(exec *x, char *why, size_t len) {
  const gpupar__exec_in *in = x->in;
  unsigned long long trip = in->sp->trip;
  gpupar__site_weights(in->site, in->devs, in->ndev, x->w, &x->host_w);
  /* The host share. */
  unsigned long long host_iters = 0;
  if (in->hybrid > 0) {
    host_iters = (unsigned long long)((double)trip * in->hybrid);
  } else if (in->hybrid < 0) {
    double total = x->host_w;
    for (int d = 0; d < in->ndev; d++)
      total += x->w[d];
    host_iters = total > 0 ? (unsigned long long)((double)trip * (x->host_w / total)) : 0;
  }
  if (host_iters > trip)
    host_iters = trip;
  unsigned long long dev_iters = trip - host_iters;
  unsigned weights[GPUPAR__MAX_DEVICES];
  double wmax = 0;
  for (int d = 0; d < in->ndev; d++)
    if (x->w[d] > wmax)
      wmax = x->w[d];
  for (int d = 0; d < in->ndev; d++) /* 1..2^20: the split's integer weights */
    weights[d] = wmax > 0 ? 1u + (unsigned)(x->w[d] / wmax * 1048575.0) : 1u;
  gpupar__range ranges[GPUPAR__MAX_DEVICES];
  if (in->ndev > 0 && dev_iters > 0) {
    gpupar__split(dev_iters, in->ndev, weights, ranges);
    for (int d = 0; d < in->ndev; d++)
      if (plan_device(x, d, ranges[d]) != GPUPAR_OK) {
        snprintf(why, len, "out of host memory");
        return GPUPAR_ENOMEM;
      }
  } else {
    host_iters = trip;
  }
  if (host_iters > 0) {
    gpupar__range r = {trip - host_iters, trip};
    sub *s = add_sub(x, r, HOST);
    if (!s) {
      snprintf(why, len, "out of host memory");
      return GPUPAR_ENOMEM;
    }
    s->initial = 1;
  }
  for (int i = 0; i < x->nsubs; i++)
    if (sub_hulls(x, &x->subs[i]) != GPUPAR_OK) {
      snprintf(why, len, "an array index overflows");
      return GPUPAR_EINVAL;
    }
  if (x->nsubs > 1 && write_hulls_overlap(x)) {
    /* Interleaved write terms (a[2*i], a[2*i+3]): one range keeps copy-back exact. */
    int best = best_device(x, 0);
    GPUPAR__DEBUG("%s: write sections of different chunks overlap; one chunk on %s", site_name(x),
                  best >= 0 ? in->devs[best]->info.name : "the host");
    free_sub_arrays(x);
    gpupar__range all = {0, trip};
    sub *s = add_sub(x, all, best);
    if (!s) {
      snprintf(why, len, "out of host memory");
      return GPUPAR_ENOMEM;
    }
    s->initial = 1;
    if (sub_hulls(x, s) != GPUPAR_OK) {
      snprintf(why, len, "an array index overflows");
      return GPUPAR_EINVAL;
    }
    x->no_split = 1;
  }
  for (int a = 0; a < x->na; a++) {
    x->dense[a] = gpupar__array_dense(x->loop, x->call->spans, in->sp, a);
    /* Read-only and the same hull in every device chunk (matmul's B): one copy per device. */
    int devsubs = 0, same = !(x->loop->arrays[a].access & GPUPAR_WRITE);
    for (int i = 0; i < x->nsubs && same; i++) {
      const slot *sl = &x->subs[i].slots[a];
      if (x->subs[i].dev == HOST)
        continue;
      if (sl->region || sl->read.empty ||
          (devsubs && (sl->read.lo != x->shared_hull[a].lo || sl->read.hi != x->shared_hull[a].hi)))
        same = 0;
      x->shared_hull[a] = sl->read;
      devsubs++;
    }
    x->shared[a] = same && devsubs >= 2;
  }
  return GPUPAR_OK;
}

/* --- Issuing work ------------------------------------------------------------------------- */

static int fail_sub(sub *s, int kind) {
  s->state = SUB_FAILED;
  s->kind = kind;
  return -1;
}

/* Classifies a failed operation on `dev`. */
static int kind_of(gpupar__device *dev, const gpupar__error *err, int launch) {
  if (gpupar__dev_check_lost(dev))
    return KIND_LOST;
  if (err->status == GPUPAR_ENOMEM)
    return KIND_OOM;
  return launch ? KIND_LAUNCH : KIND_ERROR;
}

/* Copies `bytes` from host `src` to device `dst` on stream `st` (through pinned staging when the
 * backend has it; the staging block is kept in `*stage` until the call syncs). */
static int copy_in(gpupar__device *dev, int st, void *dst, const void *src, size_t bytes,
                   void **stage, size_t *stage_size, gpupar__error *err) {
  if (gpupar__dev_check_lost(dev))
    return gpupar__dev_lost_error(dev, err);
  const gpupar__backend *be = dev->backend;
  if (be->host_alloc) {
    if (gpupar__stage_alloc(be, bytes, stage, stage_size, err) != GPUPAR_OK)
      return err->status;
    memcpy(*stage, src, bytes);
    src = *stage;
  }
  return be->copy_in(dev, st, dst, src, bytes, err);
}

/* Fills the per-device copies of shared read-only arrays: host to the first device, then device
 * to device when the devices can reach each other (else host to each). A device whose copy
 * fails uses per-chunk copies instead. */
static void fill_shared(exec *x) {
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
      void *src = element(x->call->arrays[a], x->shared_hull[a].lo, es);
      gpupar__device *rdev = root >= 0 ? x->in->devs[root] : NULL;
      int peer = rdev && dev->backend == rdev->backend && dev->backend->copy_peer &&
                 dev->backend->can_peer && dev->backend->can_peer(dev, rdev);
      double t0 = gpupar__now_us();
      unsigned long long seq = gpupar__trace_seq();
      int rc;
      void **stage = &x->shared_buf[(size_t)(GPUPAR__MAX_DEVICES + d) * (size_t)x->na + (size_t)a];
      size_t *stage_size =
          &x->shared_size[(size_t)(GPUPAR__MAX_DEVICES + d) * (size_t)x->na + (size_t)a];
      if (peer)
        rc = gpupar__dev_check_lost(dev)
                 ? gpupar__dev_lost_error(dev, &err)
                 : dev->backend->copy_peer(dev, 0, buf, rdev, 0,
                                           x->shared_buf[(size_t)root * (size_t)x->na + (size_t)a],
                                           bytes, &err);
      else
        rc = copy_in(dev, 0, buf, src, bytes, stage, stage_size, &err);
      if (rc != GPUPAR_OK) {
        gpupar__dev_release(dev, buf, size); /* emu and injected failures: nothing in flight */
        continue;
      }
      record_copy(x, dev, NULL, x->loop->arrays[a].name, bytes, peer ? GPUPAR__D2D : GPUPAR__H2D,
                  t0, seq, peer ? rdev->info.name : NULL);
      if (peer)
        x->out->bytes_in += 0;
      else
        x->out->bytes_in += bytes;
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
    if (!ordered && dev->backend->sync(dev, 0, &err) != GPUPAR_OK)
      GPUPAR__DEBUG("%s: shared copies: %s", dev->info.name, err.msg); /* its chunks fail */
  }
}

/* Allocates and copies in what sub-chunk `s` reads. */
static int stage_in(exec *x, sub *s) {
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
    if (gpupar__dev_alloc(dev, hull_bytes(&sl->buf, es), &sl->dev, &sl->dev_size, &s->err) !=
        GPUPAR_OK)
      return fail_sub(s, kind_of(dev, &s->err, 0));
    s->ptrs[a] = element(sl->dev, -sl->buf.lo, es);
    int need_read = !sl->read.empty, need_write = !sl->write.empty && !x->dense[a];
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
        return fail_sub(s, kind_of(dev, &s->err, 0));
      record_copy(x, dev, s, x->loop->arrays[a].name, bytes, GPUPAR__D2D, t0, seq, dev->info.name);
      continue;
    }
    if (copy_in(dev, s->stream, element(s->ptrs[a], h->lo, es),
                element(x->call->arrays[a], h->lo, es), bytes, &sl->in_stage, &sl->in_size,
                &s->err) != GPUPAR_OK)
      return fail_sub(s, kind_of(dev, &s->err, 0));
    record_copy(x, dev, s, x->loop->arrays[a].name, bytes, GPUPAR__H2D, t0, seq, NULL);
    x->out->bytes_in += bytes;
  }
  return 0;
}

static int launch(exec *x, sub *s) {
  gpupar__device *dev = x->in->devs[s->dev];
  gpupar_launch L = {.begin = s->range.begin,
                     .end = s->range.end,
                     .lo = x->call->lo,
                     .step = x->call->step,
                     .scalars = x->call->scalars,
                     .arrays = s->ptrs,
                     .collapsed_trips = x->call->collapsed_trips,
                     .ncollapsed = x->call->ncollapsed};
  s->seq = gpupar__trace_seq();
  s->t0 = gpupar__now_us();
  if (gpupar__dev_check_lost(dev)) {
    gpupar__dev_lost_error(dev, &s->err);
    return fail_sub(s, KIND_LOST);
  }
  if (gpupar__site_device_disabled(x->in->site, dev->index)) { /* an earlier chunk found out */
    gpupar__fail(&s->err, GPUPAR_EDEVICE, "no kernel image for %s", dev->info.name);
    return fail_sub(s, KIND_LAUNCH);
  }
  if (dev->faults & GPUPAR__FAULT_LAUNCH) {
    gpupar__fail(&s->err, GPUPAR_EDEVICE, "kernel launch failed (injected)");
    return fail_sub(s, KIND_LAUNCH);
  }
  if (gpupar__red_dev_begin(x->loop, x->call, dev, gpupar__red_acc_buffer(x->acc[s->dev]), &L,
                            &s->red, &s->err) != GPUPAR_OK)
    return fail_sub(s, kind_of(dev, &s->err, 0));
  s->launched = 1;
  if (dev->backend->launch(dev, s->stream, x->loop, &L, &s->err) != GPUPAR_OK) {
    if (s->err.no_image && gpupar__site_disable_device(x->in->site, dev->index))
      GPUPAR__WARN("%s: %s (compute capability %d.%d) has no kernel image for this loop: it runs "
                   "on the other devices from now on (%s)",
                   site_name(x), dev->info.name, dev->info.cc_major, dev->info.cc_minor,
                   s->err.msg);
    return fail_sub(s, kind_of(dev, &s->err, 1));
  }
  s->t1 = gpupar__now_us();
  return 0;
}

/* Copies sub-chunk `s`'s write hulls into host staging buffers (or, for arrays present in a data
 * region, keeps them on the device until the commit). */
static int stage_out(exec *x, sub *s) {
  gpupar__device *dev = x->in->devs[s->dev];
  if (gpupar__red_dev_stage_out(dev, s->stream, s->red, &s->err) != GPUPAR_OK)
    return fail_sub(s, kind_of(dev, &s->err, 0));
  for (int a = 0; a < x->na; a++) {
    slot *sl = &s->slots[a];
    if (sl->write.empty || sl->region)
      continue;
    size_t es = x->loop->arrays[a].elem_size, bytes = hull_bytes(&sl->write, es);
    if (gpupar__dev_check_lost(dev)) {
      gpupar__dev_lost_error(dev, &s->err);
      return fail_sub(s, KIND_LOST);
    }
    if (gpupar__stage_alloc(dev->backend, bytes, &sl->stage, &sl->stage_size, &s->err) != GPUPAR_OK)
      return fail_sub(s, KIND_ERROR);
    double t0 = gpupar__now_us();
    unsigned long long seq = gpupar__trace_seq();
    if (dev->backend->copy_out(dev, s->stream, sl->stage, element(s->ptrs[a], sl->write.lo, es),
                               bytes, &s->err) != GPUPAR_OK)
      return fail_sub(s, kind_of(dev, &s->err, 0));
    record_copy(x, dev, s, x->loop->arrays[a].name, bytes, GPUPAR__D2H, t0, seq, NULL);
    x->out->bytes_out += bytes;
  }
  return 0;
}

/* Returns a sub-chunk's buffers to the pools (after its device synchronised). */
static void release_sub(exec *x, sub *s) {
  gpupar__device *dev = s->dev >= 0 ? x->in->devs[s->dev] : NULL;
  for (int a = 0; a < x->na; a++) {
    slot *sl = &s->slots[a];
    if (dev) {
      gpupar__dev_release(dev, sl->dev, sl->dev_size);
      gpupar__stage_release(dev->backend, sl->in_stage, sl->in_size);
      gpupar__stage_release(dev->backend, sl->stage, sl->stage_size);
    }
    sl->dev = sl->in_stage = sl->stage = NULL;
  }
  if (dev)
    gpupar__red_dev_release(dev, &s->red);
}

/* Issues the pending sub-chunks of device `d` (indices `list[0..n)`), software-pipelined: at
 * step t, copy-in of chunk t, kernel of chunk t-1, copy-out of chunk t-2; chunk i on stream
 * i % streams. A lost device fails everything not yet issued. */
static void issue_device(exec *x, int d, const int *list, int n) {
  gpupar__device *dev = x->in->devs[d];
  for (int i = 0; i < n; i++) {
    x->subs[list[i]].stream = i % dev->nstreams;
    x->subs[list[i]].state = SUB_RUNNING;
    x->subs[list[i]].launched = 0;
  }
  for (int t = 0; t < n + 2; t++) {
    if (t < n && x->subs[list[t]].state == SUB_RUNNING)
      stage_in(x, &x->subs[list[t]]);
    if (t >= 1 && t - 1 < n && x->subs[list[t - 1]].state == SUB_RUNNING)
      launch(x, &x->subs[list[t - 1]]);
    if (t >= 2 && x->subs[list[t - 2]].state == SUB_RUNNING)
      stage_out(x, &x->subs[list[t - 2]]);
    if (atomic_load(&dev->lost))
      for (int i = 0; i < n; i++)
        if (x->subs[list[i]].state == SUB_RUNNING) {
          gpupar__dev_lost_error(dev, &x->subs[list[i]].err);
          fail_sub(&x->subs[list[i]], KIND_LOST);
        }
  }
}

/* --- Commit and failures ------------------------------------------------------------------ */

static void commit(exec *x, sub *s) {
  gpupar__device *dev = x->in->devs[s->dev];
  for (int a = 0; a < x->na; a++) {
    slot *sl = &s->slots[a];
    if (sl->write.empty)
      continue;
    size_t es = x->loop->arrays[a].elem_size;
    if (sl->region)
      gpupar__region_commit(sl->region, dev, element(s->ptrs[a], sl->write.lo, es),
                            element(x->call->arrays[a], sl->write.lo, es),
                            hull_bytes(&sl->write, es));
    else
      memcpy(element(x->call->arrays[a], sl->write.lo, es), sl->stage, hull_bytes(&sl->write, es));
  }
  gpupar__red_dev_commit(x->call, s->red, s->range.begin);
  s->state = SUB_DONE;
  x->committed = 1;
  atomic_fetch_add(&dev->chunks_done, 1);
  x->dev_iters[s->dev] += s->range.end - s->range.begin;
  gpupar__trace_event *e = new_event(x, GPUPAR__TRACE_CHUNK, dev->info.name, s->stream);
  if (e) {
    e->ts = s->t0;
    e->dur = (dev->backend->async ? gpupar__now_us() : s->t1) - s->t0;
    e->begin = s->range.begin;
    e->end = s->range.end;
    e->trip = x->in->sp->trip;
    e->has_range = 1;
    e->seq = s->seq;
  }
}

static const char *kind_name(int kind) {
  return kind == KIND_OOM      ? "oom"
         : kind == KIND_LAUNCH ? "launch"
         : kind == KIND_LOST   ? "lost"
                               : "error";
}

/* Decides where failed sub-chunk `s` runs next: split on the same device after out-of-memory,
 * else the best device it has not failed on, else the host. */
static void reassign(exec *x, int i) {
  sub *s = &x->subs[i];
  gpupar__device *dev = x->in->devs[s->dev];
  int d = s->dev, kind = s->kind;
  gpupar__range failed = s->range;
  char action[96];
  x->out->faults++;
  if (kind == KIND_LOST)
    gpupar__dev_mark_lost(dev, s->err.msg);
  unsigned long long n = s->range.end - s->range.begin;
  if (kind == KIND_OOM && !x->no_split && n >= 2 && s->splits < GPUPAR__MAX_OOM_SPLITS &&
      !atomic_load(&dev->lost)) {
    gpupar__range hi = {s->range.begin + n / 2, s->range.end};
    s->range.end = hi.begin;
    s->state = SUB_PENDING;
    s->splits++;
    snprintf(action, sizeof action, "split in two, retried on %s", dev->info.name);
    sub *t = add_sub(x, hi, d); /* may move x->subs */
    s = &x->subs[i];
    if (t) {
      t->splits = s->splits;
      t->excluded = s->excluded;
      int overlap = sub_hulls(x, t) != GPUPAR_OK || sub_hulls(x, s) != GPUPAR_OK;
      /* Halves whose write hulls overlap (a triangular loop's terms are not one footprint per
       * iteration) would copy stale elements over each other's results. */
      for (int a = 0; a < x->na && !overlap; a++)
        overlap = gpupar__hull_overlap(&s->slots[a].write, &t->slots[a].write);
      if (overlap) {
        /* Keep it whole on the host (an index overflow cannot happen: sub-ranges of a valid
         * range). */
        s->range.end = hi.end;
        x->nsubs--;
        free(t->slots);
        free(t->ptrs);
        s->dev = HOST;
        snprintf(action, sizeof action, "runs on the host");
      }
    } else {
      s->range.end = hi.end; /* no memory for the split: move it */
      s->excluded |= 1ull << d;
      s->dev = best_device(x, s->excluded);
      snprintf(action, sizeof action, "moved to %s",
               s->dev >= 0 ? x->in->devs[s->dev]->info.name : "the host");
    }
  } else {
    s->excluded |= 1ull << d;
    s->dev = best_device(x, s->excluded);
    s->state = SUB_PENDING;
    snprintf(action, sizeof action, "moved to %s",
             s->dev >= 0 ? x->in->devs[s->dev]->info.name : "the host threads");
  }
  if (s->dev < 0)
    s->dev = HOST;
  gpupar__trace_event *e = new_event(x, GPUPAR__TRACE_FAULT, dev->info.name, -1);
  if (e) {
    e->ts = gpupar__now_us();
    e->seq = gpupar__trace_seq();
    snprintf(e->kind, sizeof e->kind, "%s", kind_name(kind));
    snprintf(e->action, sizeof e->action, "%s", action);
    e->begin = failed.begin;
    e->end = failed.end;
  }
  if (gpupar__site_warn_once(x->in->site, dev->index, kind == KIND_ERROR ? 8 : kind))
    GPUPAR__WARN("%s: %s: %s; chunk %s (warned once per loop, device and kind)", site_name(x),
                 dev->info.name, s->err.msg, action);
  else
    GPUPAR__DEBUG("%s: %s: %s; chunk %s", site_name(x), dev->info.name, s->err.msg, action);
}

/* Runs the host sub-chunks pending (host memory directly, on the host threads). */
static int run_host_subs(exec *x) {
  int rc = GPUPAR_OK;
  for (int i = 0; i < x->nsubs; i++) {
    sub *s = &x->subs[i];
    if (s->dev != HOST || s->state != SUB_PENDING)
      continue;
    for (int a = 0; a < x->na; a++) /* present arrays: bring the host copy up to date */
      if (s->slots[a].region && !s->slots[a].buf.empty) {
        size_t es = x->loop->arrays[a].elem_size;
        gpupar__region_to_host(s->slots[a].region,
                               element(x->call->arrays[a], s->slots[a].buf.lo, es),
                               hull_bytes(&s->slots[a].buf, es));
      }
    gpupar__host_piece pieces[256];
    int n = 0;
    unsigned long long iters = s->range.end - s->range.begin;
    int want = x->in->host_threads;
    if ((unsigned long long)want > iters / GPUPAR__MIN_SUB_ITERS + 1)
      want = (int)(iters / GPUPAR__MIN_SUB_ITERS + 1);
    double t0 = gpupar__now_us();
    int r = gpupar__host_run(x->loop, x->call, s->range.begin, s->range.end, want, pieces, &n);
    double t1 = gpupar__now_us();
    if (r != 0) {
      GPUPAR__ERROR("%s: the host entry point returned %d", site_name(x), r);
      rc = GPUPAR_EDEVICE;
      s->state = SUB_FAILED;
      continue;
    }
    s->state = SUB_DONE;
    for (int a = 0; a < x->na; a++)
      if (s->slots[a].region && !s->slots[a].write.empty) {
        size_t es = x->loop->arrays[a].elem_size;
        gpupar__region_host_wrote(s->slots[a].region,
                                  element(x->call->arrays[a], s->slots[a].write.lo, es),
                                  hull_bytes(&s->slots[a].write, es));
      }
    x->committed = 1;
    if (s->initial)
      gpupar__site_learn(x->in->site, -1, iters, t1 - t0);
    for (int p = 0; p < n; p++) {
      gpupar__trace_event *e = new_event(x, GPUPAR__TRACE_CHUNK, "cpu", pieces[p].worker);
      if (!e)
        break;
      e->ts = pieces[p].t0;
      e->dur = pieces[p].t1 - pieces[p].t0;
      e->begin = pieces[p].begin;
      e->end = pieces[p].end;
      e->trip = x->in->sp->trip;
      e->has_range = 1;
      e->seq = gpupar__trace_seq();
    }
  }
  return rc;
}

/* Brings the round's array-reduction buffers home (see reduce.h); devices whose buffer could not
 * be brought home get ok[d] = 0 with errs[d] and kinds[d] set. */
static void gather_reductions(exec *x, const int *running, const unsigned long long *begin, int *ok,
                              gpupar__error *errs, int *kinds) {
  int ndev = x->in->ndev, was_ok[GPUPAR__MAX_DEVICES];
  gpupar__red_acc *acc[GPUPAR__MAX_DEVICES];
  for (int d = 0; d < ndev; d++) {
    acc[d] = running[d] ? x->acc[d] : NULL;
    was_ok[d] = ok[d];
  }
  gpupar__red_gather_out g;
  gpupar__red_acc_gather(x->loop, x->call, x->in->devs, acc, begin, ok, errs, ndev,
                         x->in->reduce_on_devices, &g);
  if (g.why[0])
    GPUPAR__DEBUG("%s: array reductions combined on the host: %s", site_name(x), g.why);
  for (int d = 0; d < ndev; d++) {
    gpupar__device *dev = x->in->devs[d];
    if (was_ok[d] && !ok[d])
      kinds[d] = kind_of(dev, &errs[d], 0);
    if (g.on_devices && acc[d] && ok[d] && d != g.root)
      record_copy(x, x->in->devs[g.root], NULL, "reductions", g.bytes, GPUPAR__D2D, g.t0[d],
                  gpupar__trace_seq(), dev->info.name);
    if (g.d2h[d]) {
      record_copy(x, dev, NULL, "reductions", g.d2h[d], GPUPAR__D2H, g.t0[d], gpupar__trace_seq(),
                  NULL);
      x->out->bytes_out += g.d2h[d];
    }
  }
}

/* One round: issue every pending device sub-chunk, run the planned host share meanwhile, sync,
 * bring the array reductions home, commit what succeeded, reassign what failed. */
static int round_once(exec *x, int first_round) {
  int ndev = x->in->ndev, rc = GPUPAR_OK;
  int *list = malloc((size_t)x->nsubs * sizeof *list + 1);
  int touched[GPUPAR__MAX_DEVICES] = {0}, ok[GPUPAR__MAX_DEVICES] = {0},
      running[GPUPAR__MAX_DEVICES] = {0}, kinds[GPUPAR__MAX_DEVICES] = {0};
  unsigned long long begin[GPUPAR__MAX_DEVICES];
  gpupar__error errs[GPUPAR__MAX_DEVICES];
  double t_start[GPUPAR__MAX_DEVICES];
  if (!list)
    return GPUPAR_ENOMEM;
  if (first_round)
    fill_shared(x);
  for (int d = 0; d < ndev; d++) {
    int n = 0;
    for (int i = 0; i < x->nsubs; i++)
      if (x->subs[i].dev == d && x->subs[i].state == SUB_PENDING)
        list[n++] = i;
    if (n == 0)
      continue;
    gpupar__device *dev = x->in->devs[d];
    touched[d] = 1;
    t_start[d] = gpupar__now_us();
    if (dev->backend->timing_begin)
      dev->backend->timing_begin(dev);
    gpupar__error err = {0};
    if (gpupar__red_acc_open(x->loop, x->call, dev, &x->acc[d], &err) != GPUPAR_OK) {
      for (int i = 0; i < n; i++) {
        x->subs[list[i]].err = err;
        fail_sub(&x->subs[list[i]], kind_of(dev, &err, 0));
      }
      continue;
    }
    issue_device(x, d, list, n);
  }
  if (first_round) /* the hybrid host share overlaps the devices' asynchronous work */
    rc = run_host_subs(x);
  /* Sync. A chunk that failed after its kernel may have updated the device's array-reduction
   * buffer: then none of the device's chunks of this round can be committed. */
  for (int d = 0; d < ndev; d++) {
    if (!touched[d])
      continue;
    gpupar__device *dev = x->in->devs[d];
    memset(&errs[d], 0, sizeof errs[d]);
    ok[d] = dev->backend->sync(dev, -1, &errs[d]) == GPUPAR_OK;
    if (!ok[d])
      kinds[d] = kind_of(dev, &errs[d], 0);
    double us;
    if (!dev->backend->timing_end || dev->backend->timing_end(dev, &us) != 0)
      us = gpupar__now_us() - t_start[d];
    x->dev_us[d] += us;
    begin[d] = ~0ull;
    for (int i = 0; i < x->nsubs; i++) {
      sub *s = &x->subs[i];
      if (s->dev != d)
        continue;
      if (s->state == SUB_RUNNING) {
        running[d]++;
        if (s->range.begin < begin[d])
          begin[d] = s->range.begin;
      } else if (s->state == SUB_FAILED && s->launched && x->acc[d] && ok[d]) {
        ok[d] = 0;
        kinds[d] = KIND_ERROR;
        gpupar__fail(&errs[d], GPUPAR_EDEVICE,
                     "a chunk failed after updating the device's reduction buffer (%.150s)",
                     s->err.msg);
      }
    }
  }
  gather_reductions(x, running, begin, ok, errs, kinds);
  for (int d = 0; d < ndev; d++) {
    if (!touched[d])
      continue;
    gpupar__device *dev = x->in->devs[d];
    for (int i = 0; i < x->nsubs; i++) {
      sub *s = &x->subs[i];
      if (s->dev != d || s->state != SUB_RUNNING)
        continue;
      if (ok[d]) {
        commit(x, s);
      } else {
        s->err = errs[d];
        fail_sub(s, kinds[d]);
      }
    }
    for (int i = 0; i < x->nsubs; i++)
      if (x->subs[i].dev == d && (x->subs[i].state == SUB_DONE || x->subs[i].state == SUB_FAILED))
        release_sub(x, &x->subs[i]);
    gpupar__red_acc_close(dev, &x->acc[d]);
  }
  for (int i = 0; i < x->nsubs; i++)
    if (x->subs[i].state == SUB_FAILED && x->subs[i].dev >= 0)
      reassign(x, i);
  free(list);
  return rc;
}

static void free_shared(exec *x) {
  for (int d = 0; d < x->in->ndev; d++)
    for (int a = 0; a < x->na; a++) {
      size_t k = (size_t)d * (size_t)x->na + (size_t)a,
             ks = (size_t)(GPUPAR__MAX_DEVICES + d) * (size_t)x->na + (size_t)a;
      gpupar__dev_release(x->in->devs[d], x->shared_buf[k], x->shared_size[k]);
      gpupar__stage_release(x->in->devs[d]->backend, x->shared_buf[ks], x->shared_size[ks]);
    }
}

int gpupar__exec(const gpupar__exec_in *in, gpupar__exec_out *out, char *why, size_t len) {
  exec x = {.in = in, .loop = in->loop, .call = in->call, .na = in->loop->narrays, .out = out};
  memset(out, 0, sizeof *out);
  size_t na = (size_t)x.na + 1;
  x.dense = calloc(na, sizeof *x.dense);
  x.shared = calloc(na, sizeof *x.shared);
  x.shared_hull = calloc(na, sizeof *x.shared_hull);
  x.shared_buf = calloc(2 * GPUPAR__MAX_DEVICES * na, sizeof *x.shared_buf);
  x.shared_size = calloc(2 * GPUPAR__MAX_DEVICES * na, sizeof *x.shared_size);
  int rc = GPUPAR_OK;
  if (!x.dense || !x.shared || !x.shared_hull || !x.shared_buf || !x.shared_size) {
    snprintf(why, len, "out of host memory");
    rc = GPUPAR_ENOMEM;
  }
  if (rc == GPUPAR_OK)
    rc = plan(&x, why, len);
  /* Each round either finishes chunks or moves failed ones closer to the host: it ends. */
  for (int first = 1; rc == GPUPAR_OK; first = 0) {
    int pending = 0;
    for (int i = 0; i < x.nsubs; i++)
      pending += x.subs[i].dev >= 0 && x.subs[i].state == SUB_PENDING;
    if (!pending && !first)
      break;
    rc = round_once(&x, first);
  }
  if (rc == GPUPAR_OK)
    rc = run_host_subs(&x); /* fallbacks */
  if (rc != GPUPAR_OK && rc != GPUPAR_EINVAL && x.committed)
    GPUPAR__ERROR("%s: some chunks could not run after others were committed: results are "
                  "incomplete",
                  site_name(&x));
  if (rc == GPUPAR_OK) {
    for (int d = 0; d < in->ndev; d++) {
      if (x.dev_iters[d] > 0) {
        gpupar__site_learn(in->site, in->devs[d]->index, x.dev_iters[d], x.dev_us[d]);
        int at = (int)strlen(out->used);
        snprintf(out->used + at, sizeof out->used - (size_t)at, "%s%s", at ? " " : "",
                 in->devs[d]->info.name);
        out->ndev_used++;
      }
    }
    int host = 0;
    for (int i = 0; i < x.nsubs; i++)
      host |= x.subs[i].dev == HOST;
    if (host) {
      int at = (int)strlen(out->used);
      snprintf(out->used + at, sizeof out->used - (size_t)at, "%scpu", at ? " " : "");
    }
  }
  gpupar__trace_add(x.events, x.nevents);
  if (x.shared_buf)
    free_shared(&x);
  for (int i = 0; i < x.nsubs; i++)
    release_sub(&x, &x.subs[i]);
  free_sub_arrays(&x);
  free(x.subs);
  free(x.events);
  free(x.dense);
  free(x.shared);
  free(x.shared_hull);
  free(x.shared_buf);
  free(x.shared_size);
  return rc == GPUPAR_OK ? GPUPAR_OK : rc == GPUPAR_EINVAL ? GPUPAR_EINVAL : GPUPAR_EDEVICE;
}
