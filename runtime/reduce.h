/* Reductions and last values (gpupar_loop.reductions): every chunk that runs stores partial
 * results; gpupar_run combines them with the variables' values before the loop, in a fixed order,
 * and writes the variables back. See docs/runtime.md, "Reductions".
 *
 * Order: value before the loop, then every committed chunk in iteration order (chunks are
 * contiguous ranges of iterations: devices in registry order, then each device's sub-chunks, then
 * the host share), and inside a device chunk its per-block partials in block order. */
#ifndef GPUPAR_RUNTIME_REDUCE_H
#define GPUPAR_RUNTIME_REDUCE_H

#include <stddef.h>

#include "backend.h"
#include "gpupar/loop.h"

/* Returns whether (kind, size, op) is a reduction the runtime can combine. */
int gpupar__red_supported(int kind, size_t size, int op);

/* Sets the `n` elements at `dst` to the identity of `op` for the type (kind, size): 0 for + | ^
 * ||, 1 for * &&, all bits set for &, the largest value for min (+inf for floats), the smallest
 * for max. Returns GPUPAR_OK or GPUPAR_EINVAL for an unsupported combination. */
int gpupar__red_identity(int kind, size_t size, int op, void *dst, long long n);

/* Sets dst[j] = dst[j] OP src[j] for the `n` elements of type (kind, size); for GPUPAR_RED_LAST
 * dst[j] = src[j]. Integer + and * wrap modulo 2^bits. Returns GPUPAR_OK or GPUPAR_EINVAL. */
int gpupar__red_combine(int kind, size_t size, int op, void *dst, const void *src, long long n);

/* Checks the reduction descriptors of `loop` and the counts in `call`, and starts collecting
 * partial results (call->reduce_state). Does nothing for loops without reductions. Returns
 * GPUPAR_OK, GPUPAR_EINVAL (with `why`) or GPUPAR_ENOMEM. */
int gpupar__red_start(const gpupar_loop *loop, gpupar_call *call, char *why, size_t len);

/* Combines the collected partials into the host variables (see the order above) and ends the
 * collection. Returns GPUPAR_OK, or GPUPAR_ENOMEM (the variables are then untouched). */
int gpupar__red_finish(const gpupar_loop *loop, gpupar_call *call);

/* Ends the collection without touching the host variables (the caller runs the serial loop). */
void gpupar__red_abort(gpupar_call *call);

/* The partial results of one chunk. */
typedef struct gpupar__red_chunk gpupar__red_chunk;

/* Host chunks (host threads; emulated devices use the device functions below): sets `*out` and
 * `launch->partials` to fresh host buffers (one slot per scalar); `*out` is NULL for loops without
 * reductions. Returns 0, or -1 when out of host memory (the chunk must not run). */
int gpupar__red_host_begin(const gpupar_loop *loop, const gpupar_call *call, gpupar_launch *launch,
                           gpupar__red_chunk **out);

/* Ends host chunk `c` (iterations from `begin`) whose host entry point returned `rc`: records its
 * results when rc is 0, then frees it. Returns rc, or -1 when the results could not be recorded
 * (the caller treats the chunk as failed). */
int gpupar__red_host_end(gpupar__red_chunk *c, unsigned long long begin, int rc);

/* Device chunks: allocates the partial buffers on `dev` and sets `launch->partials` and
 * `partial_slots` (GPUPAR_REDUCE_SLOTS). `*out` is NULL for loops without reductions. Returns
 * GPUPAR_OK or an error with `*err` set. */
int gpupar__red_dev_begin(const gpupar_loop *loop, const gpupar_call *call, gpupar__device *dev,
                          gpupar_launch *launch, gpupar__red_chunk **out, gpupar__error *err);

/* Copies device chunk `c`'s partial buffers into host staging memory on stream `s` (complete after
 * the device syncs). NULL `c`: nothing. Returns GPUPAR_OK or an error with `*err` set. */
int gpupar__red_dev_stage_out(gpupar__device *dev, int s, gpupar__red_chunk *c, gpupar__error *err);

/* Records the staged results of device chunk `c` (iterations from `begin`) after its device
 * synced. Returns 0, or -1 when out of host memory. */
int gpupar__red_dev_commit(const gpupar_call *call, gpupar__red_chunk *c, unsigned long long begin);

/* Frees device chunk `*c` (device and staging memory) and sets it to NULL. */
void gpupar__red_dev_release(gpupar__device *dev, gpupar__red_chunk **c);

#endif
