/* Data regions (gpupar_data_enter/gpupar_data_exit): arrays kept on the devices across calls.
 * A region holds a copy of its whole host range on every device in use and records, for each
 * part of the range, which copies (the host's, each device's) hold its latest bytes. Reading a
 * part on a device first brings that device's copy up to date (device to device when another
 * device holds it, else from the host); a chunk's results are committed into its device's copy
 * only after the chunk succeeded, and the other copies of those bytes become stale. See
 * docs/runtime.md, "Data regions". Thread-safe (one lock for all regions). */
#ifndef GPUPAR_RUNTIME_REGION_H
#define GPUPAR_RUNTIME_REGION_H

#include <stddef.h>

#include "backends/backend.h"
#include "schedule/section.h"

typedef struct gpupar__region gpupar__region;

/* Returns the open region holding elements `hull` (of `elem_size` bytes) of the array at `base`
 * entirely, or NULL (also for an empty hull). */
gpupar__region *gpupar__region_find(void *base, size_t elem_size, const gpupar__hull *hull);

/* Returns whether `base` lies inside an open region. */
int gpupar__region_contains(const void *base);

/* Returns whether bytes [lo, hi) share a byte with an open region. */
int gpupar__region_overlaps(const void *lo, const void *hi);

/* Returns whether any region is open (the calls' checks look no further when none is). */
int gpupar__regions_open(void);

/* Sets `*at` to the address of the `bytes` bytes of host range `host` (inside `r`) in `dev`'s
 * copy, for a kernel to use in place: with `fill`, brings them up to date there first (to read
 * them); either way orders work issued later on stream `s` after copies into them in flight. */
int gpupar__region_present(gpupar__region *r, gpupar__device *dev, int s, const void *host,
                           size_t bytes, int fill, void **at, gpupar__error *err);

/* Copies the `bytes` bytes of host range `host` (inside `r`) as held on `dev` to `dst` on `dev`
 * (stream `s`), bringing `dev`'s copy of them up to date first. */
int gpupar__region_copy_in(gpupar__region *r, gpupar__device *dev, int s, void *dst,
                           const void *host, size_t bytes, gpupar__error *err);

/* Commits `bytes` computed at `src` on `dev` as the new contents of host range `host` into
 * `dev`'s copy (synchronously; nothing to copy when `src` is their place there, written in
 * place); the other copies of those bytes become stale. */
void gpupar__region_commit(gpupar__region *r, gpupar__device *dev, const void *src,
                           const void *host, size_t bytes);

/* Brings the host copy of host range [host, host + bytes) up to date. */
void gpupar__region_to_host(gpupar__region *r, const void *host, size_t bytes);

/* Records that the host wrote [host, host + bytes): the device copies become stale. */
void gpupar__region_host_wrote(gpupar__region *r, const void *host, size_t bytes);

/* Before the host runs a loop over arrays `arrays[0..n)` (`write[i]`: array i is written):
 * makes the host copy of every region holding one of them up to date, and the device copies of
 * the written ones stale. */
void gpupar__region_host_access(void *const *arrays, const int *write, int n);

/* Drops `dev`'s copies (device lost, devices replaced, exit); data only it held is lost
 * (logged as an error). */
void gpupar__region_forget_device(gpupar__device *dev);

#endif
