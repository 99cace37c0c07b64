/* The device path of a call: split across devices by weight, sub-chunks pipelined over streams,
 * per-chunk commit, and the failure policy (split on out-of-memory, move to other devices, then
 * the host threads). See docs/runtime.md. */
#ifndef GPUPAR_RUNTIME_EXEC_H
#define GPUPAR_RUNTIME_EXEC_H

#include <stddef.h>

#include "backends/backend.h"
#include "placement/site.h"
#include "schedule/plan.h"
#include "schedule/space.h"

/* Runs the call on `in->devs` (and the host threads for a hybrid share or as the last fallback).
 * Returns GPUPAR_OK when every iteration ran exactly once and its results are in host memory;
 * GPUPAR_EINVAL (with `why`) when the loop cannot be split (host memory untouched); another
 * status when a host entry point failed (see docs/runtime.md). */
int gpupar__exec(const gpupar__exec_in *in, gpupar__exec_out *out, char *why, size_t len);

#endif
