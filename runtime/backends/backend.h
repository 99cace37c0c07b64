/* Backends: a table of operations per kind of device. exec.c drives any backend through this
 * table; tests install fake backends (see gpupar__registry_install). */
#ifndef GPUPAR_RUNTIME_BACKEND_H
#define GPUPAR_RUNTIME_BACKEND_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "config.h"
#include "gpupar/gpupar.h"
#include "memory/pool.h"

/* An error with its message ("cudaMalloc: out of memory"). */
typedef struct gpupar__error {
  int status;   /* gpupar_status */
  int no_image; /* a launch found no kernel image for the device: the loop never runs there */
  int fatal;    /* an iteration reached a fatal path of the program: the call runs serially */
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
  int index;                          /* position in the registry */
  double weight;                      /* initial throughput estimate: SMs x clock (kHz); emu: 1 */
  int nstreams;                       /* streams in use, 1..GPUPAR__MAX_STREAMS */
  void *streams[GPUPAR__MAX_STREAMS]; /* backend state (cudaStream_t) */
  void *state;                        /* more backend state (CUDA timing events) */
  double slowdown;         /* emu: kernels take this many times as long (GPUPAR_EMU_SPEEDS) */
  double modeled_us;       /* emu: modeled device time since timing_begin */
  double h2d_bps, d2h_bps; /* host<->device bandwidth, bytes/s (measured; emu: modeled) */
  double latency_us;       /* launch latency (modeled) */
  /* Threads the device keeps resident at once (CUDA: multiprocessors x threads per
   * multiprocessor); 0 when the notion does not apply (emu). */
  long long resident_threads;
  int faults;              /* GPUPAR__FAULT_* injected on this device (GPUPAR_FAULT) */
  atomic_int lost;         /* the device failed for good: no later call uses it */
  atomic_int sticky;       /* a sticky error (CUDA 700, ...) the backend saw: lost at the next
                            * gpupar__dev_check_lost; copies on it are trusted no more */
  atomic_int chunks_done;  /* sub-chunks completed (GPUPAR_FAULT=lost@ fails after the first) */
  pthread_mutex_t lock;    /* held by the call that uses the device */
  gpupar__pool mem;        /* device memory pool */
} gpupar__device;

/* Operations of a backend. Each returns GPUPAR_OK or an error status with `*err` set. Copies,
 * launches and peer copies are issued on stream `s` (0..dev->nstreams-1) and may be asynchronous
 * when `async` is set: their effects are complete after sync. */
