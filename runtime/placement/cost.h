/* The cost model: does offloading a call pay, and if not, do host threads pay? See
 * docs/runtime.md ("Cost model") for the formulas and thresholds. */
#ifndef GPUPAR_RUNTIME_COST_H
#define GPUPAR_RUNTIME_COST_H

#include <stddef.h>

/* Where a call runs: the one placement enum (the cost model's answer, the host choice, the
 * profile's counters). */
typedef enum gpupar__where {
  GPUPAR__ON_DEVICES = 0, /* the devices (and a hybrid host share) */
  GPUPAR__ON_THREADS = 1, /* the host thread pool */
  GPUPAR__ON_SERIAL = 2,  /* the caller's original loop */
  GPUPAR__WHERE_COUNT
} gpupar__where;

/* Smallest GPUPAR_MIN_BYTES derived from the bandwidth (when not set). */
#define GPUPAR__MIN_BYTES_FLOOR (256u << 10)
/* Below GPUPAR_MIN_TRIP iterations, host threads still run a call whose serial loop took this
 * long (learned): a short loop whose iterations are heavy (inner loops) pays for the threads. */
#define GPUPAR__HOST_MIN_US 200.0

typedef struct gpupar__cost_in {
  int backend;         /* gpupar_backend in use */
  int ndev;            /* devices available to the call (0: none) */
  int can_offload;     /* the loop has the entry point the devices need */
  int can_host;        /* the loop has a host entry point */
  int force;           /* GPUPAR__FORCE_* */
  long long min_bytes; /* GPUPAR_MIN_BYTES, -1: derived */
  long long min_trip;  /* GPUPAR_MIN_TRIP */
  int host_threads;    /* GPUPAR_THREADS */
  unsigned long long trip;
  unsigned long long work;                /* iterations, collapsed inner loops counted (0: trip) */
  unsigned long long bytes_in, bytes_out; /* host<->device traffic if offloaded */
  double bps;          /* slowest host<->device bandwidth of the devices, bytes/s */
  double latency_us;   /* launch latency */
  double offload_rate; /* learned iterations/s of whole device calls (the caller's time:
                          registration, copies, kernels, commit), 0: unknown */
  unsigned long long offload_decisions; /* calls the learned rates placed at this site so far */
  double host_rate;                     /* learned iterations/s of the host threads, 0: unknown */
  double serial_rate;                   /* learned iterations/s of the serial loop, 0: unknown */
  int present; /* an array is in a data region: its data is on the devices */
} gpupar__cost_in;

/* Returns the offload threshold in bytes: GPUPAR_MIN_BYTES when set, else
 * max(256 KiB, 4 * latency * bandwidth). */
unsigned long long gpupar__cost_min_bytes(const gpupar__cost_in *in);

/* Decides where a call runs (GPUPAR__ON_*) and writes the reason into `why` (`len` bytes):
 * "12.0 kB below threshold 480.0 kB", "GPUPAR_FORCE=cpu", "trip 100 below GPUPAR_MIN_TRIP".
 * `*by_rates` (may be NULL) is set when the learned rates of the devices and of the host threads
 * decided (step 4): then GPUPAR__ON_THREADS means the host threads, not the serial loop. */
gpupar__where gpupar__cost_decide(const gpupar__cost_in *in, char *why, size_t len, int *by_rates);

/* A slower option is explored again (gpupar__host_reexplores) only while it is within this factor
 * of the faster one: a first sample may be cold, but a device 30 times faster than the host
 * threads should not lend the host every 64th call. */
#define GPUPAR__REEXPLORE_RATIO 4.0

/* Below the byte threshold, the devices are timed once anyway when the host threads took at
 * least this long (microseconds) and this many times the threshold's own estimate of moving the
 * call's data (4 launch latencies plus bytes over bandwidth): heavy iterations on little data. */
#define GPUPAR__DEVICE_EXPLORE_US 1000.0
#define GPUPAR__DEVICE_EXPLORE_RATIO 10.0

/* Step 4 of the cost model: the devices or the host threads, from the learned time of a call on
 * each (microseconds; `t_host_us` <= 0: the host threads never ran this site's calls) and the
 * number of calls placed this way so far. An unknown host time is explored; then the faster
 * option runs, except that a slower one within GPUPAR__REEXPLORE_RATIO is explored again on the
 * calls gpupar__host_reexplores() names. `*explore` says whether the answer is an exploration. */
gpupar__where gpupar__offload_choice(double t_dev_us, double t_host_us,
                                     unsigned long long decisions, int *explore);

/* The host choice (docs/runtime.md, "Cost model"): calls below GPUPAR__HOST_EXPLORE alternate
 * between host threads and the serial loop (threads, serial, threads: the first threads call is
 * cold and its sample is replaced by the second); then the option with the higher learned rate
 * runs, except on the calls gpupar__host_reexplores() names, which run the other one. */
#define GPUPAR__HOST_EXPLORE 3
#define GPUPAR__HOST_REEXPLORE 64

/* Returns whether the `calls`-th call re-explores the slower option: 4, 8, 16 and 32 calls after
 * exploring, then every GPUPAR__HOST_REEXPLORE-th call. */
int gpupar__host_reexplores(unsigned long long calls);

/* Returns GPUPAR__ON_THREADS or GPUPAR__ON_SERIAL for the `calls`-th (0-based) call at a site that
 * may use host threads, from the learned rates (iterations/s, 0: unknown) of the serial loop and
 * of the host threads. An unknown rate after exploring loses (both unknown: host threads). */
gpupar__where gpupar__host_choice(double rate_serial, double rate_threads,
                                  unsigned long long calls);

/* Formats `bytes` as "12 B", "4.2 kB", "1.8 MB", "3.0 GB" into `out`. */
void gpupar__format_bytes(char *out, size_t len, unsigned long long bytes);

#endif
