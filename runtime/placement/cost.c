/* The cost model (docs/runtime.md, "Cost model"). */
#include "placement/cost.h"

#include <stdio.h>

#include "config.h"
#include "gpupar/gpupar.h"

void gpupar__format_bytes(char *out, size_t len, unsigned long long bytes) {
  if (bytes < 1000)
    snprintf(out, len, "%llu B", bytes);
  else if (bytes < 1000000)
    snprintf(out, len, "%.1f kB", (double)bytes / 1e3);
  else if (bytes < 1000000000)
    snprintf(out, len, "%.1f MB", (double)bytes / 1e6);
  else
    snprintf(out, len, "%.1f GB", (double)bytes / 1e9);
}

unsigned long long gpupar__cost_min_bytes(const gpupar__cost_in *in) {
  if (in->min_bytes >= 0)
    return (unsigned long long)in->min_bytes;
  double derived = 4.0 * in->latency_us * 1e-6 * in->bps;
  return derived > GPUPAR__MIN_BYTES_FLOOR ? (unsigned long long)(derived + 0.5)
                                           : GPUPAR__MIN_BYTES_FLOOR;
}

/* Iterations the host threads would share: a collapsed nest's whole work (a 2048 x 2048 Jacobi
 * sweep has 2046 rows, 4.2M iterations). */
static unsigned long long host_work(const gpupar__cost_in *in) {
  return in->work > in->trip ? in->work : in->trip;
}

/* The host path: threads when the trip count is large enough, else the serial loop. */
static gpupar__where on_host(const gpupar__cost_in *in, char *why, size_t len, const char *reason) {
  if (!in->can_host) {
    snprintf(why, len, "%s; serial loop (no host entry point)", reason);
    return GPUPAR__ON_SERIAL;
  }
  if (in->host_threads < 2) {
    snprintf(why, len, "%s; serial loop (1 host thread)", reason);
    return GPUPAR__ON_SERIAL;
  }
  unsigned long long work = host_work(in);
  double serial_us = in->serial_rate > 0 ? (double)in->trip / in->serial_rate * 1e6 : 0;
  if (work < (unsigned long long)in->min_trip && serial_us >= GPUPAR__HOST_MIN_US) {
    snprintf(why, len, "%s; %d host threads (trip %llu, but the serial loop took %.0f us)", reason,
             in->host_threads, work, serial_us);
    return GPUPAR__ON_THREADS;
  }
  if (work < (unsigned long long)in->min_trip) {
    snprintf(why, len, "%s; serial loop (trip %llu below GPUPAR_MIN_TRIP %lld)", reason, work,
             in->min_trip);
    return GPUPAR__ON_SERIAL;
  }
  snprintf(why, len, "%s; %d host threads", reason, in->host_threads);
  return GPUPAR__ON_THREADS;
}

gpupar__where gpupar__offload_choice(double t_dev_us, double t_host_us,
                                     unsigned long long decisions, int *explore) {
  *explore = 0;
  if (!(t_host_us > 0)) {
    *explore = 1;
    return GPUPAR__ON_THREADS;
  }
  int host_faster = t_host_us < t_dev_us;
  double fast = host_faster ? t_host_us : t_dev_us, slow = host_faster ? t_dev_us : t_host_us;
  if (slow < GPUPAR__REEXPLORE_RATIO * fast && gpupar__host_reexplores(decisions)) {
    *explore = 1;
    return host_faster ? GPUPAR__ON_DEVICES : GPUPAR__ON_THREADS;
  }
  return host_faster ? GPUPAR__ON_THREADS : GPUPAR__ON_DEVICES;
}

