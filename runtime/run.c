/* gpupar_run: split a loop across the devices in use, or tell the caller to run it on the host.
 * See docs/architecture.md ("gpupar_run") and docs/runtime.md. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "log.h"
#include "registry.h"
#include "section.h"
#include "space.h"
#include "split.h"
#include "trace.h"

/* One array on one chunk's device. */
typedef struct slot {
  gpupar__hull read, write, buf; /* element indices; buf = read ∪ write */
  void *dev;                     /* device buffer holding buf */
  void *stage;                   /* host copy of the write hull, committed after success */
} slot;

/* One chunk of iterations on one device. */
typedef struct chunk {
  gpupar__device *dev;
  gpupar__range range;
  slot *slots;   /* one per array */
  void **ptrs;   /* shifted base pointers given to the launch */
  double t0, t1; /* when the chunk started and ended, for the trace */
} chunk;

/* Everything one call allocates, freed by release(). */
typedef struct plan {
  const gpupar_loop *loop;
  gpupar_call *call;
  const gpupar__space *sp;
  int nchunks;
  chunk chunks[GPUPAR__MAX_DEVICES];
  slot *slots;
  void **ptrs;
  int *dense;
  gpupar__trace_event *events;
  int nevents, max_events;
  size_t bytes_in, bytes_out;
} plan;

/* Returns host address of element `index` of an array at `base`, modulo 2^64 like the serial
 * code's pointer arithmetic (the alias guard has checked the whole range is addressable). */
static void *element(void *base, long long index, size_t elem_size) {
  return (void *)((uintptr_t)base + (uintptr_t)((unsigned long long)index * elem_size));
}

static size_t hull_bytes(const gpupar__hull *h, size_t elem_size) {
  return (size_t)((unsigned long long)(h->hi - h->lo) + 1) * elem_size;
}

static void record_copy(plan *p, const chunk *c, int a, size_t bytes, int d2h, double t0) {
  if (p->nevents == p->max_events)
    return;
  gpupar__trace_event *e = &p->events[p->nevents++];
  memset(e, 0, sizeof *e);
  e->cat = GPUPAR__TRACE_COPY;
  e->ts = t0;
  e->dur = gpupar__now_us() - t0;
  snprintf(e->site, sizeof e->site, "%s", p->loop->site ? p->loop->site : "?");
  snprintf(e->device, sizeof e->device, "%s", c->dev->info.name);
  snprintf(e->array, sizeof e->array, "%s", p->loop->arrays[a].name);
  e->bytes = bytes;
  e->d2h = d2h;
  e->call = p->call->call_id;
}

/* Computes the hulls of every array for every chunk. Returns GPUPAR_OK or GPUPAR_EINVAL. */
static int plan_hulls(plan *p) {
  for (int c = 0; c < p->nchunks; c++) {
    chunk *ch = &p->chunks[c];
    for (int a = 0; a < p->loop->narrays; a++) {
      slot *s = &ch->slots[a];
      if (gpupar__array_hulls(p->loop, p->call->spans, p->sp, a, ch->range.begin, ch->range.end,
                              &s->read, &s->write) != GPUPAR_OK)
        return GPUPAR_EINVAL;
      s->buf = s->read;
      gpupar__hull_add(&s->buf, &s->write);
    }
  }
  return GPUPAR_OK;
}

/* Returns whether two chunks' write hulls of one array overlap (then the copy-back of one chunk
 * could overwrite the other's results with stale data). */
static int write_hulls_overlap(const plan *p) {
  for (int a = 0; a < p->loop->narrays; a++)
    for (int c = 0; c < p->nchunks; c++)
      for (int d = c + 1; d < p->nchunks; d++)
        if (gpupar__hull_overlap(&p->chunks[c].slots[a].write, &p->chunks[d].slots[a].write))
          return 1;
  return 0;
}

