/* A small persistent pool of host threads that runs chunks of a loop through its host entry point
 * directly on host memory (the cpu path, the hybrid host share and the last fallback). */
#ifndef GPUPAR_RUNTIME_HOSTPOOL_H
#define GPUPAR_RUNTIME_HOSTPOOL_H

#include <stddef.h>

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

/* One copy of host memory (a staged write-back into the program's array). */
typedef struct gpupar__host_copy {
  void *dst;
  const void *src;
  size_t bytes;
} gpupar__host_copy;

/* Largest piece of a copy one thread takes: a 256 MB write-back becomes 64 pieces that the
 * host threads share (one thread's memcpy moved 9.7 GB/s on an H100 host). */
#define GPUPAR__HOST_COPY_PIECE ((size_t)4 << 20)

/* Smallest piece a copy is cut into so that every host thread takes part. */
#define GPUPAR__HOST_COPY_MIN_PIECE ((size_t)256 << 10)

/* Does `copies[0..n)` (not overlapping) with the pool's threads and the calling thread, cut
 * into pieces of at most `piece` bytes (0: GPUPAR__HOST_COPY_PIECE); returns when all are done.
 * Thread-safe like gpupar__host_run. */
void gpupar__host_copies(const gpupar__host_copy *copies, int n, size_t piece);

#endif
