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

#include "backends/backend.h"
#include "gpupar/loop.h"

/* Returns whether (kind, size, op) is a reduction the runtime can combine. */
int gpupar__red_supported(int kind, size_t size, int op);

/* Sets the `n` elements at `dst` to the identity of `op` for the type (kind, size): 0 for | ^
 * ||, 0 for + on integers and -0.0 on floating types, 1 for * &&, all bits set for &, the largest value for min (+inf for floats), the smallest
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

/* Device chunks: allocates the partial buffers on `dev` and sets `launch->partials`,
 * `partial_slots` (GPUPAR_REDUCE_SLOTS) and `partials_ready`. `arrays`: the device's shared
 * buffer for array reductions (gpupar__red_acc_buffer), NULL when the chunk has its own. `*out`
 * is NULL for loops without reductions. Returns GPUPAR_OK or an error with `*err` set. */
int gpupar__red_dev_begin(const gpupar_loop *loop, const gpupar_call *call, gpupar__device *dev,
                          void *arrays, gpupar_launch *launch, gpupar__red_chunk **out,
                          gpupar__error *err);

/* Copies device chunk `c`'s partial buffers into host staging memory on stream `s` (complete after
 * the device syncs). NULL `c`: nothing. Returns GPUPAR_OK or an error with `*err` set. */
int gpupar__red_dev_stage_out(gpupar__device *dev, int s, gpupar__red_chunk *c, gpupar__error *err);

/* Records the staged results of device chunk `c` (iterations from `begin`) after its device
 * synced. Returns 0, or -1 when out of host memory. */
int gpupar__red_dev_commit(const gpupar_call *call, gpupar__red_chunk *c, unsigned long long begin);

/* Frees device chunk `*c` (device and staging memory) and sets it to NULL. */
void gpupar__red_dev_release(gpupar__device *dev, gpupar__red_chunk **c);

/* --- Array reductions on the devices (reduce_dev.c) ---------------------------------------
 * Every sub-chunk a device runs in one round adds its updates to one buffer per device (kernels
 * atomically), filled with the identity before the round. After the devices sync, the buffers
 * are combined on the devices when their backend can (NCCL on CUDA) and reach the host once;
 * otherwise each device's buffer is copied and the host combines them. Scalar reductions keep
 * one buffer per sub-chunk (a few KiB, per-block partials). */

/* Parts of a recorded result. */
enum { GPUPAR__RED_SCALARS = 1, GPUPAR__RED_ARRAYS = 2, GPUPAR__RED_ALL = 3 };

/* The layout of a recorded result: its size, and the offset of reduction r in it. */
size_t gpupar__red_entry_bytes(const gpupar_call *call);
size_t gpupar__red_entry_offset(const gpupar_call *call, int r);

/* The offset in a recorded result of the gpupar_launch.outside flags: one int per reduction,
 * set by an update outside a checked section (gpupar_loop.sections). */
size_t gpupar__red_flags_offset(const gpupar_call *call);

/* Returns the first checked reduction (loop->sections) whose flag is set in a recorded result
 * (an update outside its section happened in a chunk that ran), or -1. */
int gpupar__red_outside(const gpupar_loop *loop, const gpupar_call *call);

/* Returns whether some array reduction of `loop` checks its section at run time. */
int gpupar__red_checks_sections(const gpupar_loop *loop);

/* Records a copy of `data` (gpupar__red_entry_bytes, `parts` of it valid) as the result of the
 * chunk that starts at iteration `begin`. Returns 0, or -1 when out of host memory. */
int gpupar__red_record_entry(const gpupar_call *call, unsigned long long begin, const void *data,
                             int parts);

/* One device's array-reduction buffer for a round. */
typedef struct gpupar__red_acc gpupar__red_acc;

/* Allocates the buffer of `dev` and fills its array sections with the identity (a copy on stream
 * 0, synced). `*out` is NULL for loops without array reductions. Returns GPUPAR_OK or an error
 * with `*err` set. */
int gpupar__red_acc_open(const gpupar_loop *loop, const gpupar_call *call, gpupar__device *dev,
                         gpupar__red_acc **out, gpupar__error *err);

/* The device address of `acc`'s buffer (NULL for a NULL acc). */
void *gpupar__red_acc_buffer(const gpupar__red_acc *acc);

/* What gpupar__red_acc_gather did, for the trace and the log. */
typedef struct gpupar__red_gather_out {
  int on_devices;                  /* combined on the devices (backend reduce) */
  int root;                        /* then: the index that received the result */
  size_t bytes;                    /* of one buffer */
  size_t d2h[GPUPAR__MAX_DEVICES]; /* bytes copied to the host from device i */
  double t0[GPUPAR__MAX_DEVICES], t1[GPUPAR__MAX_DEVICES]; /* when device i's part ran */
  char why[200]; /* why combining on the devices was not done */
} gpupar__red_gather_out;

/* Brings the round's array reductions to the host: acc[i] of devs[i] (NULL: skipped) holds the
 * updates of sub-chunks whose first iteration is begin[i]; ok[i] says the device synced and its
 * buffer is good. When `on_devices` and at least two buffers are good and their backend can
 * combine every array reduction, they are combined on devs[root] and copied once; otherwise (or
 * when that fails) each is copied on its own. Records the results; sets ok[i] = 0 and errs[i]
 * for devices whose buffer could not be brought home (their sub-chunks must rerun). */
void gpupar__red_acc_gather(const gpupar_loop *loop, const gpupar_call *call,
                            gpupar__device *const *devs, gpupar__red_acc *const *acc,
                            const unsigned long long *begin, int *ok, gpupar__error *errs, int n,
                            int on_devices, gpupar__red_gather_out *out);

/* Frees `*acc` (device and staging memory) and sets it to NULL; NULL is ignored. */
void gpupar__red_acc_close(gpupar__device *dev, gpupar__red_acc **acc);

#endif