gpupar__where gpupar__cost_decide(const gpupar__cost_in *in, char *why, size_t len, int *by_rates) {
  if (by_rates)
    *by_rates = 0;
  if (in->force == GPUPAR__FORCE_CPU)
    return on_host(in, why, len, "GPUPAR_FORCE=cpu");
  if (in->ndev == 0)
    return on_host(in, why, len,
                   in->backend == GPUPAR_BACKEND_CPU ? "cpu backend" : "no device left");
  if (!in->can_offload)
    return on_host(in, why, len, "no device entry point");
  if (in->force == GPUPAR__FORCE_GPU) {
    snprintf(why, len, "GPUPAR_FORCE=gpu");
    return GPUPAR__ON_DEVICES;
  }
  if (in->present) {
    snprintf(why, len, "arrays present on the devices (data region)");
    return GPUPAR__ON_DEVICES;
  }
  if (in->backend == GPUPAR_BACKEND_EMU) {
    snprintf(why, len, "emulated devices always run");
    return GPUPAR__ON_DEVICES;
  }
  unsigned long long moved = in->bytes_in + in->bytes_out, min = gpupar__cost_min_bytes(in);
  char a[32], b[32];
  int threads_ok =
      in->can_host && in->host_threads >= 2 && host_work(in) >= (unsigned long long)in->min_trip;
  /* Once a device call was timed, the host threads are timed once too, then the faster runs,
   * whatever the threshold says: it sees neither registration and staging nor a fast host (16
   * threads do 8M-element saxpy in 0.6 ms; the bus needs 2 ms for its 96 MB) nor heavy
   * iterations (n-body: 460 kB, 113 ms on 16 host threads, 5 ms on an H100). */
  if (in->offload_rate > 0 && threads_ok) {
    double t_dev = (double)in->trip / in->offload_rate * 1e6,
           t_host = in->host_rate > 0 ? (double)in->trip / in->host_rate * 1e6 : 0;
    int explore;
    gpupar__where w = gpupar__offload_choice(t_dev, t_host, in->offload_decisions, &explore);
    char reason[128];
    if (by_rates)
      *by_rates = 1;
    if (w == GPUPAR__ON_THREADS) {
      if (!(t_host > 0))
        snprintf(reason, sizeof reason, "exploring the host threads (the devices took %.2f ms)",
                 t_dev / 1e3);
      else
        snprintf(reason, sizeof reason, "%s (%.2f ms, the devices %.2f ms, learned)",
                 explore ? "exploring the host threads again" : "host threads faster", t_host / 1e3,
                 t_dev / 1e3);
      return on_host(in, why, len, reason);
    }
    gpupar__format_bytes(a, sizeof a, moved);
    snprintf(why, len, "%s (%.2f ms, the host threads %.2f ms, learned); %s to move",
             explore ? "exploring the devices again" : "devices faster", t_dev / 1e3, t_host / 1e3,
             a);
    return GPUPAR__ON_DEVICES;
  }
  if (moved < min) {
    /* Little data, but the host threads took far longer than moving it would: a device call is
     * timed once, then the learned rates decide (above). */
    double t_host = threads_ok && in->host_rate > 0 ? (double)in->trip / in->host_rate * 1e6 : 0,
           t_move = 4 * in->latency_us + (in->bps > 0 ? (double)moved / in->bps * 1e6 : 0);
    gpupar__format_bytes(a, sizeof a, moved);
    if (t_host >= GPUPAR__DEVICE_EXPLORE_US && t_host > GPUPAR__DEVICE_EXPLORE_RATIO * t_move) {
      if (by_rates)
        *by_rates = 1;
      snprintf(why, len, "exploring the devices (the host threads took %.2f ms for %s)",
               t_host / 1e3, a);
      return GPUPAR__ON_DEVICES;
    }
    char reason[96];
    gpupar__format_bytes(b, sizeof b, min);
    snprintf(reason, sizeof reason, "%s below threshold %s", a, b);
    return on_host(in, why, len, reason);
  }
  gpupar__format_bytes(a, sizeof a, moved);
  snprintf(why, len, "%s to move", a);
  return GPUPAR__ON_DEVICES;
}

int gpupar__host_reexplores(unsigned long long calls) {
  if (calls < GPUPAR__HOST_EXPLORE)
    return 0;
  if (calls % GPUPAR__HOST_REEXPLORE == 0)
    return 1;
  /* Early on, 4, 8, 16 and 32 calls after exploring: one unlucky sample (a descheduled worker)
   * must not decide the next 64 calls. */
  unsigned long long d = calls - GPUPAR__HOST_EXPLORE + 1;
  return calls < GPUPAR__HOST_REEXPLORE && d >= 4 && (d & (d - 1)) == 0;
}

gpupar__where gpupar__host_choice(double rate_serial, double rate_threads,
                                  unsigned long long calls) {
  if (calls < GPUPAR__HOST_EXPLORE)
    return calls % 2 ? GPUPAR__ON_SERIAL : GPUPAR__ON_THREADS;
  if (!(rate_serial > 0))
    return GPUPAR__ON_THREADS;
  if (!(rate_threads > 0))
    return GPUPAR__ON_SERIAL;
  gpupar__where faster = rate_threads > rate_serial ? GPUPAR__ON_THREADS : GPUPAR__ON_SERIAL;
  if (gpupar__host_reexplores(calls))
    return faster == GPUPAR__ON_THREADS ? GPUPAR__ON_SERIAL : GPUPAR__ON_THREADS;
  return faster;
}
