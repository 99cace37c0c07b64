/* gpupar_run: checks, the cost model's decision, then the devices (exec.c), the host threads
 * (hostpool.c) or the caller's serial loop. See docs/runtime.md. */
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "execute/entry.h"
#include "execute/exec.h"
#include "execute/hostpool.h"
#include "gather/reduce.h"
#include "log.h"
#include "memory/region.h"
#include "memory/rows.h"
#include "placement/place.h"
#include "registry.h"
#include "schedule/section.h"
#include "schedule/space.h"
#include "trace.h"

static atomic_int max_devices_cap;

/* Returns whether code generated for gpupar `v` (GPUPAR_VERSION_CODE) may call this runtime: same
 * major, and the same minor before 1.0 (0.x descriptors grow between minors), else not newer. */
static int version_ok(unsigned v) {
  unsigned major = v / 10000, minor = v / 100 % 100;
  return major == GPUPAR_VERSION_MAJOR &&
         (major == 0 ? minor == GPUPAR_VERSION_MINOR : minor <= GPUPAR_VERSION_MINOR);
}

int gpupar_set_max_devices(int max) {
  if (max < 0)
    return GPUPAR_EINVAL;
  gpupar__registry_get();
  atomic_store(&max_devices_cap, max);
  return GPUPAR_OK;
}

/* Checks the descriptor and the call for what every path relies on. */
static int validate(const gpupar_loop *loop, const gpupar_call *call, char *why, size_t len) {
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
  return GPUPAR_OK;
}

/* Before the host runs the loop: arrays in data regions get an up-to-date host copy. */
static void host_access(const gpupar_loop *loop, const gpupar_call *call) {
  int write[64];
  if (loop->narrays <= 0 || loop->narrays > 64 || !loop->arrays || !call->arrays)
    return;
  for (int a = 0; a < loop->narrays; a++)
    write[a] = (loop->arrays[a].access & GPUPAR_WRITE) != 0;
  gpupar__region_host_access(call->arrays, write, loop->narrays);
}

/* Fails when an array's elements lie partly inside a data region and partly outside (a loop
 * reading a whole allocated block of which the region holds a part): the region's devices may
 * hold the latest bytes of that part, which a copy of the elements from the host would miss.
 * The host run brings the host copy up to date first (host_access). */
static int check_regions(const gpupar_loop *loop, const gpupar_call *call, const gpupar__space *sp,
                         char *why, size_t len) {
  if (!gpupar__regions_open()) /* the common case: no hulls to compute */
    return GPUPAR_OK;
  for (int a = 0; a < loop->narrays; a++) {
    gpupar__hull r, w;
    if (gpupar__array_hulls(loop, call->spans, sp, a, 0, sp->trip, &r, &w) != GPUPAR_OK)
      continue;
    gpupar__hull_add(&r, &w);
    size_t es = loop->arrays[a].elem_size;
    if (r.empty || gpupar__region_find(call->arrays[a], es, &r))
      continue;
    uintptr_t base = (uintptr_t)call->arrays[a]; /* addresses only: no pointer leaves the array */
    if (gpupar__region_overlaps((const void *)(base + (uintptr_t)(r.lo * (long long)es)),
                                (const void *)(base + (uintptr_t)((r.hi + 1) * (long long)es)))) {
      snprintf(why, len, "array '%s' lies partly outside the data region that holds part of it",
               loop->arrays[a].name ? loop->arrays[a].name : "?");
      return GPUPAR_EINVAL;
    }
  }
  return GPUPAR_OK;
}

/* Tells the caller to run the loop on the host. */
static int on_host(const gpupar_loop *loop, gpupar_call *call) {
  host_access(loop, call);
  call->host_start_us = gpupar__now_us();
  return 0;
}

/* Takes the devices a call uses: every usable device that is free (trylock), or, when all are
 * busy, waits for one; at most `cap` (0: no cap), the fastest for this site. Returns the count;
 * the devices are locked. */
