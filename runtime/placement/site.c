/* Site table: a hash map from loop descriptor to site state under one mutex (held only for a few
 * arithmetic operations). */
#include "placement/site.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "placement/cost.h"

struct gpupar__site {
  const gpupar_loop *loop;
  struct gpupar__site *next;  /* hash chain */
  struct gpupar__site *order; /* first-call order */
  double rate[GPUPAR__MAX_DEVICES], host_rate;
  unsigned char warned[GPUPAR__MAX_DEVICES + 1];
  double cpu_rate[2];           /* host choice: threads (0), serial loop (1), iterations/s */
  unsigned cpu_samples[2];      /* samples in cpu_rate (saturating at 2) */
  unsigned long long cpu_calls; /* calls that went through the host choice */
  double offload_rate;          /* whole device calls, iterations/s (wall time of the call) */
  unsigned offload_samples;     /* samples in offload_rate (saturating at 2) */
  unsigned long long offload_decisions; /* calls the learned rates placed (cost.c, step 4) */
  gpupar__site_stats stats;
  _Atomic unsigned long long no_image; /* registry devices with no kernel image for the loop */
};

enum { NBUCKETS = 1024 };
static pthread_mutex_t sites_lock = PTHREAD_MUTEX_INITIALIZER;
static gpupar__site *buckets[NBUCKETS];
static gpupar__site *first, **last_link = &first;

int gpupar__site_disable_device(gpupar__site *site, int index) {
  unsigned long long bit = 1ull << index;
  return site && !(atomic_fetch_or(&site->no_image, bit) & bit);
}

int gpupar__site_device_disabled(gpupar__site *site, int index) {
  return site ? (int)(atomic_load(&site->no_image) >> index & 1) : 0;
}

gpupar__site *gpupar__site_get(const gpupar_loop *loop) {
  size_t h = ((uintptr_t)loop >> 4) % NBUCKETS;
  pthread_mutex_lock(&sites_lock);
  gpupar__site *s = buckets[h];
  while (s && s->loop != loop)
    s = s->next;
  if (!s) {
    s = calloc(1, sizeof *s);
    if (s) {
      s->loop = loop;
      snprintf(s->stats.name, sizeof s->stats.name, "%s", loop->site ? loop->site : "?");
      s->next = buckets[h];
      buckets[h] = s;
      *last_link = s;
      last_link = &s->order;
    }
  }
  pthread_mutex_unlock(&sites_lock);
  if (!s) { /* out of memory: a shared fallback site */
    static gpupar__site fallback;
    return &fallback;
  }
  return s;
}

void gpupar__site_weights(gpupar__site *site, gpupar__device *const *devs, int n, double *w,
                          double *host_w) {
  pthread_mutex_lock(&sites_lock);
  double scale = 0, mean = 0;
  int known = 0;
  for (int i = 0; i < n; i++) {
    double r = site->rate[devs[i]->index];
    if (r > 0) {
      scale += r / (devs[i]->weight > 0 ? devs[i]->weight : 1);
      known++;
    }
  }
  if (known)
    scale /= known;
  for (int i = 0; i < n; i++) {
    double r = site->rate[devs[i]->index], init = devs[i]->weight > 0 ? devs[i]->weight : 1;
    w[i] = r > 0 ? r : known ? scale * init : init;
    mean += w[i];
  }
  mean = n > 0 ? mean / n : 1;
  if (host_w)
    *host_w = site->host_rate > 0 && known ? site->host_rate : mean / 4;
  pthread_mutex_unlock(&sites_lock);
}

void gpupar__site_learn(gpupar__site *site, int index, unsigned long long iters, double us) {
  if (iters == 0 || !(us > 0) || index >= GPUPAR__MAX_DEVICES)
    return;
  double r = (double)iters / (us / 1e6);
  pthread_mutex_lock(&sites_lock);
  double *slot = index < 0 ? &site->host_rate : &site->rate[index];
  *slot = *slot > 0 ? GPUPAR__LEARN_ALPHA * r + (1 - GPUPAR__LEARN_ALPHA) * *slot : r;
  pthread_mutex_unlock(&sites_lock);
}

double gpupar__site_rate(gpupar__site *site, int index) {
  pthread_mutex_lock(&sites_lock);
  double r = index < 0 ? site->host_rate : index < GPUPAR__MAX_DEVICES ? site->rate[index] : 0;
  pthread_mutex_unlock(&sites_lock);
  return r;
}

double gpupar__site_serial_rate(gpupar__site *site) {
  pthread_mutex_lock(&sites_lock);
  double r = site->cpu_rate[1];
  pthread_mutex_unlock(&sites_lock);
  return r;
}

gpupar__where gpupar__site_host_pick(gpupar__site *site, double rates[2], int *explore) {
  pthread_mutex_lock(&sites_lock);
  unsigned long long n = site->cpu_calls++;
  double serial = site->cpu_rate[1], threads = site->cpu_rate[0];
  pthread_mutex_unlock(&sites_lock);
  gpupar__where pick = gpupar__host_choice(serial, threads, n);
  if (rates) {
    rates[0] = serial;
    rates[1] = threads;
  }
  if (explore)
    *explore = !(serial > 0 && threads > 0) || n < GPUPAR__HOST_EXPLORE ||
               pick != (threads > serial ? GPUPAR__ON_THREADS : GPUPAR__ON_SERIAL);
  return pick;
}

