/* Data regions (gpupar_data_enter/gpupar_data_exit): arrays kept on the devices across calls.
 * Each region holds a whole copy of its host range on every device that uses it, and tracks
 * which copies (host, devices) hold the latest bytes of each part. See docs/runtime.md. */
#ifndef GPUPAR_RUNTIME_REGION_H
#define GPUPAR_RUNTIME_REGION_H

#include <stddef.h>

#include "backend.h"
#include "section.h"

typedef struct gpupar__region gpupar__region;

/* Returns the region holding elements `hull` (of `elem_size` bytes) of the array at `base`
 * entirely, or NULL (also for an empty hull). */
gpupar__region *gpupar__region_find(void *base, size_t elem_size, const gpupar__hull *hull);

/* Copies bytes [off, off + bytes) of the array (offsets from the array's base pointer) from the
 * region's copy on `dev` to `dst` on `dev` (stream `s`), bringing that copy up to date first. */
int gpupar__region_copy_in(gpupar__region *r, gpupar__device *dev, int s, void *dst, long long off,
                           size_t bytes, gpupar__error *err);

/* Commits bytes [off, off + bytes) computed at `src` on `dev` into the region's copy on `dev`
 * (synchronously); the other copies of those bytes become stale. */
void gpupar__region_commit(gpupar__region *r, gpupar__device *dev, const void *src, long long off,
                           size_t bytes);

/* Brings the host copy of bytes [off, off + bytes) up to date. */
void gpupar__region_to_host(gpupar__region *r, long long off, size_t bytes);

/* Records that the host wrote bytes [off, off + bytes): the device copies become stale. */
void gpupar__region_host_wrote(gpupar__region *r, long long off, size_t bytes);

/* Frees every region's device copies on `dev` (device lost or runtime shut down). */
void gpupar__region_forget_device(gpupar__device *dev);

#endif
