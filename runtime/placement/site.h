/* Per loop site state: learned throughput of each device and of the host threads (iterations per
 * second, exponential moving average), the weights a call splits by, warnings already given, and
 * the profile counters. Thread-safe. */
#ifndef GPUPAR_RUNTIME_SITE_H
#define GPUPAR_RUNTIME_SITE_H

#include "backends/backend.h"
#include "config.h"
#include "placement/cost.h"

/* Weight of a new sample in the moving average. */
#define GPUPAR__LEARN_ALPHA 0.5

typedef struct gpupar__site gpupar__site;

/* Profile counters of one site (a copy). */
typedef struct gpupar__site_stats {
  char name[96];
  unsigned long long calls, where[GPUPAR__WHERE_COUNT]; /* by gpupar__where */
  unsigned long long faults;                            /* chunks that failed and ran elsewhere */
  double time_us; /* in gpupar_run and, for serial runs, until host_done */
  unsigned long long bytes_in, bytes_out;
  gpupar_counters counters; /* the data path of its calls on the devices */
} gpupar__site_stats;

/* Returns the state of `loop`'s site (owned by the library, never freed). */
gpupar__site *gpupar__site_get(const gpupar_loop *loop);

/* Marks registry device `index` unusable for the site's loop (a launch found no kernel image for
 * it): later calls leave it out. Returns 1 the first time, 0 after. */
int gpupar__site_disable_device(gpupar__site *site, int index);
/* Returns whether gpupar__site_disable_device marked device `index` for the site. */
int gpupar__site_device_disabled(gpupar__site *site, int index);

/* Sets `w[i]` to the weight of device `devs[i]` (i < n) for a call at `site`: the learned rate
 * when known; otherwise the device's initial weight scaled like the devices with learned rates;
 * with none learned, the initial weights. `*host_w` (may be NULL) gets the host threads' weight
 * on the same scale (learned, else a quarter of the mean device weight). */
void gpupar__site_weights(gpupar__site *site, gpupar__device *const *devs, int n, double *w,
                          double *host_w);

/* Adds a sample: `iters` iterations in `us` microseconds on registry device `index` (-1: the host
 * threads). Ignored when either is 0. */
void gpupar__site_learn(gpupar__site *site, int index, unsigned long long iters, double us);

/* Returns the learned rate (iterations/s) of device `index` (-1: host), 0 when unknown. */
double gpupar__site_rate(gpupar__site *site, int index);

/* Returns the learned iterations/s of the serial loop at `site`, 0 when unknown. */
double gpupar__site_serial_rate(gpupar__site *site);

/* The host choice at `site` for a call that may use host threads: counts the call and returns
 * gpupar__host_choice() of the learned rates (GPUPAR__ON_THREADS or GPUPAR__ON_SERIAL); `rates`
 * (may be NULL) gets the rates used, {serial loop, host threads} in iterations/s, and `*explore`
 * (may be NULL) 1 when the call explores rather than runs the faster option. */
gpupar__where gpupar__site_host_pick(gpupar__site *site, double rates[2], int *explore);

/* Adds a sample for the host choice: `iters` iterations in `us` microseconds on the serial loop
 * (`serial` 1) or the host threads (0). The first sample of each is a warm-up (thread start, cold
 * caches) that the second replaces; then a moving average. Ignored when either is 0. */
void gpupar__site_learn_cpu(gpupar__site *site, int serial, unsigned long long iters, double us);

/* Learns the rate of a whole device call at `site`: `iters` iterations in `us` microseconds of
 * the caller's time (registration, copies, kernels, commit). The first sample is replaced by the
 * second (a cold call), then averaged like the other rates. */
void gpupar__site_learn_offload(gpupar__site *site, unsigned long long iters, double us);

/* Returns the learned whole-call device rate of `site` (iterations/s; 0: unknown). */
double gpupar__site_offload_rate(gpupar__site *site);

/* Returns how many calls at `site` the learned rates placed so far (the cost model's step 4),
 * and counts one more when `add` is positive. */
unsigned long long gpupar__site_offload_decisions(gpupar__site *site, int add);

/* A warning kind of gpupar__site_warn_once beside the device fault bits (1, 2, 4, 8): an update
 * outside a checked array-reduction section (index -1: not a device). */
#define GPUPAR__WARN_SECTION 16
/* A warning kind: a device got fewer iterations of a nest it runs one outer iteration per
 * thread than it keeps threads resident (execute/exec.c). */
#define GPUPAR__WARN_OCCUPANCY 32

/* Returns 1 the first time it is called for (`site`, device `index`, `kind` bit), else 0. */
int gpupar__site_warn_once(gpupar__site *site, int index, int kind);

/* Counts one call that ran `where` and took `us`, moving `in` and `out` bytes, with `faults`
 * failed chunks. */
void gpupar__site_record(gpupar__site *site, gpupar__where where, double us, unsigned long long in,
                         unsigned long long out, unsigned long long faults);

/* Adds the data-path counters of one call on the devices to `site`'s and remembers them as the
 * last call's. */
void gpupar__site_count(gpupar__site *site, const gpupar_counters *c);

/* Sets `*total` (may be NULL) to the sums of `site` (NULL: every site) and `*last` (may be NULL)
 * to the last call's counters. Returns 0, or -1 when `name` (not NULL) names no site. */
int gpupar__site_counters(const char *name, gpupar_counters *total, gpupar_counters *last);

/* Adds `us` to the time of the site (the serial loop's run, from gpupar_host_done). */
void gpupar__site_add_time(gpupar__site *site, double us);

/* Copies the statistics of up to `max` sites into `out` (owned by the caller), in first-call
 * order; returns the number of sites. */
int gpupar__site_list(gpupar__site_stats *out, int max);

/* Forgets every learned rate (for tests; sites and statistics stay). */
void gpupar__site_reset_learning(void);

#endif
