/* The device path of a call (see exec.h and docs/runtime.md, "How a call runs"): issuing
 * sub-chunks, commit, the failure policy and the host share; planning is in schedule/plan.c,
 * copies in transfer/transfer.c. */
#include "execute/exec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "execute/entry.h"
#include "execute/hostpool.h"
#include "execute/issuer.h"
#include "gather/reduce.h"
#include "log.h"
#include "memory/devmem.h"
#include "memory/region.h"
#include "schedule/plan.h"
#include "trace.h"
#include "transfer/transfer.h"

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
    return fail_sub(s, gpupar__fail_kind(dev, &s->err, 0));
  s->launched = 1;
  if (dev->backend->launch(dev, s->stream, x->loop, &L, &s->err) != GPUPAR_OK) {
    if (s->err.fatal)
      __atomic_store_n(&x->fatal, 1, __ATOMIC_RELAXED);
    if (s->err.no_image && gpupar__site_disable_device(x->in->site, dev->index))
      GPUPAR__WARN("%s: %s (compute capability %d.%d) has no kernel image for this loop: it runs "
                   "on the other devices from now on (%s)",
                   site_name(x), dev->info.name, dev->info.cc_major, dev->info.cc_minor,
                   s->err.msg);
    return fail_sub(s, gpupar__fail_kind(dev, &s->err, 1));
  }
  gpupar__count(&x->out->cnt.launches, 1);
  s->t1 = gpupar__now_us();
  return 0;
}

/* Staged write-backs of commits under way, copied together by the host threads before the
 * staging buffers are released. */
typedef struct copy_queue {
  gpupar__host_copy *copies;
  int n, cap;
} copy_queue;

/* Queues a staged write-back; copies at once when the queue cannot grow. */
static void queue_copy(copy_queue *q, void *dst, const void *src, size_t bytes) {
  if (q->n == q->cap) {
    int want = q->cap ? 2 * q->cap : 64;
    gpupar__host_copy *grown = realloc(q->copies, (size_t)want * sizeof *grown);
    if (!grown) {
      memcpy(dst, src, bytes);
      return;
    }
    q->copies = grown;
    q->cap = want;
  }
  q->copies[q->n++] = (gpupar__host_copy){.dst = dst, .src = src, .bytes = bytes};
}

/* Does the queued write-backs on the host threads, in pieces of at most `piece` bytes (0: the
 * default). */
static void flush_copies(copy_queue *q, size_t piece) {
  gpupar__host_copies(q->copies, q->n, piece);
  q->n = 0;
}

/* Puts sub-chunk `s`'s results into host memory (its copies are complete); staged write-backs
 * go to `q`, to be flushed before the staging is released. */
static void commit(exec *x, sub *s, copy_queue *q) {
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
    else if (x->snap[a]) /* an array other chunks write too: only what this one changed */
      gpupar__xfer_merge(element(x->call->arrays[a], sl->write.lo, es), sl->stage,
                         element(x->snap[a], sl->write.lo - x->snap_hull[a].lo, es),
                         hull_bytes(&sl->write, es));
    else if (!sl->direct) {
      queue_copy(q, element(x->call->arrays[a], sl->write.lo, es), sl->stage,
                 hull_bytes(&sl->write, es));
      gpupar__count(&x->out->cnt.memcpy_bytes, hull_bytes(&sl->write, es));
    }
  }
  gpupar__red_dev_commit(x->call, s->red, s->range.begin);
  s->state = SUB_DONE;
  __atomic_store_n(&x->committed, 1, __ATOMIC_RELAXED);
  gpupar__count(&x->out->cnt.subchunks, 1);
  atomic_fetch_add(&dev->chunks_done, 1);
  x->dev_iters[s->dev] += s->range.end - s->range.begin;
  gpupar__trace_event e;
  if (gpupar__xevent_start(x, &e, GPUPAR__TRACE_CHUNK, dev->info.name, s->stream)) {
    e.ts = s->t0;
    e.dur = (dev->backend->async ? gpupar__now_us() : s->t1) - s->t0;
    e.begin = s->range.begin;
    e.end = s->range.end;
    e.trip = x->in->sp->trip;
    e.has_range = 1;
    e.seq = s->seq;
    gpupar__xevent_add(x, &e);
  }
}