static int acquire(gpupar__registry *reg, gpupar__site *site, int cap, unsigned long long id,
                   gpupar__device **devs) {
  int n = 0, ncand = 0;
  gpupar__device *cand[GPUPAR__MAX_DEVICES];
  for (int i = 0; i < reg->ndev; i++)
    if (!atomic_load(&reg->dev[i].lost) && !gpupar__site_device_disabled(site, i))
      cand[ncand++] = &reg->dev[i];
  if (ncand == 0)
    return 0;
  for (int i = 0; i < ncand; i++)
    if (pthread_mutex_trylock(&cand[i]->lock) == 0)
      devs[n++] = cand[i];
  if (n == 0) {
    gpupar__device *d = cand[id % (unsigned)ncand];
    pthread_mutex_lock(&d->lock);
    devs[n++] = d;
  }
  if (cap > 0 && n > cap) {
    double w[GPUPAR__MAX_DEVICES];
    gpupar__site_weights(site, devs, n, w, NULL);
    while (n > cap) { /* drop the slowest */
      int worst = 0;
      for (int i = 1; i < n; i++)
        if (w[i] < w[worst])
          worst = i;
      pthread_mutex_unlock(&devs[worst]->lock);
      devs[worst] = devs[n - 1];
      w[worst] = w[n - 1];
      n--;
    }
    /* Keep registry order (stable chunk order in the trace). */
    for (int i = 1; i < n; i++)
      for (int j = i; j > 0 && devs[j]->index < devs[j - 1]->index; j--) {
        gpupar__device *t = devs[j];
        devs[j] = devs[j - 1];
        devs[j - 1] = t;
      }
  }
  return n;
}

static void release_devices(gpupar__device **devs, int n) {
  for (int i = n - 1; i >= 0; i--)
    pthread_mutex_unlock(&devs[i]->lock);
}

/* --- Checked sections ------------------------------------------------------------------------
 * A loop whose array-reduction updates are checked at run time (gpupar_loop.sections) learns
 * whether one fell outside its section only after its chunks ran; the serial loop then runs
 * instead. So that it starts from the memory the call found, the arrays the loop writes are
 * redirected to host copies of their sections for the whole call (every path: devices, host
 * threads, hybrid shares, fallbacks) and copied back only when no flag is set. Reductions need
 * nothing: they reach the variables in gpupar__red_finish, after the check. */
typedef struct shadows {
  void *const *user; /* the call's own array pointers */
  void **ptrs;       /* what the call uses meanwhile */
  void **mem;        /* per array: the host copy of its section, NULL when not copied */
  gpupar__hull *write;
} shadows;

static void *element_at(void *base, long long index, size_t elem_size) {
  return (void *)((uintptr_t)base + (uintptr_t)((unsigned long long)index * elem_size));
}

static size_t hull_size(const gpupar__hull *h, size_t elem_size) {
  return (size_t)((unsigned long long)(h->hi - h->lo) + 1) * elem_size;
}

static void shadow_end(const gpupar_loop *loop, gpupar_call *call, shadows *sh, int commit) {
  if (!sh->ptrs)
    return;
  for (int a = 0; a < loop->narrays; a++) {
    size_t es = loop->arrays[a].elem_size;
    if (sh->mem[a] && commit && !sh->write[a].empty)
      memcpy(element_at((void *)sh->user[a], sh->write[a].lo, es),
             element_at(sh->ptrs[a], sh->write[a].lo, es), hull_size(&sh->write[a], es));
    free(sh->mem[a]);
  }
  call->arrays = sh->user;
  free(sh->ptrs);
  free(sh->mem);
  free(sh->write);
  memset(sh, 0, sizeof *sh);
}

/* Redirects the arrays `loop` writes to host copies (nothing for loops that check no section or
 * write no array). Returns GPUPAR_OK, or GPUPAR_ENOMEM with the call unchanged. */
