/* Placement: where one call runs (the devices, the host threads or the serial loop) and why. The
 * cost model (cost.h) decides between the devices and the host from sizes, bandwidth and learned
 * rates; on the host the learned choice of the site (site.h) picks threads or the serial loop.
 * See docs/runtime.md ("Cost model"). */
#ifndef GPUPAR_RUNTIME_PLACE_H
#define GPUPAR_RUNTIME_PLACE_H

#include "gpupar/loop.h"
#include "placement/cost.h"
#include "placement/site.h"
#include "schedule/space.h"

typedef struct gpupar__placement {
  gpupar__where where; /* GPUPAR__ON_* */
  int host_threads;    /* threads the host path would use (GPUPAR_THREADS) */
  char why[512];       /* the reason, for the info log ("12.0 kB below threshold 480.0 kB") */
} gpupar__placement;

/* Decides where a call of `loop` with arguments `call`, iteration space `sp` and `work`
 * iterations (collapsed loops counted) runs, and writes the answer into `out` (caller-owned).
 * Counts the call in `site`'s host choice when the host may run it. */
void gpupar__place(const gpupar_loop *loop, const gpupar_call *call, const gpupar__space *sp,
                   unsigned long long work, gpupar__site *site, gpupar__placement *out);

#endif
