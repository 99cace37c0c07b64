/* The device path of a call: split across devices by weight, sub-chunks pipelined over streams,
 * per-chunk commit, and the failure policy (split on out-of-memory, move to other devices, then
 * the host threads). See docs/runtime.md. */
#ifndef GPUPAR_RUNTIME_EXEC_H
#define GPUPAR_RUNTIME_EXEC_H

#include <stddef.h>

#include "backends/backend.h"
#include "placement/site.h"
#include "schedule/space.h"

/* Iterations below which a device range is not cut into more sub-chunks for pipelining. */
#define GPUPAR__MIN_SUB_ITERS 1024ull
/* Out-of-memory splits of one range before it moves to another device. */
#define GPUPAR__MAX_OOM_SPLITS 10

typedef struct gpupar__exec_in {
  const gpupar_loop *loop;
  gpupar_call *call;
  const gpupar__space *sp;
  gpupar__site *site;
  gpupar__device *devs[GPUPAR__MAX_DEVICES]; /* devices this call holds (locked) */
  int ndev;
  double hybrid; /* host share: 0 none, -1 learned, (0,1) fixed fraction */
  int host_threads;
  int reduce_on_devices; /* combine array reductions on the devices when they can (GPUPAR_REDUCE) */
} gpupar__exec_in;

typedef struct gpupar__exec_out {
  unsigned long long bytes_in, bytes_out; /* moved between host and devices */
  unsigned long long faults;              /* chunks that failed somewhere */
  int ndev_used;                          /* devices that committed a chunk */
  char used[512];                         /* their names ("emu:0 emu:2"), "cpu" for the host */
  /* 1 + the first array reduction a chunk updated outside its checked section (0: none): the
   * call must not count as run (see run.c, "Checked sections"). */
  int outside;
} gpupar__exec_out;

/* Runs the call on `in->devs` (and the host threads for a hybrid share or as the last fallback).
 * Returns GPUPAR_OK when every iteration ran exactly once and its results are in host memory;
 * GPUPAR_EINVAL (with `why`) when the loop cannot be split (host memory untouched); another
 * status when a host entry point failed (see docs/runtime.md). */
int gpupar__exec(const gpupar__exec_in *in, gpupar__exec_out *out, char *why, size_t len);

#endif