static int shadow_begin(const gpupar_loop *loop, gpupar_call *call, const gpupar__space *sp,
                        shadows *sh) {
  memset(sh, 0, sizeof *sh);
  int writes = 0;
  for (int a = 0; a < loop->narrays; a++)
    writes |= (loop->arrays[a].access & GPUPAR_WRITE) != 0;
  if (!writes || !gpupar__red_checks_sections(loop))
    return GPUPAR_OK;
  host_access(loop, call); /* arrays in data regions: the host copy is the one copied */
  size_t na = (size_t)loop->narrays;
  sh->user = call->arrays;
  sh->ptrs = calloc(na, sizeof *sh->ptrs);
  sh->mem = calloc(na, sizeof *sh->mem);
  sh->write = calloc(na, sizeof *sh->write);
  int rc = sh->ptrs && sh->mem && sh->write ? GPUPAR_OK : GPUPAR_ENOMEM;
  for (int a = 0; a < loop->narrays && rc == GPUPAR_OK; a++) {
    size_t es = loop->arrays[a].elem_size;
    sh->ptrs[a] = (void *)call->arrays[a];
    gpupar__hull read, write;
    if (!(loop->arrays[a].access & GPUPAR_WRITE))
      continue;
    if (gpupar__array_hulls(loop, call->spans, sp, a, 0, sp->trip, &read, &write) != GPUPAR_OK) {
      rc = GPUPAR_EINVAL; /* cannot happen: the checks before computed the same hulls */
      break;
    }
    gpupar__hull all = read;
    gpupar__hull_add(&all, &write);
    if (all.empty)
      continue;
    size_t bytes = hull_size(&all, es);
    sh->mem[a] = malloc(bytes);
    if (!sh->mem[a]) {
      rc = GPUPAR_ENOMEM;
      break;
    }
    memcpy(sh->mem[a], element_at((void *)call->arrays[a], all.lo, es), bytes);
    sh->ptrs[a] = element_at(sh->mem[a], -all.lo, es);
    sh->write[a] = write;
  }
  if (rc != GPUPAR_OK) {
    shadow_end(loop, call, sh, 0);
    return rc;
  }
  call->arrays = sh->ptrs;
  return GPUPAR_OK;
}

/* The call found an update outside checked section `r`: warns once per loop, traces it, and
 * tells the caller to run the serial loop. */
static int outside_section(const gpupar_loop *loop, gpupar_call *call, gpupar__site *site, int r) {
  const char *site_name = loop->site ? loop->site : "?";
  const char *name = loop->reductions[r].name ? loop->reductions[r].name : "?";
  char why[256];
  snprintf(why, sizeof why, "an update of '%.60s' is outside its reduction section '%.100s'", name,
           loop->sections[r]);
  if (gpupar__site_warn_once(site, -1, GPUPAR__WARN_SECTION))
    GPUPAR__WARN("%s: %s; the loop ran serially on the host (warned once per loop)", site_name,
                 why);
  GPUPAR__INFO("%s: runs on the host: %s", site_name, why);
  if (gpupar__trace_on()) {
    gpupar__trace_event e;
    memset(&e, 0, sizeof e);
    e.cat = GPUPAR__TRACE_FAULT;
    e.ts = gpupar__now_us();
    e.seq = gpupar__trace_seq();
    e.call = call->call_id;
    e.stream = -1;
    snprintf(e.site, sizeof e.site, "%s", site_name);
    snprintf(e.device, sizeof e.device, "cpu");
    snprintf(e.kind, sizeof e.kind, "section");
    snprintf(e.action, sizeof e.action, "serial loop ('%.60s')", name);
    gpupar__trace_add(&e, 1);
  }
  gpupar__site_record(site, GPUPAR__ON_SERIAL, 0, 0, 0, 0);
  return on_host(loop, call);
}

/* Why a call whose chunk stopped at a fatal path runs serially (the program's own loop). */
static const char fatal_why[] =
    "an iteration reached a call to exit or abort, which the serial loop makes as written";

/* Runs the whole call on the host threads. Returns 1 when it ran, 0 when the caller must run the
 * serial loop (a host entry point failed, or `*outside` was set to 1 + the first array reduction
 * updated outside its checked section; see docs/runtime.md). */
static int run_host_threads(const gpupar_loop *loop, gpupar_call *call, const gpupar__space *sp,
                            gpupar__site *site, int threads, int *outside) {
  gpupar__host_piece pieces[256];
  int n = 0;
  host_access(loop, call);
  double t0 = gpupar__now_us();
  int rc = gpupar__host_run(loop, call, 0, sp->trip, threads, pieces, &n);
  double t1 = gpupar__now_us();
  if (rc == GPUPAR__ENTRY_FATAL) {
    GPUPAR__INFO("%s: runs on the host: %s", loop->site ? loop->site : "?", fatal_why);
    return 0;
  }
  if (rc != 0) {
    GPUPAR__ERROR("%s: the host entry point returned %d", loop->site ? loop->site : "?", rc);
    return 0;
  }
  *outside = gpupar__red_outside(loop, call) + 1;
  if (*outside)
    return 0;
  gpupar__site_learn(site, -1, sp->trip, t1 - t0);
  gpupar__site_learn_cpu(site, 0, sp->trip, t1 - t0);
  if (gpupar__trace_on()) {
    gpupar__trace_event ev[256];
    for (int p = 0; p < n; p++) {
      gpupar__trace_event *e = &ev[p];
      memset(e, 0, sizeof *e);
      e->cat = GPUPAR__TRACE_CHUNK;
      e->ts = pieces[p].t0;
      e->dur = pieces[p].t1 - pieces[p].t0;
      snprintf(e->site, sizeof e->site, "%s", loop->site ? loop->site : "?");
      snprintf(e->device, sizeof e->device, "cpu");
      e->stream = pieces[p].worker;
      e->begin = pieces[p].begin;
      e->end = pieces[p].end;
      e->trip = sp->trip;
      e->has_range = 1;
      e->call = call->call_id;
      e->seq = gpupar__trace_seq();
    }
    gpupar__trace_add(ev, n);
  }
  return 1;
}