/* Folds a sample `iters` in `us` into `*rate` (sites_lock held): the first sample is cold and
 * the second replaces it, then a moving average. */
static void learn_warm(double *rate, unsigned *samples, unsigned long long iters, double us) {
  double r = (double)iters / (us / 1e6);
  *rate = *samples < 2 ? r : GPUPAR__LEARN_ALPHA * r + (1 - GPUPAR__LEARN_ALPHA) * *rate;
  if (*samples < 2)
    (*samples)++;
}

void gpupar__site_learn_cpu(gpupar__site *site, int serial, unsigned long long iters, double us) {
  if (iters == 0 || !(us > 0))
    return;
  int i = serial ? 1 : 0;
  pthread_mutex_lock(&sites_lock);
  learn_warm(&site->cpu_rate[i], &site->cpu_samples[i], iters, us);
  pthread_mutex_unlock(&sites_lock);
}

void gpupar__site_learn_offload(gpupar__site *site, unsigned long long iters, double us) {
  if (iters == 0 || !(us > 0))
    return;
  pthread_mutex_lock(&sites_lock); /* the first device call loads modules, allocates pools */
  learn_warm(&site->offload_rate, &site->offload_samples, iters, us);
  pthread_mutex_unlock(&sites_lock);
}

double gpupar__site_offload_rate(gpupar__site *site) {
  pthread_mutex_lock(&sites_lock);
  double r = site->offload_rate;
  pthread_mutex_unlock(&sites_lock);
  return r;
}

unsigned long long gpupar__site_offload_decisions(gpupar__site *site, int add) {
  pthread_mutex_lock(&sites_lock);
  unsigned long long n = site->offload_decisions;
  site->offload_decisions += (unsigned long long)(add > 0);
  pthread_mutex_unlock(&sites_lock);
  return n;
}

int gpupar__site_warn_once(gpupar__site *site, int index, int kind) {
  int i = index < 0 || index >= GPUPAR__MAX_DEVICES ? GPUPAR__MAX_DEVICES : index;
  pthread_mutex_lock(&sites_lock);
  int first_time = !(site->warned[i] & kind);
  site->warned[i] |= (unsigned char)kind;
  pthread_mutex_unlock(&sites_lock);
  return first_time;
}

void gpupar__site_record(gpupar__site *site, gpupar__where where, double us, unsigned long long in,
                         unsigned long long out, unsigned long long faults) {
  pthread_mutex_lock(&sites_lock);
  site->stats.calls++;
  site->stats.where[where]++;
  site->stats.time_us += us;
  site->stats.bytes_in += in;
  site->stats.bytes_out += out;
  site->stats.faults += faults;
  pthread_mutex_unlock(&sites_lock);
}

static gpupar_counters last_counters; /* under sites_lock */

static void add_counters(gpupar_counters *to, const gpupar_counters *c) {
  to->calls += c->calls;
  to->subchunks += c->subchunks;
  to->memcpy_bytes += c->memcpy_bytes;
  to->h2d += c->h2d;
  to->d2h += c->d2h;
  to->d2d += c->d2d;
  to->syncs += c->syncs;
  to->launches += c->launches;
  to->registered += c->registered;
  to->pageable += c->pageable;
}

void gpupar__site_count(gpupar__site *site, const gpupar_counters *c) {
  pthread_mutex_lock(&sites_lock);
  add_counters(&site->stats.counters, c);
  last_counters = *c;
  pthread_mutex_unlock(&sites_lock);
}

int gpupar__site_counters(const char *name, gpupar_counters *total, gpupar_counters *last) {
  gpupar_counters sum = {0};
  int found = name == NULL;
  pthread_mutex_lock(&sites_lock);
  for (gpupar__site *s = first; s; s = s->order)
    if (!name || strcmp(s->stats.name, name) == 0) {
      add_counters(&sum, &s->stats.counters);
      found = 1;
    }
  if (last)
    *last = last_counters;
  pthread_mutex_unlock(&sites_lock);
  if (total)
    *total = sum;
  return found ? 0 : -1;
}

void gpupar__site_add_time(gpupar__site *site, double us) {
  pthread_mutex_lock(&sites_lock);
  site->stats.time_us += us;
  pthread_mutex_unlock(&sites_lock);
}

int gpupar__site_list(gpupar__site_stats *out, int max) {
  int n = 0;
  pthread_mutex_lock(&sites_lock);
  for (gpupar__site *s = first; s; s = s->order, n++)
    if (out && n < max)
      out[n] = s->stats;
  pthread_mutex_unlock(&sites_lock);
  return n;
}

void gpupar__site_reset_learning(void) {
  pthread_mutex_lock(&sites_lock);
  for (gpupar__site *s = first; s; s = s->order) {
    memset(s->rate, 0, sizeof s->rate);
    s->host_rate = 0;
    memset(s->cpu_rate, 0, sizeof s->cpu_rate);
    memset(s->cpu_samples, 0, sizeof s->cpu_samples);
    s->cpu_calls = 0;
    s->offload_rate = 0;
    s->offload_samples = 0;
    s->offload_decisions = 0;
  }
  pthread_mutex_unlock(&sites_lock);
}