/* One device's part of a round, run on the device's issuing thread (or the calling thread). */
typedef struct dev_round {
  exec *x;
  int d;
  const int *list; /* its pending sub-chunks (indices into x->subs) */
  int n;
  int early; /* commit each sub-chunk as soon as its copies complete (early_commits) */
  int ok;    /* the device synchronised without error */
  int kind;  /* else: the failure kind, and `err` */
  gpupar__error err;
  double us; /* device time of the round */
  gpupar__issue task;
} dev_round;

/* Commits sub-chunk `s` of round `r` once its copies are complete, and gives its buffers back
 * (later sub-chunks of the device reuse them). Returns 0, or -1 when the wait failed: the
 * device's synchronisation reports it, and no later chunk of the round commits early. */
static int commit_early(dev_round *r, sub *s) {
  exec *x = r->x;
  gpupar__device *dev = x->in->devs[r->d];
  if (s->state != SUB_RUNNING)
    return 0;
  if (s->mark) {
    gpupar__error err;
    void *mark = s->mark;
    s->mark = NULL;
    gpupar__count(&x->out->cnt.syncs, 1);
    if (dev->backend->wait_mark(dev, mark, &err) != GPUPAR_OK)
      return -1;
  }
  copy_queue q = {0};
  commit(x, s, &q);
  /* One chunk's write-back, a few MB: cut so that every host thread takes a part (whole 4 MiB
   * pieces left most of them idle and the commits trailing the device). */
  size_t bytes = 0;
  for (int i = 0; i < q.n; i++)
    bytes += q.copies[i].bytes;
  size_t piece = bytes / (size_t)gpupar__host_threads() + 1;
  flush_copies(&q, piece < GPUPAR__HOST_COPY_MIN_PIECE ? GPUPAR__HOST_COPY_MIN_PIECE : piece);
  free(q.copies);
  gpupar__xfer_release(x, s);
  return 0;
}

/* Bytes of staged write-backs a device's thread lets wait for their commits while it issues
 * further sub-chunks: past it, it commits the oldest before issuing more. Below it, the thread
 * issues everything first: waiting for a commit in the middle leaves the device only the work
 * already queued (an H200 ran a 64M in-place saxpy in 21-26 ms committing three chunks behind
 * the issue). */
#define GPUPAR__STAGED_AHEAD ((size_t)256 << 20)

/* Returns the bytes sub-chunk `s` holds in staging. */
static size_t staged_bytes(const exec *x, const sub *s) {
  size_t bytes = 0;
  for (int a = 0; a < x->na; a++)
    bytes += s->slots[a].stage ? s->slots[a].stage_size : 0;
  return bytes;
}

/* Issues the pending sub-chunks of round `r`, software-pipelined: at step t, copy-in of chunk
 * t, kernel of chunk t-1, copy-out of chunk t-2; chunk i on stream i % streams. With early
 * commits, a synchronous device's chunk is committed right after its copy-out; an asynchronous
 * device's chunks are committed in order once all are issued, while the device still copies,
 * or earlier when their staging passes GPUPAR__STAGED_AHEAD. A lost device fails everything not
 * yet issued. */