/* Splits the iteration space over the devices and computes the sections. */
static int plan_make(plan *p, gpupar__registry *reg, char *why, size_t len) {
  const gpupar_loop *loop = p->loop;
  size_t na = (size_t)loop->narrays;
  p->slots = calloc((size_t)reg->ndev * na + 1, sizeof *p->slots);
  p->ptrs = calloc((size_t)reg->ndev * na + 1, sizeof *p->ptrs);
  p->dense = calloc(na + 1, sizeof *p->dense);
  p->max_events = reg->ndev * (1 + 2 * (int)na);
  p->events = gpupar__trace_on() ? calloc((size_t)p->max_events, sizeof *p->events) : NULL;
  if (!p->events)
    p->max_events = 0;
  if (!p->slots || !p->ptrs || !p->dense) {
    snprintf(why, len, "out of host memory");
    return GPUPAR_ENOMEM;
  }
  unsigned weights[GPUPAR__MAX_DEVICES];
  gpupar__range ranges[GPUPAR__MAX_DEVICES];
  for (int d = 0; d < reg->ndev; d++)
    weights[d] = reg->dev[d].weight;
  gpupar__split(p->sp->trip, reg->ndev, weights, ranges);
  for (int d = 0; d < reg->ndev; d++) {
    if (ranges[d].begin == ranges[d].end)
      continue;
    chunk *ch = &p->chunks[p->nchunks];
    ch->dev = &reg->dev[d];
    ch->range = ranges[d];
    ch->slots = p->slots + (size_t)p->nchunks * na;
    ch->ptrs = p->ptrs + (size_t)p->nchunks * na;
    p->nchunks++;
  }
  if (plan_hulls(p) != GPUPAR_OK) {
    snprintf(why, len, "an array index overflows");
    return GPUPAR_EINVAL;
  }
  if (p->nchunks > 1 && write_hulls_overlap(p)) {
    /* Interleaved write terms (a[2*i], a[2*i+3]): one device keeps copy-back exact. */
    int best = 0;
    for (int d = 1; d < reg->ndev; d++)
      if (reg->dev[d].weight > reg->dev[best].weight)
        best = d;
    GPUPAR__DEBUG("%s: write sections of different chunks overlap; using %s only", loop->site,
                  reg->dev[best].info.name);
    p->nchunks = 1;
    p->chunks[0].dev = &reg->dev[best];
    p->chunks[0].range.begin = 0;
    p->chunks[0].range.end = p->sp->trip;
    if (plan_hulls(p) != GPUPAR_OK) {
      snprintf(why, len, "an array index overflows");
      return GPUPAR_EINVAL;
    }
  }
  for (int a = 0; a < loop->narrays; a++)
    p->dense[a] = gpupar__array_dense(loop, p->call->spans, p->sp, a);
  return GPUPAR_OK;
}

/* Allocates, copies in and launches chunk `ch`. */
static int chunk_start(plan *p, chunk *ch, gpupar__error *err) {
  const gpupar_loop *loop = p->loop;
  const gpupar__backend *be = ch->dev->backend;
  ch->t0 = gpupar__now_us();
  for (int a = 0; a < loop->narrays; a++) {
    slot *s = &ch->slots[a];
    size_t es = loop->arrays[a].elem_size;
    void *host = p->call->arrays[a];
    ch->ptrs[a] = NULL;
    if (s->buf.empty)
      continue;
    if (be->alloc(ch->dev, hull_bytes(&s->buf, es), &s->dev, err) != GPUPAR_OK)
      return err->status;
    ch->ptrs[a] = element(s->dev, -s->buf.lo, es);
    int need_read = !s->read.empty, need_write = !s->write.empty && !p->dense[a];
    const gpupar__hull *in = need_read && need_write ? &s->buf
                             : need_read             ? &s->read
                             : need_write            ? &s->write
                                                     : NULL;
    if (!in)
      continue;
    size_t bytes = hull_bytes(in, es);
    double t0 = gpupar__now_us();
    if (be->copy_in(ch->dev, element(ch->ptrs[a], in->lo, es), element(host, in->lo, es), bytes,
                    err) != GPUPAR_OK)
      return err->status;
    record_copy(p, ch, a, bytes, 0, t0);
    p->bytes_in += bytes;
  }
  gpupar_launch launch = {.begin = ch->range.begin,
                          .end = ch->range.end,
                          .lo = p->call->lo,
                          .step = p->call->step,
                          .scalars = p->call->scalars,
                          .arrays = ch->ptrs};
  double t0 = gpupar__now_us();
  if (be->launch(ch->dev, loop, &launch, err) != GPUPAR_OK)
    return err->status;
  ch->t0 = t0;
  ch->t1 = gpupar__now_us();
  return GPUPAR_OK;
}