static int run_call(const gpupar_loop *loop, gpupar_call *call) {
  static atomic_int version_warned;
  static atomic_ullong calls;
  gpupar__registry *reg = gpupar__registry_get();
  if (!loop || !call)
    return 0;
  double t_start = gpupar__now_us();
  call->call_id = atomic_fetch_add(&calls, 1) + 1;
  const char *site_name = loop->site ? loop->site : "?";
  if (!version_ok(loop->version) || !version_ok(call->version)) {
    unsigned v = !version_ok(loop->version) ? loop->version : call->version;
    if (!atomic_exchange(&version_warned, 1))
      GPUPAR__WARN("%s: generated for gpupar %u.%u.%u but the runtime is %s; loops run on the "
                   "host (recompile with this gpupar)",
                   site_name, v / 10000, v / 100 % 100, v % 100, GPUPAR_VERSION_STRING);
    return on_host(loop, call);
  }
  gpupar__clamp_to_blocks(loop, call);
  gpupar__site *site = gpupar__site_get(loop);
  char why[512];
  gpupar__space sp;
  if (gpupar__space_init(&sp, call->lo, call->hi, call->step, call->cond, call->is_unsigned, why,
                         sizeof why) != GPUPAR_OK) {
    GPUPAR__INFO("%s: runs on the host: %s", site_name, why);
    gpupar__site_record(site, GPUPAR__ON_SERIAL, 0, 0, 0, 0);
    return on_host(loop, call);
  }
  unsigned long long work = sp.trip;
  for (int c = 0; c < call->ncollapsed; c++) {
    long long n = call->collapsed_trips ? call->collapsed_trips[c] : -1;
    if (n < 0) {
      GPUPAR__INFO("%s: runs on the host: collapsed loop %d cannot run on a device", site_name,
                   c + 2);
      gpupar__site_record(site, GPUPAR__ON_SERIAL, 0, 0, 0, 0);
      return on_host(loop, call);
    }
    work = n == 0 ? 0 : work > ULLONG_MAX / (unsigned long long)n ? ULLONG_MAX : work * n;
  }
  if (work == 0) { /* the body never runs (an inner loop is empty) */
    call->last = sp.last;
    return 1;
  }
  /* Interleaved arrays pass the alias check only where each keeps to its own elements: a loop
   * with checked sections copies every written array's hull back whole (shadow_end). */
  if (validate(loop, call, why, sizeof why) != GPUPAR_OK ||
      gpupar__check_writes(loop, call->spans, &sp, why, sizeof why) != GPUPAR_OK ||
      gpupar__check_alias(loop, call->spans, &sp, call->arrays, !gpupar__red_checks_sections(loop),
                          why, sizeof why) != GPUPAR_OK ||
      gpupar__check_scalar_alias(loop, call, &sp, why, sizeof why) != GPUPAR_OK ||
      gpupar__rows_check(loop, call, &sp, why, sizeof why) != GPUPAR_OK ||
      check_regions(loop, call, &sp, why, sizeof why) != GPUPAR_OK) {
    GPUPAR__INFO("%s: runs on the host: %s", site_name, why);
    gpupar__site_record(site, GPUPAR__ON_SERIAL, 0, 0, 0, 0);
    return on_host(loop, call);
  }
  gpupar__placement place;
  gpupar__place(loop, call, &sp, work, site, &place);
  snprintf(why, sizeof why, "%s", place.why);
  gpupar__where where = place.where;
  /* A GPU stops at a fatal path by trapping, which loses the device and what only its copies in
   * data regions hold: the serial loop might then not take the path as written. */
  if (where == GPUPAR__ON_DEVICES && loop->version >= 402 && loop->fatal_paths &&
      gpupar__regions_open()) {
    where = GPUPAR__ON_THREADS;
    snprintf(why, sizeof why, "it may reach a call to exit or abort while a data region is open");
  }
  shadows sh = {0};
  if (where != GPUPAR__ON_SERIAL && shadow_begin(loop, call, &sp, &sh) != GPUPAR_OK) {
    snprintf(why, sizeof why, "out of host memory (copies of the written arrays)");
    where = GPUPAR__ON_SERIAL;
  }
  if (where == GPUPAR__ON_THREADS) {
    int outside = 0;
    int ran = run_host_threads(loop, call, &sp, site, place.host_threads, &outside);
    shadow_end(loop, call, &sh, ran);
    if (outside)
      return outside_section(loop, call, site, outside - 1);
    if (ran) {
      double ms = (gpupar__now_us() - t_start) / 1e3;
      GPUPAR__INFO("%s: stays on cpu: %s, %.1f ms", site_name, why, ms);
      gpupar__site_record(site, GPUPAR__ON_THREADS, ms * 1e3, 0, 0, 0);
      call->last = sp.last;
      return 1;
    }
    where = GPUPAR__ON_SERIAL;
  }
  if (where == GPUPAR__ON_SERIAL) {
    GPUPAR__INFO("%s: stays on cpu: %s", site_name, why);
    gpupar__site_record(site, GPUPAR__ON_SERIAL, 0, 0, 0, 0);
    return on_host(loop, call);
  }
  /* The devices. */
  gpupar__exec_in in = {.loop = loop,
                        .call = call,
                        .sp = &sp,
                        .site = site,
                        .hybrid = reg->config.hybrid,
                        .host_threads = place.host_threads,
                        .reduce_on_devices = reg->config.reduce == GPUPAR__REDUCE_DEVICES,
                        .commit = reg->config.commit};
  int cap = atomic_load(&max_devices_cap);
  if (call->max_devices > 0 && (cap == 0 || call->max_devices < cap))
    cap = call->max_devices;
  if (reg->config.max_devices > 0 && (cap == 0 || reg->config.max_devices < cap))
    cap = reg->config.max_devices;
  in.ndev = acquire(reg, site, cap, call->call_id, in.devs);
  if (in.ndev == 0) {
    shadow_end(loop, call, &sh, 0);
    GPUPAR__INFO("%s: stays on cpu: no device left", site_name);
    gpupar__site_record(site, GPUPAR__ON_SERIAL, 0, 0, 0, 0);
    return on_host(loop, call);
  }
  /* Pointer-to-pointer arrays reach the devices packed: their rows are copied into one buffer
   * each, run like flat arrays, and the written columns go back row by row. */
  gpupar__rows_pack *pack = NULL;
  gpupar__exec_out out;
  memset(&out, 0, sizeof out);
  int rc = gpupar__rows_pack_new(loop, call, &sp, &pack, &in.loop, &in.call, why, sizeof why);
  if (rc == GPUPAR_ENOMEM)
    rc = GPUPAR_EINVAL;
  if (rc == GPUPAR_OK)
    rc = gpupar__exec(&in, &out, why, sizeof why);
  if (rc == GPUPAR_OK)
    gpupar__rows_unpack(pack);
  if (pack)
    call->reduce_state = in.call->reduce_state;
  gpupar__rows_pack_free(pack);
  release_devices(in.devs, in.ndev);
  shadow_end(loop, call, &sh, rc == GPUPAR_OK && !out.outside);
  if (rc == GPUPAR_OK && out.outside)
    return outside_section(loop, call, site, out.outside - 1);
  double us = gpupar__now_us() - t_start;
  if (rc == GPUPAR_OK) {
    call->last = sp.last;
    /* What the caller paid for the device path, against the host threads' rate (cost.c). */
    if (out.ndev_used && !out.faults)
      gpupar__site_learn_offload(site, sp.trip, us);
    gpupar__site_record(site, out.ndev_used ? GPUPAR__ON_DEVICES : GPUPAR__ON_THREADS, us,
                        out.bytes_in, out.bytes_out, out.faults);
    out.cnt.calls = 1;
    gpupar__site_count(site, &out.cnt);
    if (gpupar__log_enabled(GPUPAR__LOG_INFO)) {
      char a[32], b[32], faults[64] = "";
      gpupar__format_bytes(a, sizeof a, out.bytes_in);
      gpupar__format_bytes(b, sizeof b, out.bytes_out);
      if (out.faults)
        snprintf(faults, sizeof faults, ", %llu chunk%s rerun after failures", out.faults,
                 out.faults == 1 ? "" : "s");
      GPUPAR__INFO("%s: %d device%s (%s), %s in, %s out, %.1f ms%s; %s", site_name, out.ndev_used,
                   out.ndev_used == 1 ? "" : "s", out.used, a, b, us / 1e3, faults, why);
    }
    return 1;
  }
  if (rc == GPUPAR_EINVAL)
    GPUPAR__INFO("%s: runs on the host: %s", site_name, why);
  else if (out.fatal)
    GPUPAR__INFO("%s: runs on the host: %s", site_name, fatal_why);
  else
    GPUPAR__WARN("%s: runs on the host: the host entry point failed", site_name);
  gpupar__site_record(site, GPUPAR__ON_SERIAL, 0, 0, 0, out.faults);
  return on_host(loop, call);
}

