/* Backends: a table of operations per kind of device. run.c drives any backend through this
 * table; tests install fake backends (see gpupar__registry_install). */
#ifndef GPUPAR_RUNTIME_BACKEND_H
#define GPUPAR_RUNTIME_BACKEND_H

#include <stddef.h>

#include "gpupar/gpupar.h"

/* An error with its message ("cudaMalloc: out of memory"). */
typedef struct gpupar__error {
  int status; /* gpupar_status */
  char msg[256];
} gpupar__error;

/* Sets `*err` and returns `status`. */
int gpupar__fail(gpupar__error *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

typedef struct gpupar__backend gpupar__backend;

/* One device in use. */
typedef struct gpupar__device {
  gpupar_device_info info;
  const gpupar__backend *backend;
  unsigned weight; /* share of the iterations relative to the other devices */
  void *stream;    /* backend state (cudaStream_t) */
} gpupar__device;

/* Operations of a backend. Each returns GPUPAR_OK or an error status with `*err` set.
 * Operations may be asynchronous when `async` is set: their effects are complete after sync. */
struct gpupar__backend {
  const char *name; /* device name prefix: "emu", "cuda" */
  int kind;         /* gpupar_backend */
  int async;        /* copies and launches complete only at sync */
  /* Prepares `dev` for use (creates its stream); may be NULL. */
  int (*open)(gpupar__device *dev, gpupar__error *err);
  /* Allocates `bytes` (> 0) of device memory into `*ptr`. */
  int (*alloc)(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err);
  /* Frees memory from alloc (NULL is ignored); never fails. */
  void (*free)(gpupar__device *dev, void *ptr);
  /* Copies `bytes` from host `src` to device `dst`. */
  int (*copy_in)(gpupar__device *dev, void *dst, const void *src, size_t bytes, gpupar__error *err);
  /* Copies `bytes` from device `src` to host `dst`. */
  int (*copy_out)(gpupar__device *dev, void *dst, const void *src, size_t bytes,
                  gpupar__error *err);
  /* Runs a chunk of `loop`; sets launch->grid, block and stream first. */
  int (*launch)(gpupar__device *dev, const gpupar_loop *loop, gpupar_launch *launch,
                gpupar__error *err);
  /* Waits until all work issued on `dev` is complete. */
  int (*sync)(gpupar__device *dev, gpupar__error *err);
};

extern const gpupar__backend gpupar__backend_emu;
extern const gpupar__backend gpupar__backend_cuda;

/* CUDA devices as detected at the first call (thread-safe, done once). */
typedef struct gpupar__cuda_probe {
  int count;                   /* usable CUDA devices */
  gpupar_device_info info[64]; /* devices 0..count-1 */
  char reason[320];            /* why count == 0 */
} gpupar__cuda_probe;

/* Returns the CUDA probe result (owned by the library); detects devices on the first call. */
const gpupar__cuda_probe *gpupar__cuda_probe_get(void);

#endif