/* Copies chunk `ch`'s write hulls into host staging buffers. */
static int chunk_finish(plan *p, chunk *ch, gpupar__error *err) {
  const gpupar_loop *loop = p->loop;
  for (int a = 0; a < loop->narrays; a++) {
    slot *s = &ch->slots[a];
    if (s->write.empty)
      continue;
    size_t es = loop->arrays[a].elem_size, bytes = hull_bytes(&s->write, es);
    s->stage = malloc(bytes);
    if (!s->stage)
      return gpupar__fail(err, GPUPAR_ENOMEM, "malloc(%zu): out of host memory", bytes);
    double t0 = gpupar__now_us();
    if (ch->dev->backend->copy_out(ch->dev, s->stage, element(ch->ptrs[a], s->write.lo, es), bytes,
                                   err) != GPUPAR_OK)
      return err->status;
    record_copy(p, ch, a, bytes, 1, t0);
    p->bytes_out += bytes;
  }
  return GPUPAR_OK;
}

/* Waits for every chunk's device (best effort) and frees everything the plan holds. */
static void release(plan *p, int wait) {
  gpupar__error ignored;
  for (int c = 0; c < p->nchunks; c++) {
    chunk *ch = &p->chunks[c];
    if (wait)
      ch->dev->backend->sync(ch->dev, &ignored);
    for (int a = 0; ch->slots && a < p->loop->narrays; a++) {
      ch->dev->backend->free(ch->dev, ch->slots[a].dev);
      free(ch->slots[a].stage);
    }
  }
  free(p->slots);
  free(p->ptrs);
  free(p->dense);
  free(p->events);
}

static void format_bytes(char *out, size_t len, size_t bytes) {
  if (bytes < 1000)
    snprintf(out, len, "%zu B", bytes);
  else if (bytes < 1000000)
    snprintf(out, len, "%.1f kB", (double)bytes / 1e3);
  else if (bytes < 1000000000)
    snprintf(out, len, "%.1f MB", (double)bytes / 1e6);
  else
    snprintf(out, len, "%.1f GB", (double)bytes / 1e9);
}

/* Records the chunks in the trace and logs the call at info level. */
static void report(plan *p, double t_start) {
  const char *site = p->loop->site ? p->loop->site : "?";
  for (int c = 0; c < p->nchunks && p->nevents < p->max_events; c++) {
    const chunk *ch = &p->chunks[c];
    gpupar__trace_event *e = &p->events[p->nevents++];
    memset(e, 0, sizeof *e);
    e->cat = GPUPAR__TRACE_CHUNK;
    e->ts = ch->t0;
    e->dur = ch->t1 - ch->t0;
    snprintf(e->site, sizeof e->site, "%s", site);
    snprintf(e->device, sizeof e->device, "%s", ch->dev->info.name);
    e->begin = ch->range.begin;
    e->end = ch->range.end;
    e->trip = p->sp->trip;
    e->has_range = 1;
    e->call = p->call->call_id;
  }
  gpupar__trace_add(p->events, p->nevents);
  if (!gpupar__log_enabled(GPUPAR__LOG_INFO))
    return;
  char names[512] = "", in[32], out[32];
  for (int c = 0, at = 0; c < p->nchunks && at < (int)sizeof names - 1; c++)
    at += snprintf(names + at, sizeof names - (size_t)at, "%s%s", c ? " " : "",
                   p->chunks[c].dev->info.name);
  format_bytes(in, sizeof in, p->bytes_in);
  format_bytes(out, sizeof out, p->bytes_out);
  GPUPAR__INFO("%s: %d device%s (%s), %s in, %s out, %.1f ms", site, p->nchunks,
               p->nchunks == 1 ? "" : "s", names, in, out, (gpupar__now_us() - t_start) / 1e3);
}