struct gpupar__backend {
  const char *name; /* device name prefix: "emu", "cuda" */
  int kind;         /* gpupar_backend */
  int async;        /* copies and launches complete only at sync */
  /* Prepares `dev` for use (creates dev->nstreams streams); may be NULL. */
  int (*open)(gpupar__device *dev, gpupar__error *err);
  /* Releases what open created; may be NULL. */
  void (*close)(gpupar__device *dev);
  /* Allocates `bytes` (> 0) of device memory into `*ptr`. */
  int (*alloc)(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err);
  /* Frees memory from alloc (NULL is ignored); never fails. */
  void (*free)(gpupar__device *dev, void *ptr);
  /* Allocates `bytes` of host memory for staging (pinned on CUDA); NULL: malloc is used. */
  int (*host_alloc)(size_t bytes, void **ptr, gpupar__error *err);
  /* Frees memory from host_alloc. */
  void (*host_free)(void *ptr);
  /* Registers (pins in place) the program's host range [ptr, ptr + bytes) for DMA by every
   * device of the backend (CUDA: cudaHostRegister, portable): copies from and to it are then
   * asynchronous. NULL when copies need no registration (emu). */
  int (*host_register)(void *ptr, size_t bytes, gpupar__error *err);
  /* Undoes host_register of the range starting at `ptr` (its copies have completed). */
  void (*host_unregister)(void *ptr);
  /* Copies `bytes` from host `src` to device `dst`. */
  int (*copy_in)(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                 gpupar__error *err);
  /* Copies `bytes` from device `src` to host `dst`. */
  int (*copy_out)(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                  gpupar__error *err);
  /* Copies `rows` rows of `width` bytes, `pitch` bytes apart on both sides, from device `src` to
   * host `dst`: what a chunk wrote of an array it writes in rows with gaps between them
   * (CUDA: one cudaMemcpy2DAsync). NULL when unsupported. */
  int (*copy_out_rows)(gpupar__device *dev, int s, void *dst, const void *src, size_t width,
                       size_t pitch, size_t rows, gpupar__error *err);
  /* Copies `bytes` from `src` on `src_dev` (after the work issued so far on its stream
   * `src_s`) to `dst` on `dev` (stream `s`); `src_dev` may be `dev`. NULL when unsupported. */
  int (*copy_peer)(gpupar__device *dev, int s, void *dst, gpupar__device *src_dev, int src_s,
                   const void *src, size_t bytes, gpupar__error *err);
  /* Makes the work issued later on stream `s` of `dev` wait for the work issued so far on
   * stream `src_s` of `src_dev` (CUDA: an event and cudaStreamWaitEvent). NULL when every
   * operation completes before it returns (emu). */
  int (*order)(gpupar__device *dev, int s, gpupar__device *src_dev, int src_s, gpupar__error *err);
  /* Returns the calling thread's current device of the backend (CUDA: cudaGetDevice) or -1,
   * and makes `ordinal` (from get_current, >= 0) current again: every gpupar call gives the
   * caller back its current device. NULL when the backend keeps no such state. */
  int (*get_current)(void);
  void (*set_current)(int ordinal);
  /* Returns whether `dev` can read memory of `peer` directly; NULL: no. */
  int (*can_peer)(gpupar__device *dev, gpupar__device *peer);
  /* Runs a chunk of `loop`; sets launch->grid, block and stream first. */
  int (*launch)(gpupar__device *dev, int s, const gpupar_loop *loop, gpupar_launch *launch,
                gpupar__error *err);
  /* Waits until all work issued on stream `s` of `dev` (every stream when s < 0) is complete. */
  int (*sync)(gpupar__device *dev, int s, gpupar__error *err);
  /* Records a marker after the work issued so far on stream `s` of `dev` into `*mark` (CUDA: an
   * event), so that a sub-chunk can be committed as soon as its copies are complete while later
   * ones still run. NULL when the backend is not `async`. */
  int (*mark)(gpupar__device *dev, int s, void **mark, gpupar__error *err);
  /* Waits until the work issued before `mark` is complete, then releases the marker (also when
   * the wait fails). */
  int (*wait_mark)(gpupar__device *dev, void *mark, gpupar__error *err);
  /* Returns whether `reduce` can combine elements of type (kind, size) with `op`
   * (gpupar_red_op); NULL: never. */
  int (*can_reduce)(int kind, size_t size, int op);
  /* Sets the `count` elements at `dst` on devs[root] to src[0] OP src[1] OP ... OP src[n-1]
   * (src[i] on devs[i], n >= 2, each device once), after the work issued so far on stream 0 of
   * every device; the sources are left unchanged. Complete after devs[root] syncs stream 0.
   * CUDA: ncclReduce. NULL when unsupported. */
  int (*reduce)(gpupar__device *const *devs, int n, int root, void *const *src, void *dst,
                long long count, int kind, size_t size, int op, gpupar__error *err);
  /* Marks the start of a call's work on `dev` (for the learned throughput); may be NULL. */
  void (*timing_begin)(gpupar__device *dev);
  /* After sync: sets `*us` to the device time since timing_begin; returns 0, or -1 when the
   * caller must use the host clock. May be NULL. */
  int (*timing_end)(gpupar__device *dev, double *us);
};

extern const gpupar__backend gpupar__backend_emu;
extern const gpupar__backend gpupar__backend_cuda;

/* CUDA devices as detected at the first call (thread-safe, done once). */
typedef struct gpupar__cuda_probe {
  int count;                   /* usable CUDA devices */
  gpupar_device_info info[64]; /* devices 0..count-1 */
  int clock_khz[64];           /* cudaDevAttrClockRate */
  int resident_threads[64];    /* multiprocessors x maxThreadsPerMultiProcessor */
  char reason[320];            /* why count == 0 */
} gpupar__cuda_probe;

/* Returns the CUDA probe result (owned by the library); detects devices on the first call. */
const gpupar__cuda_probe *gpupar__cuda_probe_get(void);

/* Measures the host<->device bandwidth of `dev` with a timed pinned copy (bytes/s). Returns 0,
 * or -1 when it cannot be measured. */
int gpupar__cuda_bandwidth(gpupar__device *dev, double *h2d, double *d2h);

#endif
