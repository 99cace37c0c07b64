/* Transfers of a call's sub-chunks: device buffers, copies in and out, the per-device copies of
 * shared read-only arrays, and the trace records of each copy. */
#ifndef GPUPAR_RUNTIME_TRANSFER_H
#define GPUPAR_RUNTIME_TRANSFER_H

#include "schedule/plan.h"

/* Records a copy of `bytes` for the trace (s: the sub-chunk it belongs to, or NULL). */
void gpupar__xfer_record(exec *x, gpupar__device *dev, const sub *s, const char *what, size_t bytes,
                         int dir, double t0, unsigned long long seq, const char *peer);
/* Classifies a failed operation on `dev` (a KIND_*; `launch`: it was the kernel launch). */
int gpupar__fail_kind(gpupar__device *dev, const gpupar__error *err, int launch);
/* Registers (or finds registered) the host range each array's device sub-chunks copy, when the
 * backend registers memory (see memory/hostreg.h); counts fresh registrations. */
void gpupar__xfer_register(exec *x);
/* Releases what gpupar__xfer_register holds (after every device synchronised). */
void gpupar__xfer_unregister(exec *x);
/* Fills the per-device copies of shared read-only arrays (first round). */
void gpupar__xfer_shared(exec *x);
/* Allocates and copies in what `s` reads; on failure marks `s` failed and returns -1. */
int gpupar__xfer_in(exec *x, sub *s);
/* Copies out what `s` wrote (staging, or kept on the device for a data region); on failure
 * marks `s` failed and returns -1. */
int gpupar__xfer_out(exec *x, sub *s);
/* Copies what the sub-chunks touch of each merged array (x->merge: a scatter array, or one whose
 * chunks' write hulls overlap) into a snapshot once more than one sub-chunk of the call may write
 * it and some run on a device, and of each array interleaved with another (x->alias) whenever
 * some run on a device (before any of them committed: the array still holds what the call
 * found). Device chunks then copy the snapshot in, and commits merge. Returns GPUPAR_OK, or
 * GPUPAR_EINVAL with `why` when out of host memory. */
int gpupar__xfer_snapshot(exec *x, char *why, size_t len);
/* Copies into `dst` each of the `bytes` bytes of `got` that differs from the same byte of `snap`:
 * what a chunk changed. Bytes, not values: NaN and -0.0 are like any other value, and chunks
 * that wrote different members of one struct element both land. Returns the number of bytes
 * copied. The caller owns all three buffers. */
size_t gpupar__xfer_merge(void *dst, const void *got, const void *snap, size_t bytes);
/* Frees the snapshots of gpupar__xfer_snapshot (after every device synchronised). */
void gpupar__xfer_free_snapshots(exec *x);
/* Returns a sub-chunk's buffers to the pools (after its device synchronised). */
void gpupar__xfer_release(exec *x, sub *s);
/* Frees the per-device copies of shared arrays and their staging. */
void gpupar__xfer_free_shared(exec *x);

#endif