/* Runs the loop on the devices. Returns GPUPAR_OK when the results are in host memory;
 * otherwise host memory is untouched and `why` says what went wrong (GPUPAR_EINVAL: the loop
 * cannot be split; other statuses: a device or memory failure). */
static int run_on_devices(gpupar__registry *reg, const gpupar_loop *loop, gpupar_call *call,
                          const gpupar__space *sp, char *why, size_t len) {
  double t_start = gpupar__now_us();
  plan p = {.loop = loop, .call = call, .sp = sp};
  gpupar__error err = {0};
  int rc = plan_make(&p, reg, why, len);
  if (rc != GPUPAR_OK) {
    release(&p, 0);
    return rc;
  }
  int failed = -1;
  for (int c = 0; c < p.nchunks && failed < 0; c++)
    if (chunk_start(&p, &p.chunks[c], &err) != GPUPAR_OK)
      failed = c;
  for (int c = 0; c < p.nchunks && failed < 0; c++)
    if (chunk_finish(&p, &p.chunks[c], &err) != GPUPAR_OK)
      failed = c;
  for (int c = 0; c < p.nchunks && failed < 0; c++) {
    chunk *ch = &p.chunks[c];
    if (ch->dev->backend->sync(ch->dev, &err) != GPUPAR_OK)
      failed = c;
    else if (ch->dev->backend->async)
      ch->t1 = gpupar__now_us();
  }
  if (failed >= 0) {
    snprintf(why, len, "%s failed: %s", p.chunks[failed].dev->info.name, err.msg);
    release(&p, 1);
    return err.status != GPUPAR_OK ? err.status : GPUPAR_EDEVICE;
  }
  /* Every device succeeded: commit the results. */
  for (int c = 0; c < p.nchunks; c++)
    for (int a = 0; a < loop->narrays; a++) {
      slot *s = &p.chunks[c].slots[a];
      if (!s->write.empty) {
        size_t es = loop->arrays[a].elem_size;
        memcpy(element(call->arrays[a], s->write.lo, es), s->stage, hull_bytes(&s->write, es));
      }
    }
  report(&p, t_start);
  release(&p, 0);
  return GPUPAR_OK;
}

/* Checks the descriptor and the call for what the device path relies on. */
static int validate(const gpupar__registry *reg, const gpupar_loop *loop, const gpupar_call *call,
                    char *why, size_t len) {
  if (loop->narrays < 0 || loop->nterms < 0 || (loop->narrays > 0 && !loop->arrays) ||
      (loop->nterms > 0 && (!loop->terms || !call->spans)) ||
      (loop->narrays > 0 && !call->arrays)) {
    snprintf(why, len, "malformed loop descriptor");
    return GPUPAR_EINVAL;
  }
  for (int a = 0; a < loop->narrays; a++)
    if (loop->arrays[a].elem_size == 0) {
      snprintf(why, len, "malformed loop descriptor (array %d has element size 0)", a);
      return GPUPAR_EINVAL;
    }
  for (int t = 0; t < loop->nterms; t++)
    if (loop->terms[t].array < 0 || loop->terms[t].array >= loop->narrays) {
      snprintf(why, len, "malformed loop descriptor (term %d names array %d)", t,
               loop->terms[t].array);
      return GPUPAR_EINVAL;
    }
  if (reg->backend == GPUPAR_BACKEND_CUDA && !loop->run_cuda) {
    snprintf(why, len, "the loop has no CUDA kernel (its .cu file was compiled without nvcc)");
    return GPUPAR_EINVAL;
  }
  if (reg->backend == GPUPAR_BACKEND_EMU && !loop->run_host) {
    snprintf(why, len, "the loop has no host entry point");
    return GPUPAR_EINVAL;
  }
  return GPUPAR_OK;
}

