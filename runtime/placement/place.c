/* Placement of one call: the cost model's answer, then the learned host choice (see place.h). */
#include "placement/place.h"

#include <stdio.h>

#include "execute/hostpool.h"
#include "log.h"
#include "memory/region.h"
#include "registry.h"
#include "schedule/section.h"

/* Bytes a whole call on `ndev` devices would move between host and devices (arrays in a data
 * region: none; a scatter array's section: in and out once per device). */
static void traffic(const gpupar_loop *loop, const gpupar_call *call, const gpupar__space *sp,
                    int ndev, unsigned long long *in, unsigned long long *out) {
  *in = *out = 0;
  for (int a = 0; a < loop->narrays; a++) {
    gpupar__hull r, w, buf;
    if (gpupar__array_hulls(loop, call->spans, sp, a, 0, sp->trip, &r, &w) != GPUPAR_OK)
      continue;
    buf = r;
    gpupar__hull_add(&buf, &w);
    size_t es = loop->arrays[a].elem_size;
    if (gpupar__region_find(call->arrays[a], es, &buf))
      continue;
    long long width, pitch;
    int dense = gpupar__array_dense(loop, call->spans, sp, a) ||
                (!(loop->arrays[a].access & GPUPAR_READ) &&
                 gpupar__array_written_rows(loop, call->spans, sp, a, &width, &pitch));
    gpupar__hull inh = r;
    if (!dense)
      gpupar__hull_add(&inh, &w);
    unsigned long long copies = gpupar__scatter(loop, a) ? (unsigned long long)ndev : 1;
    if (!inh.empty)
      *in += (unsigned long long)(inh.hi - inh.lo + 1) * es * copies;
    if (!w.empty)
      *out += (unsigned long long)(w.hi - w.lo + 1) * es * copies;
  }
}

void gpupar__place(const gpupar_loop *loop, const gpupar_call *call, const gpupar__space *sp,
                   unsigned long long work, gpupar__site *site, gpupar__placement *out) {
  gpupar__registry *reg = gpupar__registry_get();
  char *why = out->why;
  const size_t why_len = sizeof out->why;
  gpupar__cost_in cost = {.backend = reg->backend,
                          .can_host = loop->run_host != NULL,
                          .force = reg->config.force,
                          .min_bytes = reg->config.min_bytes,
                          .min_trip = reg->config.min_trip,
                          .host_threads = gpupar__host_threads(),
                          .trip = sp->trip,
                          .work = work};
  cost.can_offload =
      reg->backend == GPUPAR_BACKEND_CUDA ? loop->run_cuda != NULL : loop->run_host != NULL;
  double bps = 0, latency = 0;
  for (int i = 0; i < reg->ndev; i++) {
    gpupar__device *d = &reg->dev[i];
    if (atomic_load(&d->lost) || gpupar__site_device_disabled(site, i))
      continue;
    cost.ndev++;
    if (bps == 0 || d->h2d_bps < bps)
      bps = d->h2d_bps;
    if (d->latency_us > latency)
      latency = d->latency_us;
  }
  cost.bps = bps;
  cost.latency_us = latency;
  cost.offload_rate = gpupar__site_offload_rate(site);
  cost.offload_decisions = gpupar__site_offload_decisions(site, 0);
  cost.host_rate = gpupar__site_rate(site, -1);
  cost.serial_rate = gpupar__site_serial_rate(site);
  if (cost.ndev > 0 && reg->backend == GPUPAR_BACKEND_CUDA)
    traffic(loop, call, sp, cost.ndev, &cost.bytes_in, &cost.bytes_out);
  for (int a = 0; a < loop->narrays && cost.ndev > 0; a++)
    cost.present |= gpupar__region_contains(call->arrays[a]);
  int by_rates;
  gpupar__where where = gpupar__cost_decide(&cost, why, why_len, &by_rates);
  if (by_rates)
    gpupar__site_offload_decisions(site, 1);
  if (where == GPUPAR__ON_THREADS && cost.force != GPUPAR__FORCE_CPU && !by_rates) {
    /* Host threads or the serial loop: whichever is faster at this site (learned). */
    double rates[2];
    int explore;
    where = gpupar__site_host_pick(site, rates, &explore);
    if (gpupar__log_enabled(GPUPAR__LOG_INFO)) {
      char reason[512];
      snprintf(reason, sizeof reason, "%s", why);
      if (explore)
        snprintf(why, why_len, "%.400s; exploring %s", reason,
                 where == GPUPAR__ON_THREADS ? "the host threads" : "the serial loop");
      else if (where == GPUPAR__ON_SERIAL)
        snprintf(why, why_len, "serial loop (%.3g it/us) beats %d host threads (%.3g it/us)",
                 rates[0] / 1e6, cost.host_threads, rates[1] / 1e6);
      else
        snprintf(why, why_len, "%d host threads (%.3g it/us) beat the serial loop (%.3g it/us)",
                 cost.host_threads, rates[1] / 1e6, rates[0] / 1e6);
    }
  }
  out->where = where;
  out->host_threads = cost.host_threads;
}