/* Reductions (reduce.c): partial results are collected while the call runs and combined into the
 * host variables only when it ran; otherwise the serial loop computes them. */
static int run_checked(const gpupar_loop *loop, gpupar_call *call) {
  if (!loop || !call || !version_ok(loop->version) || !version_ok(call->version) ||
      loop->nreductions <= 0)
    return run_call(loop, call);
  char why[256];
  if (gpupar__red_start(loop, call, why, sizeof why) != GPUPAR_OK) {
    GPUPAR__INFO("%s: runs on the host: %s", loop->site ? loop->site : "?", why);
    call->host_start_us = gpupar__now_us();
    return 0;
  }
  int ran = run_call(loop, call);
  if (ran)
    gpupar__red_finish(loop, call);
  else
    gpupar__red_abort(call);
  return ran;
}

int gpupar_run(const gpupar_loop *loop, gpupar_call *call) {
  gpupar__registry *reg = gpupar__registry_get();
  int current = gpupar__current_save(reg);
  int ran = run_checked(loop, call);
  gpupar__current_restore(reg, current);
  return ran;
}

int gpupar_host_only(const gpupar_loop *loop, gpupar_call *call) {
  if (loop && call && version_ok(loop->version) && version_ok(call->version)) {
    GPUPAR__INFO("%s: runs on the host: its condition before the loop is false (the if clause, "
                 "or a fact the analysis assumed: --gpupar-remarks names them)",
                 loop->site ? loop->site : "?");
    gpupar__clamp_to_blocks(loop, call);
    host_access(loop, call);
  }
  return 0;
}