/* Tells the caller to run the loop on the host. */
static int on_host(gpupar_call *call) {
  call->host_start_us = gpupar__now_us();
  return 0;
}

int gpupar_run(const gpupar_loop *loop, gpupar_call *call) {
  static atomic_int version_warned;
  static atomic_ullong calls;
  gpupar__registry *reg = gpupar__registry_get();
  if (!loop || !call)
    return 0;
  call->call_id = atomic_fetch_add(&calls, 1) + 1;
  const char *site = loop->site ? loop->site : "?";
  if (loop->version / 10000 != GPUPAR_VERSION_MAJOR ||
      call->version / 10000 != GPUPAR_VERSION_MAJOR) {
    unsigned v = loop->version / 10000 != GPUPAR_VERSION_MAJOR ? loop->version : call->version;
    if (!atomic_exchange(&version_warned, 1))
      GPUPAR__WARN("%s: generated for gpupar %u.%u.%u but the runtime is %s; loops run on the "
                   "host (recompile with this gpupar)",
                   site, v / 10000, v / 100 % 100, v % 100, GPUPAR_VERSION_STRING);
    return on_host(call);
  }
  if (reg->ndev == 0)
    return on_host(call);
  char why[512];
  gpupar__space sp;
  if (gpupar__space_init(&sp, call->lo, call->hi, call->step, call->cond, call->is_unsigned, why,
                         sizeof why) != GPUPAR_OK) {
    GPUPAR__INFO("%s: runs on the host: %s", site, why);
    return on_host(call);
  }
  if (sp.trip == 0) {
    call->last = sp.last;
    return 1;
  }
  if (validate(reg, loop, call, why, sizeof why) != GPUPAR_OK ||
      gpupar__check_writes(loop, call->spans, &sp, why, sizeof why) != GPUPAR_OK ||
      gpupar__check_alias(loop, call->spans, &sp, call->arrays, why, sizeof why) != GPUPAR_OK) {
    GPUPAR__INFO("%s: runs on the host: %s", site, why);
    return on_host(call);
  }
  gpupar__registry_lock();
  int rc = reg->ndev > 0 ? run_on_devices(reg, loop, call, &sp, why, sizeof why) : GPUPAR_ENODEV;
  gpupar__registry_unlock();
  if (rc == GPUPAR_OK) {
    call->last = sp.last;
    return 1;
  }
  if (rc == GPUPAR_EINVAL)
    GPUPAR__INFO("%s: runs on the host: %s", site, why);
  else if (rc == GPUPAR_ENODEV)
    GPUPAR__INFO("%s: runs on the host: no device in use", site);
  else
    GPUPAR__WARN("%s: runs on the host: %s", site, why);
  return on_host(call);
}

void gpupar_host_done(const gpupar_loop *loop, const gpupar_call *call) {
  if (!loop || !call || !gpupar__trace_on())
    return;
  gpupar__trace_event e;
  memset(&e, 0, sizeof e);
  e.cat = GPUPAR__TRACE_CHUNK;
  e.ts = call->host_start_us;
  e.dur = gpupar__now_us() - call->host_start_us;
  snprintf(e.site, sizeof e.site, "%s", loop->site ? loop->site : "?");
  snprintf(e.device, sizeof e.device, "cpu");
  e.call = call->call_id;
  gpupar__space sp;
  char why[128];
  if (gpupar__space_init(&sp, call->lo, call->hi, call->step, call->cond, call->is_unsigned, why,
                         sizeof why) == GPUPAR_OK) {
    e.begin = 0;
    e.end = e.trip = sp.trip;
    e.has_range = 1;
  }
  gpupar__trace_add(&e, 1);
}
