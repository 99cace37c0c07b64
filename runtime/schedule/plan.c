/* Planning a call: the split over devices and the host share, sub-chunks (see plan.h). */
#include "schedule/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "memory/region.h"
#include "schedule/split.h"

int gpupar__xevent_start(const exec *x, gpupar__trace_event *e, int cat, const char *device,
                         int stream) {
  if (!gpupar__trace_on())
    return 0;
  memset(e, 0, sizeof *e);
  e->cat = cat;
  snprintf(e->site, sizeof e->site, "%s", site_name(x));
  snprintf(e->device, sizeof e->device, "%s", device);
  e->stream = stream;
  e->call = x->call->call_id;
  return 1;
}

void gpupar__xevent_add(exec *x, const gpupar__trace_event *e) {
  pthread_mutex_lock(&x->lock);
  if (x->nevents == x->max_events) {
    int want = x->max_events ? 2 * x->max_events : 64;
    gpupar__trace_event *grown = realloc(x->events, (size_t)want * sizeof *grown);
    if (!grown) {
      pthread_mutex_unlock(&x->lock);
      return;
    }
    x->events = grown;
    x->max_events = want;
  }
  x->events[x->nevents++] = *e;
  pthread_mutex_unlock(&x->lock);
}

sub *gpupar__sub_add(exec *x, gpupar__range range, int dev) {
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
int gpupar__sub_hulls(exec *x, sub *s) {
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

unsigned long long gpupar__sub_count(unsigned long long n, int streams, double busy_us,
                                     double op_us, unsigned long long min_iters) {
  if (n == 0)
    return 0;
  if (streams <= 1) /* one stream runs copies and kernels in order: nothing to overlap */
    return 1;
  /* Pipelining over k pieces leaves about busy/k of the copy and compute time unhidden and adds
   * k per-piece costs: k = sqrt(busy / op) balances them. */
  double ratio = op_us > 0 && busy_us > 0 ? busy_us / op_us : 1, k = 1;
  while (k * k < ratio && k < GPUPAR__MAX_SUBS) /* ceil(sqrt(ratio)), no libm */
    k++;
  if (k < 2.0 * streams) /* each stream's copy-in overlaps another stream's kernel */
    k = 2.0 * streams;
  if (k > GPUPAR__MAX_SUBS)
    k = GPUPAR__MAX_SUBS;
  unsigned long long pieces = (unsigned long long)k, most = n / (min_iters ? min_iters : 1);
  if (pieces > most)
    pieces = most;
  return pieces ? pieces : 1;
}

/* Cuts `r` into sub-chunks for device `d`, as many as the work and the device's bandwidth call
 * for (gpupar__sub_count): the copy time of the range's sections at the measured bandwidth, the
 * kernel time at the learned rate (unknown: as long as the copies), a launch latency per
 * operation, and at least two waves of the device per piece. */
static int plan_device(exec *x, int d, gpupar__range r) {
  unsigned long long n = r.end - r.begin;
  if (n == 0)
    return GPUPAR_OK;
  gpupar__device *dev = x->in->devs[d];
  double in_bytes = 0, out_bytes = 0;
  for (int a = 0; a < x->na; a++) {
    gpupar__hull rd, wr;
    if (gpupar__array_hulls(x->loop, x->call->spans, x->in->sp, a, r.begin, r.end, &rd, &wr) !=
        GPUPAR_OK)
      continue; /* the plan reports it */
    size_t es = x->loop->arrays[a].elem_size;
    gpupar__hull both = rd.empty ? wr : rd;
    if (!rd.empty && !wr.empty) {
      both.lo = rd.lo < wr.lo ? rd.lo : wr.lo;
      both.hi = rd.hi > wr.hi ? rd.hi : wr.hi;
    }
    if (gpupar__region_find(x->call->arrays[a], es, &both))
      continue; /* resident on the devices: nothing crosses the bus */
    in_bytes += rd.empty ? 0 : (double)hull_bytes(&rd, es);
    out_bytes += wr.empty ? 0 : (double)hull_bytes(&wr, es);
  }
  double copy_us = (dev->h2d_bps > 0 ? in_bytes / dev->h2d_bps * 1e6 : 0) +
                   (dev->d2h_bps > 0 ? out_bytes / dev->d2h_bps * 1e6 : 0);
  double rate = gpupar__site_rate(x->in->site, dev->index);
  double kernel_us = rate > 0 ? (double)n / rate * 1e6 : copy_us;
  double op_us = (dev->latency_us > 0 ? dev->latency_us : 10.0) * (double)(x->na + 2);
  /* A wave: every multiprocessor full (2048 threads each); a collapsed loop's iteration is one
   * thread per inner iteration. */
  unsigned long long threads = 1;
  for (int c = 0; c < x->call->ncollapsed && threads < (1ull << 32); c++)
    threads *=
        (unsigned long long)(x->call->collapsed_trips[c] > 0 ? x->call->collapsed_trips[c] : 1);
  unsigned long long waves = 2ull *
                             (unsigned long long)(dev->info.sm_count > 0 ? dev->info.sm_count : 0) *
                             2048ull / threads;
  unsigned long long min_iters = waves > GPUPAR__MIN_SUB_ITERS ? waves : GPUPAR__MIN_SUB_ITERS;
  unsigned long long pieces =
      gpupar__sub_count(n, dev->nstreams, copy_us + kernel_us, op_us, min_iters);
  /* A scatter array's whole section goes in and out with every sub-chunk: one per device. With
   * nothing to copy between host and device (every array resident in a data region) there is
   * nothing to overlap, and each more piece is one more launch's ramp and tail (on an H200 a
   * saxpy piece of 16 MB took 8.5 us, twice its time at the device's bandwidth). */
  if (gpupar__has_scatter(x->loop) || in_bytes + out_bytes == 0)
    pieces = 1;
  for (unsigned long long i = 0; i < pieces; i++) {
    __extension__ unsigned __int128 b = (unsigned __int128)n * i / pieces,
                                    e = (unsigned __int128)n * (i + 1) / pieces;
    gpupar__range part = {r.begin + (unsigned long long)b, r.begin + (unsigned long long)e};
    sub *s = gpupar__sub_add(x, part, d);
    if (!s)
      return GPUPAR_ENOMEM;
    s->initial = 1;
  }
  return GPUPAR_OK;
}

int gpupar__best_device(const exec *x, unsigned long long excluded) {
  int best = -1;
  for (int d = 0; d < x->in->ndev; d++)
    if (!(excluded >> d & 1) && !atomic_load(&x->in->devs[d]->lost) &&
        (best < 0 || x->w[d] > x->w[best]))
      best = d;
  return best;
}

/* Returns whether two sub-chunks' write hulls of array `a` overlap (a scatter array's always
 * do: every chunk's hull is its whole section). */
static int write_hulls_overlap(const exec *x, int a) {
  for (int i = 0; i < x->nsubs; i++)
    for (int j = i + 1; j < x->nsubs; j++)
      if (gpupar__hull_overlap(&x->subs[i].slots[a].write, &x->subs[j].slots[a].write))
        return 1;
  return 0;
}

void gpupar__subs_free(exec *x) {
  for (int i = 0; i < x->nsubs; i++) {
    free(x->subs[i].slots);
    free(x->subs[i].ptrs);
  }
  x->nsubs = 0;
}

/* Splits the iteration space over the devices (and the host share) into sub-chunks. */
int gpupar__plan(exec *x, char *why, size_t len) {
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
    sub *s = gpupar__sub_add(x, r, HOST);
    if (!s) {
      snprintf(why, len, "out of host memory");
      return GPUPAR_ENOMEM;
    }
    s->initial = 1;
  }
  for (int i = 0; i < x->nsubs; i++)
    if (gpupar__sub_hulls(x, &x->subs[i]) != GPUPAR_OK) {
      snprintf(why, len, "an array index overflows");
      return GPUPAR_EINVAL;
    }
  /* A scatter array's copies on several devices would each be committed whole into a region's
   * copies: the loop runs on the host, which brings the region's host copy up to date. */
  for (int i = 0; i < x->nsubs; i++)
    for (int a = 0; a < x->na; a++)
      if (x->subs[i].dev != HOST && x->subs[i].slots[a].region && gpupar__scatter(x->loop, a)) {
        snprintf(why, len, "'%s' is written at run-time indices and present in a data region",
                 x->loop->arrays[a].name ? x->loop->arrays[a].name : "?");
        return GPUPAR_EINVAL;
      }
  /* Arrays interleaved with another in one allocation (gpupar__check_alias found their elements
   * apart) merge too, from a snapshot even in a lone chunk: a copy of one's hull holds the
   * other's elements. A data region's copies take whole write hulls: then the host runs it. */
  if (gpupar__interleaved(x->loop, x->call->spans, in->sp, x->call->arrays, x->alias) !=
      GPUPAR_OK) {
    snprintf(why, len, "out of host memory");
    return GPUPAR_ENOMEM;
  }
  for (int a = 0; a < x->na; a++) {
    for (int i = 0; i < x->nsubs && x->alias[a]; i++)
      if (x->subs[i].dev != HOST && x->subs[i].slots[a].region) {
        snprintf(why, len,
                 "'%s' shares memory with another array of the loop and is present in a data "
                 "region",
                 x->loop->arrays[a].name ? x->loop->arrays[a].name : "?");
        return GPUPAR_EINVAL;
      }
  }
  /* Chunks whose write hulls of an array overlap (interleaved terms a[2*i], a[2*i+3]; a
   * symmetric store's row and column) merge what each changed against a snapshot, as scatter
   * arrays do. Into a data region's copies they could not: then one chunk on the best device. */
  int one_chunk = 0;
  for (int a = 0; a < x->na; a++) {
    x->merge[a] =
        gpupar__scatter(x->loop, a) || x->alias[a] || (x->nsubs > 1 && write_hulls_overlap(x, a));
    for (int i = 0; i < x->nsubs && x->merge[a] && !gpupar__scatter(x->loop, a); i++)
      one_chunk |= x->subs[i].slots[a].region != NULL;
  }
  if (one_chunk) {
    for (int a = 0; a < x->na; a++)
      x->merge[a] = gpupar__scatter(x->loop, a) || x->alias[a];
    int best = gpupar__best_device(x, 0);
    GPUPAR__DEBUG("%s: write sections of different chunks overlap; one chunk on %s", site_name(x),
                  best >= 0 ? in->devs[best]->info.name : "the host");
    gpupar__subs_free(x);
    gpupar__range all = {0, trip};
    sub *s = gpupar__sub_add(x, all, best);
    if (!s) {
      snprintf(why, len, "out of host memory");
      return GPUPAR_ENOMEM;
    }
    s->initial = 1;
    if (gpupar__sub_hulls(x, s) != GPUPAR_OK) {
      snprintf(why, len, "an array index overflows");
      return GPUPAR_EINVAL;
    }
    x->no_split = 1;
  }
  for (int a = 0; a < x->na; a++) {
    x->dense[a] = gpupar__array_dense(x->loop, x->call->spans, in->sp, a);
    /* Only an array the loop never reads: one it reads too comes in as its read hull and goes
     * back through staging whole, gaps included. */
    x->rows_out[a].pitch = 0; /* unchanged when not such an array */
    if (!x->merge[a] && !(x->loop->arrays[a].access & GPUPAR_READ) && in->ndev > 0 &&
        in->devs[0]->backend->copy_out_rows)
      gpupar__array_written_rows(x->loop, x->call->spans, in->sp, a, &x->rows_out[a].width,
                                 &x->rows_out[a].pitch);
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
