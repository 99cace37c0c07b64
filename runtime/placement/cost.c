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
  unsigned long long work = in->work > in->trip ? in->work : in->trip;
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

gpupar__where gpupar__cost_decide(const gpupar__cost_in *in, char *why, size_t len) {
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
  if (moved < min) {
    char reason[96];
    gpupar__format_bytes(a, sizeof a, moved);
    gpupar__format_bytes(b, sizeof b, min);
    snprintf(reason, sizeof reason, "%s below threshold %s", a, b);
    return on_host(in, why, len, reason);
  }
  if (in->dev_rate > 0 && in->host_rate > 0 && in->trip >= (unsigned long long)in->min_trip) {
    double t_dev = in->latency_us + (double)in->trip / in->dev_rate * 1e6,
           t_host = (double)in->trip / in->host_rate * 1e6;
    if (t_host < t_dev) {
      char reason[96];
      snprintf(reason, sizeof reason, "host threads faster (%.2f ms < %.2f ms, learned)",
               t_host / 1e3, t_dev / 1e3);
      return on_host(in, why, len, reason);
    }
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