static void issue_device(dev_round *r) {
  exec *x = r->x;
  gpupar__device *dev = x->in->devs[r->d];
  const int *list = r->list;
  int n = r->n, committed = 0;
  int marks = r->early && dev->backend->async;
  for (int i = 0; i < n; i++) {
    x->subs[list[i]].stream = i % dev->nstreams;
    x->subs[list[i]].state = SUB_RUNNING;
    x->subs[list[i]].launched = 0;
  }
  for (int t = 0; t < n + 2; t++) {
    if (t < n && x->subs[list[t]].state == SUB_RUNNING)
      gpupar__xfer_in(x, &x->subs[list[t]]);
    if (t >= 1 && t - 1 < n && x->subs[list[t - 1]].state == SUB_RUNNING)
      launch(x, &x->subs[list[t - 1]]);
    if (t >= 2 && x->subs[list[t - 2]].state == SUB_RUNNING) {
      sub *s = &x->subs[list[t - 2]];
      if (gpupar__xfer_out(x, s) == 0 && marks &&
          dev->backend->mark(dev, s->stream, &s->mark, &s->err) != GPUPAR_OK)
        r->early = 0; /* committed at the end of the round instead */
    }
    if (atomic_load(&dev->lost))
      for (int i = 0; i < n; i++)
        if (x->subs[list[i]].state == SUB_RUNNING) {
          gpupar__dev_lost_error(dev, &x->subs[list[i]].err);
          fail_sub(&x->subs[list[i]], KIND_LOST);
        }
    size_t ahead = 0; /* staged by the chunks issued and not committed */
    for (int i = committed; marks && i <= t - 2 && i < n; i++)
      ahead += staged_bytes(x, &x->subs[list[i]]);
    /* A synchronous device has finished chunk t-2 already. */
    for (; r->early && committed <= t - 2 && (!marks || ahead > GPUPAR__STAGED_AHEAD);
         committed++) {
      ahead -= marks ? staged_bytes(x, &x->subs[list[committed]]) : 0;
      if (commit_early(r, &x->subs[list[committed]]) != 0)
        r->early = 0;
    }
  }
  for (; r->early && committed < n; committed++)
    if (commit_early(r, &x->subs[list[committed]]) != 0)
      r->early = 0;
}

/* Runs round `r` on one device: issue, synchronise, and find whether its chunks may be
 * committed. A chunk that failed after its kernel may have updated the device's
 * array-reduction buffer: then none of the device's chunks of this round can be committed. */
