/* A small persistent pool of host threads that runs chunks of a loop through its host entry point
 * directly on host memory (the cpu path, the hybrid host share and the last fallback). */
#ifndef GPUPAR_RUNTIME_HOSTPOOL_H
#define GPUPAR_RUNTIME_HOSTPOOL_H

#include "gpupar/loop.h"

/* One piece of a host run, for the trace and the learned rates. */
typedef struct gpupar__host_piece {
  unsigned long long begin, end; /* normalised iterations */
  int worker;                    /* 0: the calling thread, 1..: pool threads */
  double t0, t1;                 /* microseconds (gpupar__now_us) */
  int rc;                        /* the host entry point's result */
} gpupar__host_piece;

/* Returns the number of host threads (GPUPAR_THREADS, default the online CPUs), >= 1. */
int gpupar__host_threads(void);

/* Runs iterations [begin, end) of `loop` with `call`'s values (both owned by the caller) on host
 * memory, in at most `npieces` (1..256) contiguous pieces spread over the pool's threads and the
 * calling thread; waits for all. Fills `pieces[0..*n)` (owned by the caller, `npieces` long).
 * Returns 0, or the first non-zero result of the host entry point. Thread-safe: concurrent
 * callers share the workers and always make progress on their own pieces. */
int gpupar__host_run(const gpupar_loop *loop, const gpupar_call *call, unsigned long long begin,
                     unsigned long long end, int npieces, gpupar__host_piece *pieces, int *n);

#endif
