/* Host ranges of the program's arrays registered (pinned in place) for DMA, cached across calls:
 * copies then go straight between the program's memory and the devices, asynchronously, with no
 * staging copy. Least recently used ranges not in use are unregistered when the registered
 * bytes would pass the limit (GPUPAR_PIN_LIMIT); every range is unregistered at exit, and those
 * inside a data region at its gpupar_data_exit. Thread-safe.
 *
 * A registration pins pages, not addresses: a program that frees an array and gets new memory at
 * the same addresses while the range is cached would have the devices copy to and from the old
 * pages. So ranges are kept across calls only while the memory hooks (memory/memhooks.h) see the
 * program release memory, or when the program promises to call gpupar_unregister
 * (GPUPAR_PIN_CACHE=1). */
#ifndef GPUPAR_RUNTIME_HOSTREG_H
#define GPUPAR_RUNTIME_HOSTREG_H

#include <stddef.h>

#include "backends/backend.h"

/* Default of GPUPAR_PIN_LIMIT: bytes registered at most. */
#define GPUPAR__PIN_LIMIT_DEFAULT (4ull << 30)

typedef struct gpupar__hostreg gpupar__hostreg;

/* Sets the limit on registered bytes (0: never register; copies use pageable memory). */
void gpupar__hostreg_set_limit(unsigned long long bytes);
/* Whether registrations outlive the calls that made them (GPUPAR_PIN_CACHE): 1 yes, 0 no (each
 * is dropped when its last call releases it), -1 (the default) when the memory hooks are active. */
void gpupar__hostreg_set_cache(int mode);

/* Returns a held registration with `be` covering [p, p + bytes) (registering it on a miss; then
 * `*fresh` is set to 1), or NULL when the range stays pageable: the backend has no registration,
 * the limit is 0 or reached by ranges in use, or registration failed (remembered: not retried
 * until the range is dropped). Release it with gpupar__hostreg_release after the copies over it
 * completed. */
gpupar__hostreg *gpupar__hostreg_acquire(const gpupar__backend *be, const void *p, size_t bytes,
                                         int *fresh);
void gpupar__hostreg_release(gpupar__hostreg *r);

/* Unregisters the ranges not in use that overlap [p, p + bytes). */
void gpupar__hostreg_drop(const void *p, size_t bytes);
/* The memory hooks: the program releases [p, p + bytes); unregisters and forgets the ranges not
 * in use that overlap it. */
void gpupar__hostreg_forget(const void *p, size_t bytes);
/* Unregisters every range not in use (at exit). */
void gpupar__hostreg_drop_all(void);

/* Copies `bytes` between host memory and `dev` on stream `stream` (`to_device`: from host `src`
 * to device `dst`, else from device `src` to host `dst`) with the backend's copy_in or copy_out,
 * cut where registered pages begin and end: CUDA refuses a copy over memory partly registered
 * and partly not. Returns GPUPAR_OK or the first failing piece's status (`err` set). */
int gpupar__hostreg_copy(gpupar__device *dev, int stream, void *dst, const void *src, size_t bytes,
                         int to_device, gpupar__error *err);

/* Copies `rows` rows of `width` bytes, `pitch` bytes apart, from device `src` to host `dst` on
 * `stream`: one backend copy_out_rows for each run of rows registered whole or not at all; the
 * rows on a range's partly registered first and last pages (or every row, without
 * copy_out_rows) one by one with gpupar__hostreg_copy. Returns GPUPAR_OK or the first failure's
 * status (`err` set). */
int gpupar__hostreg_copy_out_rows(gpupar__device *dev, int stream, void *dst, const void *src,
                                  size_t width, size_t pitch, size_t rows, gpupar__error *err);

/* Returns the registered bytes and ranges now (for tests). */
void gpupar__hostreg_stats(unsigned long long *bytes, int *ranges);

#endif