static void device_round(void *arg) {
  dev_round *r = arg;
  exec *x = r->x;
  gpupar__device *dev = x->in->devs[r->d];
  double t_start = gpupar__now_us();
  if (dev->backend->timing_begin)
    dev->backend->timing_begin(dev);
  gpupar__error err = {0};
  if (gpupar__red_acc_open(x->loop, x->call, dev, &x->acc[r->d], &err) != GPUPAR_OK) {
    for (int i = 0; i < r->n; i++) {
      x->subs[r->list[i]].err = err;
      fail_sub(&x->subs[r->list[i]], gpupar__fail_kind(dev, &err, 0));
    }
  } else {
    /* GPUPAR_COMMIT (auto: per chunk, docs/runtime.md). Never with array reductions, whose
     * buffer a later chunk's failure voids for the committed ones too, nor on an asynchronous
     * backend without markers, which tells completion only at its synchronisation. */
    if (x->in->commit == GPUPAR__COMMIT_ROUND || x->acc[r->d] ||
        (dev->backend->async && !dev->backend->mark))
      r->early = 0;
    issue_device(r);
  }
  memset(&r->err, 0, sizeof r->err);
  r->ok = dev->backend->sync(dev, -1, &r->err) == GPUPAR_OK;
  gpupar__count(&x->out->cnt.syncs, 1);
  if (!r->ok)
    r->kind = gpupar__fail_kind(dev, &r->err, 0);
  /* A sticky error another device's thread saw on this one (copying a data region's part from
   * it) leaves nothing on it to trust: none of the round's chunks still waiting commits. */
  if (r->ok && gpupar__dev_dead(dev)) {
    gpupar__dev_check_lost(dev);
    r->ok = 0;
    r->kind = KIND_LOST;
    gpupar__dev_lost_error(dev, &r->err);
  }
  if (dev->backend->timing_end && dev->backend->async)
    gpupar__count(&x->out->cnt.syncs, (unsigned long long)dev->nstreams); /* an event per stream */
  if (!dev->backend->timing_end || dev->backend->timing_end(dev, &r->us) != 0)
    r->us = gpupar__now_us() - t_start;
  for (int i = 0; i < r->n; i++) {
    sub *s = &x->subs[r->list[i]];
    if (s->state == SUB_FAILED && s->launched && x->acc[r->d] && r->ok) {
      r->ok = 0;
      r->kind = KIND_ERROR;
      gpupar__fail(&r->err, GPUPAR_EDEVICE,
                   "a chunk failed after updating the device's reduction buffer (%.150s)",
                   s->err.msg);
    }
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
  /* Halves below two pipelining sub-chunks' worth of iterations would not fit where the whole
   * did not either: splitting them on and on only multiplies failed attempts (thousands under a
   * device that stays out of memory). */
  if (kind == KIND_OOM && !x->no_split && n >= 2 * GPUPAR__MIN_SUB_ITERS &&
      s->splits < GPUPAR__MAX_OOM_SPLITS && !atomic_load(&dev->lost)) {
    gpupar__range hi = {s->range.begin + n / 2, s->range.end};
    s->range.end = hi.begin;
    s->state = SUB_PENDING;
    s->splits++;
    snprintf(action, sizeof action, "split in two, retried on %s", dev->info.name);
    sub *t = gpupar__sub_add(x, hi, d); /* may move x->subs */
    s = &x->subs[i];
    if (t) {
      t->splits = s->splits;
      t->excluded = s->excluded;
      int overlap = gpupar__sub_hulls(x, t) != GPUPAR_OK || gpupar__sub_hulls(x, s) != GPUPAR_OK;
      /* Halves whose write hulls overlap (a triangular loop's terms are not one footprint per
       * iteration) would copy stale elements over each other's results. */
      for (int a = 0; a < x->na && !overlap; a++)
        overlap = !x->merge[a] && gpupar__hull_overlap(&s->slots[a].write, &t->slots[a].write);
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
      s->dev = gpupar__best_device(x, s->excluded);
      snprintf(action, sizeof action, "moved to %s",
               s->dev >= 0 ? x->in->devs[s->dev]->info.name : "the host");
    }
  } else {
    s->excluded |= 1ull << d;
    s->dev = gpupar__best_device(x, s->excluded);
    s->state = SUB_PENDING;
    snprintf(action, sizeof action, "moved to %s",
             s->dev >= 0 ? x->in->devs[s->dev]->info.name : "the host threads");
  }
  if (s->dev < 0)
    s->dev = HOST;
  gpupar__trace_event e;
  if (gpupar__xevent_start(x, &e, GPUPAR__TRACE_FAULT, dev->info.name, -1)) {
    e.ts = gpupar__now_us();
    e.seq = gpupar__trace_seq();
    snprintf(e.kind, sizeof e.kind, "%s", kind_name(kind));
    snprintf(e.action, sizeof e.action, "%s", action);
    e.begin = failed.begin;
    e.end = failed.end;
    gpupar__xevent_add(x, &e);
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
    if (r == GPUPAR__ENTRY_FATAL) {
      __atomic_store_n(&x->fatal, 1, __ATOMIC_RELAXED);
      s->state = SUB_FAILED;
      return GPUPAR_EDEVICE;
    }
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
    __atomic_store_n(&x->committed, 1, __ATOMIC_RELAXED);
    if (s->initial)
      gpupar__site_learn(x->in->site, -1, iters, t1 - t0);
    for (int p = 0; p < n; p++) {
      gpupar__trace_event e;
      if (!gpupar__xevent_start(x, &e, GPUPAR__TRACE_CHUNK, "cpu", pieces[p].worker))
        break;
      e.ts = pieces[p].t0;
      e.dur = pieces[p].t1 - pieces[p].t0;
      e.begin = pieces[p].begin;
      e.end = pieces[p].end;
      e.trip = x->in->sp->trip;
      e.has_range = 1;
      e.seq = gpupar__trace_seq();
      gpupar__xevent_add(x, &e);
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
      kinds[d] = gpupar__fail_kind(dev, &errs[d], 0);
    if (g.on_devices && acc[d] && ok[d] && d != g.root)
      gpupar__xfer_record(x, x->in->devs[g.root], NULL, "reductions", g.bytes, GPUPAR__D2D, g.t0[d],
                          gpupar__trace_seq(), dev->info.name);
    if (g.d2h[d]) {
      gpupar__xfer_record(x, dev, NULL, "reductions", g.d2h[d], GPUPAR__D2H, g.t0[d],
                          gpupar__trace_seq(), NULL);
      gpupar__count(&x->out->bytes_out, g.d2h[d]);
    }
  }
}

/* Returns whether this round's device sub-chunks may be committed as each one's copies
 * complete, while other chunks may still be copying from the program's arrays: no chunk's
 * write-back may cover bytes another chunk of the round copies in. Copies take whole hulls, so
 * a chunk copies bytes it never uses (lu's row i between the rows it reads): they may be the
 * very bytes another chunk writes back, and a write-back at that moment would race with the
 * copy. Arrays no chunk copies from the program's memory are free: merged ones (copied from a
 * snapshot) and dense arrays, or arrays written in whole rows (rows_out), the loop only writes. */
static int early_commits(const exec *x, const int *list, int n) {
  if (n > 4096) /* the pairwise check below would cost more than it saves */
    return 0;
  for (int a = 0; a < x->na; a++) {
    unsigned access = (unsigned)x->loop->arrays[a].access;
    if (x->merge[a] || !(access & GPUPAR_WRITE) ||
        (!(access & GPUPAR_READ) && (x->dense[a] || x->rows_out[a].pitch)))
      continue;
    for (int i = 0; i < n; i++) {
      const slot *w = &x->subs[list[i]].slots[a];
      if (w->write.empty || w->region)
        continue;
      for (int j = 0; j < n; j++)
        if (j != i && gpupar__hull_overlap(&w->write, &x->subs[list[j]].slots[a].buf))
          return 0;
    }
  }
  return 1;
}

/* One round: issue every pending device sub-chunk (each device from its own issuing thread when
 * there are several, or a host share to run meanwhile), run the planned host share, wait for the
 * devices, bring the array reductions home, commit what succeeded and was not committed early,
 * reassign what failed. */
static int round_once(exec *x, int first_round) {
  int ndev = x->in->ndev, rc = GPUPAR_OK;
  int *list = malloc((size_t)x->nsubs * sizeof *list + 1);
  dev_round *rounds = calloc((size_t)ndev + 1, sizeof *rounds);
  int touched[GPUPAR__MAX_DEVICES] = {0}, ok[GPUPAR__MAX_DEVICES] = {0},
      running[GPUPAR__MAX_DEVICES] = {0}, kinds[GPUPAR__MAX_DEVICES] = {0};
  unsigned long long begin[GPUPAR__MAX_DEVICES];
  gpupar__error errs[GPUPAR__MAX_DEVICES];
  if (!list || !rounds) {
    free(list);
    free(rounds);
    return GPUPAR_ENOMEM;
  }
  if (first_round)
    gpupar__xfer_shared(x);
  int host_share = 0, n = 0, active = 0;
  for (int i = 0; i < x->nsubs; i++)
    host_share |= first_round && x->subs[i].dev == HOST && x->subs[i].state == SUB_PENDING;
  for (int d = 0; d < ndev; d++) {
    dev_round *r = &rounds[d];
    r->list = list + n;
    for (int i = 0; i < x->nsubs; i++)
      if (x->subs[i].dev == d && x->subs[i].state == SUB_PENDING)
        list[n + r->n++] = i;
    n += r->n;
    touched[d] = r->n > 0;
    active += touched[d];
    r->x = x;
    r->d = d;
  }
  /* The host share writes the program's arrays meanwhile: chunks commit after it. */
  int early = !host_share && early_commits(x, list, n);
  int threads = active > 1 || host_share;
  for (int d = 0; d < ndev; d++) {
    if (!touched[d])
      continue;
    rounds[d].early = early;
    rounds[d].task =
        (gpupar__issue){.run = device_round, .arg = &rounds[d], .device = x->in->devs[d]->index};
    if (threads)
      gpupar__issue_post(&rounds[d].task);
  }
  if (host_share) /* overlaps the devices' work */
    rc = run_host_subs(x);
  for (int d = 0; d < ndev; d++) {
    if (!touched[d])
      continue;
    if (threads)
      gpupar__issue_wait(&rounds[d].task);
    else
      device_round(&rounds[d]);
    ok[d] = rounds[d].ok;
    kinds[d] = rounds[d].kind;
    errs[d] = rounds[d].err;
    x->dev_us[d] += rounds[d].us;
    begin[d] = ~0ull;
    for (int i = 0; i < rounds[d].n; i++) {
      sub *s = &x->subs[rounds[d].list[i]];
      if (s->state == SUB_RUNNING) {
        running[d]++;
        if (s->range.begin < begin[d])
          begin[d] = s->range.begin;
      }
    }
  }
  gather_reductions(x, running, begin, ok, errs, kinds);
  copy_queue q = {0};
  for (int d = 0; d < ndev; d++) {
    if (!touched[d])
      continue;
    gpupar__device *dev = x->in->devs[d];
    for (int i = 0; i < rounds[d].n; i++) {
      sub *s = &x->subs[rounds[d].list[i]];
      if (s->state != SUB_RUNNING)
        continue;
      if (ok[d]) {
        commit(x, s, &q);
      } else {
        s->err = errs[d];
        fail_sub(s, kinds[d]);
      }
    }
    flush_copies(&q, 0);
    for (int i = 0; i < rounds[d].n; i++) {
      sub *s = &x->subs[rounds[d].list[i]];
      if (s->state == SUB_DONE || s->state == SUB_FAILED)
        gpupar__xfer_release(x, s);
    }
    gpupar__red_acc_close(dev, &x->acc[d]);
  }
  free(q.copies);
  for (int i = 0; i < x->nsubs && !__atomic_load_n(&x->fatal, __ATOMIC_RELAXED); i++)
    if (x->subs[i].state == SUB_FAILED && x->subs[i].dev >= 0)
      reassign(x, i);
  free(rounds);
  free(list);
  return rc;
}

/* Warns, once per loop and device, when a device gets fewer of the call's iterations than it
 * keeps threads resident while each thread runs a perfectly nested inner loop alone (a nest the
 * compiler could not collapse): most of the device then idles. */
static void warn_occupancy(exec *x) {
  if (!x->loop->serial_inner)
    return;
  for (int d = 0; d < x->in->ndev; d++) {
    gpupar__device *dev = x->in->devs[d];
    unsigned long long iters = 0;
    for (int i = 0; i < x->nsubs; i++)
      if (x->subs[i].dev == d)
        iters += x->subs[i].range.end - x->subs[i].range.begin;
    if (iters == 0 || dev->resident_threads <= 0 ||
        iters >= (unsigned long long)dev->resident_threads)
      continue;
    if (gpupar__site_warn_once(x->in->site, dev->index, GPUPAR__WARN_OCCUPANCY))
      GPUPAR__WARN("%s: %s runs %llu iterations, fewer than the %lld threads it keeps resident, "
                   "and each thread runs the nested loop alone, so most of the device idles; "
                   "collapse the nest (collapse(2)) if its inner iterations are independent "
                   "(-fplugin-arg-gpupar-remarks says why it was not collapsed; warned once per "
                   "loop and device)",
                   site_name(x), dev->info.name, iters, dev->resident_threads);
  }
}

int gpupar__exec(const gpupar__exec_in *in, gpupar__exec_out *out, char *why, size_t len) {
  exec x = {.in = in, .loop = in->loop, .call = in->call, .na = in->loop->narrays, .out = out};
  memset(out, 0, sizeof *out);
  pthread_mutex_init(&x.lock, NULL);
  size_t na = (size_t)x.na + 1;
  x.dense = calloc(na, sizeof *x.dense);
  x.rows_out = calloc(na, sizeof *x.rows_out);
  x.shared = calloc(na, sizeof *x.shared);
  x.shared_hull = calloc(na, sizeof *x.shared_hull);
  x.shared_buf = calloc(2 * GPUPAR__MAX_DEVICES * na, sizeof *x.shared_buf);
  x.shared_size = calloc(2 * GPUPAR__MAX_DEVICES * na, sizeof *x.shared_size);
  x.reg = calloc(na, sizeof *x.reg);
  x.merge = calloc(na, sizeof *x.merge);
  x.alias = calloc(na, sizeof *x.alias);
  x.snap = calloc(na, sizeof *x.snap);
  x.snap_size = calloc(na, sizeof *x.snap_size);
  x.snap_hull = calloc(na, sizeof *x.snap_hull);
  int rc = GPUPAR_OK;
  if (!x.dense || !x.rows_out || !x.shared || !x.shared_hull || !x.shared_buf || !x.shared_size ||
      !x.reg || !x.merge || !x.alias || !x.snap || !x.snap_size || !x.snap_hull) {
    snprintf(why, len, "out of host memory");
    rc = GPUPAR_ENOMEM;
  }
  if (rc == GPUPAR_OK)
    rc = gpupar__plan(&x, why, len);
  if (rc == GPUPAR_OK)
    warn_occupancy(&x);
  if (rc == GPUPAR_OK)
    rc = gpupar__xfer_snapshot(&x, why, len);
  if (rc == GPUPAR_OK)
    gpupar__xfer_register(&x);
  /* Each round either finishes chunks or moves failed ones closer to the host: it ends. */
  for (int first = 1; rc == GPUPAR_OK; first = 0) {
    int pending = 0;
    for (int i = 0; i < x.nsubs; i++)
      pending += x.subs[i].dev >= 0 && x.subs[i].state == SUB_PENDING;
    if (!pending && !first)
      break;
    /* A lone chunk split after running out of memory: its halves merge from here on (nothing
     * was committed yet, so the arrays still hold what the call found). */
    rc = gpupar__xfer_snapshot(&x, why, len);
    if (rc == GPUPAR_OK)
      rc = round_once(&x, first);
  }
  if (rc == GPUPAR_OK && !__atomic_load_n(&x.fatal, __ATOMIC_RELAXED))
    rc = run_host_subs(&x); /* fallbacks */
  /* A chunk stopped at a fatal path, or an update fell outside a checked section: the caller
   * runs the serial loop instead, so no chunk of this call counts as run (the trace's chunks
   * still cover each call exactly once). */
  if (__atomic_load_n(&x.fatal, __ATOMIC_RELAXED)) {
    out->fatal = 1;
    rc = GPUPAR_EDEVICE;
  }
  if (rc == GPUPAR_OK && gpupar__red_checks_sections(x.loop))
    out->outside = gpupar__red_outside(x.loop, x.call) + 1;
  if (out->fatal || out->outside) {
    int k = 0;
    for (int i = 0; i < x.nevents; i++)
      if (x.events[i].cat != GPUPAR__TRACE_CHUNK)
        x.events[k++] = x.events[i];
    x.nevents = k;
  }
  if (rc != GPUPAR_OK && rc != GPUPAR_EINVAL && x.committed && !out->fatal)
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
    gpupar__xfer_free_shared(&x);
  for (int i = 0; i < x.nsubs; i++)
    gpupar__xfer_release(&x, &x.subs[i]);
  gpupar__subs_free(&x);
  free(x.subs);
  free(x.events);
  free(x.dense);
  free(x.rows_out);
  free(x.shared);
  free(x.shared_hull);
  free(x.shared_buf);
  free(x.shared_size);
  if (x.reg)
    gpupar__xfer_unregister(&x);
  free(x.reg);
  if (x.snap)
    gpupar__xfer_free_snapshots(&x);
  free(x.merge);
  free(x.alias);
  free(x.snap);
  free(x.snap_size);
  free(x.snap_hull);
  pthread_mutex_destroy(&x.lock);
  return rc == GPUPAR_OK ? GPUPAR_OK : rc == GPUPAR_EINVAL ? GPUPAR_EINVAL : GPUPAR_EDEVICE;
}