void gpupar_host_done(const gpupar_loop *loop, const gpupar_call *call) {
  if (!loop || !call)
    return;
  gpupar__space sp;
  char why[128];
  int have_sp = gpupar__space_init(&sp, call->lo, call->hi, call->step, call->cond,
                                   call->is_unsigned, why, sizeof why) == GPUPAR_OK;
  if (call->host_start_us > 0 && version_ok(loop->version)) {
    double us = gpupar__now_us() - call->host_start_us;
    gpupar__site *site = gpupar__site_get(loop);
    gpupar__site_add_time(site, us);
    /* The serial loop's rate, for the host choice, when host threads could have run the call. */
    if (have_sp && loop->run_host && gpupar__host_threads() >= 2)
      gpupar__site_learn_cpu(site, 1, sp.trip, us);
  }
  if (!gpupar__trace_on())
    return;
  gpupar__trace_event e;
  memset(&e, 0, sizeof e);
  e.cat = GPUPAR__TRACE_CHUNK;
  e.ts = call->host_start_us;
  e.dur = gpupar__now_us() - call->host_start_us;
  snprintf(e.site, sizeof e.site, "%s", loop->site ? loop->site : "?");
  snprintf(e.device, sizeof e.device, "cpu");
  e.stream = -1;
  e.call = call->call_id;
  e.seq = gpupar__trace_seq();
  if (have_sp) {
    e.begin = 0;
    e.end = e.trip = sp.trip;
    e.has_range = 1;
  }
  gpupar__trace_add(&e, 1);
}
