/* The CUDA backend: dev->nstreams non-blocking streams per device, asynchronous copies and
 * launches, pinned host staging buffers, peer copies, event timing; every CUDA call checked.
 * A sticky error (cuda_errors.h) marks the device for loss; a launch that finds no kernel image
 * for the device says so (the loop is not tried there again); ncclReduce is waited for with a
 * timeout. Compiled only when the CUDA toolkit is found (GPUPAR_HAVE_CUDA). */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "backends/backend.h"
#include "backends/cuda_errors.h"
#include "gather/nccl_dl.h"
#include "log.h"

#define GPUPAR__CUDA_BLOCK 256u
#define GPUPAR__CUDA_BLOCKS_PER_SM 32ull

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static gpupar__cuda_probe probe;

/* Returns `e` after recording a sticky error on `dev` (NULL: none): the device is then lost at
 * the next gpupar__dev_check_lost, and its copies are trusted no more. */
static cudaError_t note(gpupar__device *dev, cudaError_t e) {
  int none = 0;
  if (e != cudaSuccess && dev && gpupar__cuda_sticky((int)e) &&
      atomic_compare_exchange_strong(&dev->sticky, &none, (int)e))
    GPUPAR__DEBUG("%s: sticky CUDA error %d (%s)", dev->info.name, (int)e, cudaGetErrorString(e));
  return e;
}

static int cuda_get_current(void) {
  int ordinal = -1;
  if (cudaGetDevice(&ordinal) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return ordinal;
}

static void cuda_set_current(int ordinal) {
  if (ordinal >= 0 && cudaSetDevice(ordinal) != cudaSuccess)
    cudaGetLastError();
}

static void probe_devices(void) {
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    const char *what = e == cudaErrorInsufficientDriver ? "no CUDA driver"
                       : e == cudaErrorNoDevice         ? "no CUDA device"
                                                        : "CUDA cannot be initialised";
    snprintf(probe.reason, sizeof probe.reason, "%s (cudaGetDeviceCount: %s)", what,
             cudaGetErrorString(e));
    return;
  }
  if (n == 0) {
    snprintf(probe.reason, sizeof probe.reason, "no CUDA device (cudaGetDeviceCount: 0)");
    return;
  }
  int current = cuda_get_current(); /* the caller's, given back below */
  for (int i = 0; i < n && probe.count < 64; i++) {
    struct cudaDeviceProp prop;
    size_t free_mem = 0, total_mem = 0;
    if ((e = cudaGetDeviceProperties(&prop, i)) != cudaSuccess ||
        (e = cudaSetDevice(i)) != cudaSuccess ||
        (e = cudaMemGetInfo(&free_mem, &total_mem)) != cudaSuccess) {
      snprintf(probe.reason, sizeof probe.reason, "CUDA device %d is not usable (%s)", i,
               cudaGetErrorString(e));
      GPUPAR__WARN("cuda:%d: device skipped: %s", i, cudaGetErrorString(e));
      continue;
    }
    gpupar_device_info *info = &probe.info[probe.count++];
    snprintf(info->name, sizeof info->name, "cuda:%d", i);
    snprintf(info->model, sizeof info->model, "%.*s", (int)sizeof info->model - 1, prop.name);
    info->backend = GPUPAR_BACKEND_CUDA;
    info->ordinal = i;
    info->total_mem = prop.totalGlobalMem;
    info->free_mem = free_mem;
    info->sm_count = prop.multiProcessorCount;
    info->cc_major = prop.major;
    info->cc_minor = prop.minor;
    int clock = 0;
    if (cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, i) != cudaSuccess || clock <= 0)
      clock = 1000000; /* 1 GHz when the attribute is missing */
    probe.clock_khz[probe.count - 1] = clock;
    probe.resident_threads[probe.count - 1] =
        prop.multiProcessorCount *
        (prop.maxThreadsPerMultiProcessor > 0 ? prop.maxThreadsPerMultiProcessor : 2048);
  }
  cuda_set_current(current);
}

const gpupar__cuda_probe *gpupar__cuda_probe_get(void) {
  pthread_once(&probe_once, probe_devices);
  return &probe;
}

/* Makes `dev` current; returns GPUPAR_OK or the error. */
static int use(gpupar__device *dev, gpupar__error *err) {
  cudaError_t e = note(dev, cudaSetDevice(dev->info.ordinal));
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaSetDevice(%d): %s", dev->info.ordinal,
                        cudaGetErrorString(e));
  return GPUPAR_OK;
}

/* Timing events of a device: one start event (on stream 0) and one end event per stream. */
typedef struct timing {
  cudaEvent_t start, end[GPUPAR__MAX_STREAMS];
  int started;
} timing;

static cudaStream_t stream_of(gpupar__device *dev, int s) {
  return (cudaStream_t)dev->streams[s >= 0 && s < dev->nstreams ? s : 0];
}

/* Releases what cuda_open made, also when it failed half-way. */
static void cuda_close(gpupar__device *dev) {
  gpupar__error err;
  if (use(dev, &err) != GPUPAR_OK)
    return;
  for (int s = 0; s < dev->nstreams; s++)
    if (dev->streams[s]) {
      cudaStreamDestroy((cudaStream_t)dev->streams[s]);
      dev->streams[s] = NULL;
    }
  timing *t = dev->state;
  if (t) {
    if (t->start)
      cudaEventDestroy(t->start);
    for (int s = 0; s < dev->nstreams; s++)
      if (t->end[s])
        cudaEventDestroy(t->end[s]);
    free(t);
  }
  dev->state = NULL;
}

/* Creates the device's streams and timing events; on failure, what it made is left for
 * cuda_close (the handles of what was not made are NULL). */
static int cuda_open(gpupar__device *dev, gpupar__error *err) {
  for (int s = 0; s < dev->nstreams; s++)
    dev->streams[s] = NULL;
  dev->state = NULL;
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e = cudaSuccess;
  for (int s = 0; s < dev->nstreams && e == cudaSuccess; s++) {
    cudaStream_t stream = NULL;
    if ((e = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)) == cudaSuccess)
      dev->streams[s] = stream;
  }
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaStreamCreate: %s", cudaGetErrorString(e));
  timing *t = calloc(1, sizeof *t);
  if (!t)
    return gpupar__fail(err, GPUPAR_ENOMEM, "out of host memory");
  dev->state = t;
  cudaEvent_t ev = NULL;
  if ((e = cudaEventCreate(&ev)) == cudaSuccess)
    t->start = ev;
  for (int s = 0; s < dev->nstreams && e == cudaSuccess; s++)
    if ((e = cudaEventCreate(&ev)) == cudaSuccess)
      t->end[s] = ev;
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaEventCreate: %s", cudaGetErrorString(e));
  /* Peer access to every other device that allows it (broadcast of read-only inputs). */
  int n = 0;
  if (cudaGetDeviceCount(&n) == cudaSuccess)
    for (int j = 0; j < n; j++) {
      int ok = 0;
      if (j != dev->info.ordinal &&
          cudaDeviceCanAccessPeer(&ok, dev->info.ordinal, j) == cudaSuccess && ok) {
        e = cudaDeviceEnablePeerAccess(j, 0);
        if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled)
          GPUPAR__DEBUG("%s: cudaDeviceEnablePeerAccess(%d): %s", dev->info.name, j,
                        cudaGetErrorString(e));
        cudaGetLastError(); /* clear a non-sticky error */
      }
    }
  return GPUPAR_OK;
}

static int cuda_alloc(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err) {
  *ptr = NULL;
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e = note(dev, cudaMalloc(ptr, bytes));
  if (e != cudaSuccess) {
    *ptr = NULL;
    cudaGetLastError();
    return gpupar__fail(err, e == cudaErrorMemoryAllocation ? GPUPAR_ENOMEM : GPUPAR_EDEVICE,
                        "cudaMalloc(%zu bytes): %s", bytes, cudaGetErrorString(e));
  }
  return GPUPAR_OK;
}

static void cuda_free(gpupar__device *dev, void *ptr) {
  gpupar__error err;
  if (!ptr || use(dev, &err) != GPUPAR_OK)
    return;
  cudaError_t e = cudaFree(ptr);
  if (e != cudaSuccess)
    GPUPAR__DEBUG("%s: cudaFree: %s", dev->info.name, cudaGetErrorString(e));
}

static int cuda_host_alloc(size_t bytes, void **ptr, gpupar__error *err) {
  cudaError_t e = cudaHostAlloc(ptr, bytes, cudaHostAllocPortable);
  if (e != cudaSuccess) {
    *ptr = NULL;
    cudaGetLastError();
    return gpupar__fail(err, GPUPAR_ENOMEM, "cudaHostAlloc(%zu bytes): %s", bytes,
                        cudaGetErrorString(e));
  }
  return GPUPAR_OK;
}

static void cuda_host_free(void *ptr) {
  cudaError_t e = cudaFreeHost(ptr);
  if (e != cudaSuccess)
    GPUPAR__DEBUG("cudaFreeHost: %s", cudaGetErrorString(e));
}

static int cuda_host_register(void *ptr, size_t bytes, gpupar__error *err) {
  cudaError_t e = cudaHostRegister(ptr, bytes, cudaHostRegisterPortable);
  if (e != cudaSuccess) {
    cudaGetLastError(); /* not sticky: the range stays pageable */
    return gpupar__fail(err, GPUPAR_ENOMEM, "cudaHostRegister(%zu bytes): %s", bytes,
                        cudaGetErrorString(e));
  }
  return GPUPAR_OK;
}

static void cuda_host_unregister(void *ptr) {
  cudaError_t e = cudaHostUnregister(ptr);
  if (e != cudaSuccess) {
    cudaGetLastError();
    GPUPAR__DEBUG("cudaHostUnregister: %s", cudaGetErrorString(e));
  }
}

static int copy(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                enum cudaMemcpyKind kind, gpupar__error *err) {
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e = note(dev, cudaMemcpyAsync(dst, src, bytes, kind, stream_of(dev, s)));
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaMemcpyAsync(%s, %zu bytes): %s",
                        kind == cudaMemcpyHostToDevice ? "host to device" : "device to host", bytes,
                        cudaGetErrorString(e));
  return GPUPAR_OK;
}

static int cuda_copy_in(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                        gpupar__error *err) {
  return copy(dev, s, dst, src, bytes, cudaMemcpyHostToDevice, err);
}

static int cuda_copy_out(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                         gpupar__error *err) {
  return copy(dev, s, dst, src, bytes, cudaMemcpyDeviceToHost, err);
}

static int cuda_copy_out_rows(gpupar__device *dev, int s, void *dst, const void *src, size_t width,
                              size_t pitch, size_t rows, gpupar__error *err) {
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e = note(dev, cudaMemcpy2DAsync(dst, pitch, src, pitch, width, rows,
                                              cudaMemcpyDeviceToHost, stream_of(dev, s)));
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE,
                        "cudaMemcpy2DAsync(device to host, %zu rows of %zu bytes): %s", rows, width,
                        cudaGetErrorString(e));
  return GPUPAR_OK;
}

/* Makes stream `s` of `dev` wait for the work issued so far on stream `src_s` of `src_dev`: an
 * event recorded there and cudaStreamWaitEvent (the event may be destroyed at once: the wait
 * keeps what it needs). */
static int cuda_order(gpupar__device *dev, int s, gpupar__device *src_dev, int src_s,
                      gpupar__error *err) {
  if (use(src_dev, err) != GPUPAR_OK)
    return err->status;
  cudaEvent_t ready;
  cudaError_t e = cudaEventCreateWithFlags(&ready, cudaEventDisableTiming);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaEventCreate: %s", cudaGetErrorString(e));
  e = note(src_dev, cudaEventRecord(ready, stream_of(src_dev, src_s)));
  if (e == cudaSuccess && use(dev, err) != GPUPAR_OK) {
    cudaEventDestroy(ready);
    return err->status;
  }
  if (e == cudaSuccess)
    e = note(dev, cudaStreamWaitEvent(stream_of(dev, s), ready, 0));
  cudaEventDestroy(ready);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "ordering %s stream %d after %s stream %d: %s",
                        dev->info.name, s, src_dev->info.name, src_s, cudaGetErrorString(e));
  return GPUPAR_OK;
}

/* Orders stream `s` of `dev` after the work issued so far on stream `src_s` of `src_dev`, then
 * copies device to device (cudaMemcpyPeerAsync; a plain device-to-device copy on one device). */
static int cuda_copy_peer(gpupar__device *dev, int s, void *dst, gpupar__device *src_dev, int src_s,
                          const void *src, size_t bytes, gpupar__error *err) {
  if ((src_dev != dev || src_s != s) && cuda_order(dev, s, src_dev, src_s, err) != GPUPAR_OK)
    return err->status;
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e;
  if (src_dev == dev)
    e = note(dev, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream_of(dev, s)));
  else
    e = note(dev, cudaMemcpyPeerAsync(dst, dev->info.ordinal, src, src_dev->info.ordinal, bytes,
                                      stream_of(dev, s)));
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaMemcpyPeerAsync(%s <- %s, %zu bytes): %s",
                        dev->info.name, src_dev->info.name, bytes, cudaGetErrorString(e));
  return GPUPAR_OK;
}

static int cuda_can_peer(gpupar__device *dev, gpupar__device *peer) {
  int ok = 0;
  if (dev == peer)
    return 1;
  if (cudaDeviceCanAccessPeer(&ok, dev->info.ordinal, peer->info.ordinal) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return ok;
}

static int cuda_launch(gpupar__device *dev, int s, const gpupar_loop *loop, gpupar_launch *launch,
                       gpupar__error *err) {
  if (!loop->run_cuda)
    return gpupar__fail(err, GPUPAR_EINVAL, "the loop has no CUDA kernel (compiled without nvcc)");
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  unsigned long long n = launch->end - launch->begin; /* threads: collapsed loops multiply */
  for (int c = 0; c < launch->ncollapsed; c++) {
    unsigned long long t = (unsigned long long)launch->collapsed_trips[c];
    n = t && n > ULLONG_MAX / t ? ULLONG_MAX : n * t;
  }
  unsigned long long blocks = (n + GPUPAR__CUDA_BLOCK - 1) / GPUPAR__CUDA_BLOCK;
  unsigned long long most = GPUPAR__CUDA_BLOCKS_PER_SM *
                            (unsigned long long)(dev->info.sm_count > 0 ? dev->info.sm_count : 1);
  launch->block = GPUPAR__CUDA_BLOCK;
  launch->grid = (unsigned)(blocks < most ? (blocks > 0 ? blocks : 1) : most);
  launch->stream = stream_of(dev, s);
  /* The launcher reports errors through cudaGetLastError: clear one left by an earlier call (of
   * the program or of this library, maybe on another device), or the launch would report it as
   * its own. It is not this device's: a sticky error of this device fails the launch itself. */
  cudaError_t stale = cudaGetLastError();
  if (stale != cudaSuccess)
    GPUPAR__DEBUG("%s: an earlier CUDA error cleared before a launch: %s", dev->info.name,
                  cudaGetErrorString(stale));
  cudaError_t rc = note(dev, (cudaError_t)loop->run_cuda(launch));
  if (rc != cudaSuccess) {
    gpupar__fail(err, GPUPAR_EDEVICE, "kernel launch: %s", cudaGetErrorString(rc));
    err->no_image = rc == (cudaError_t)GPUPAR__CUDA_NO_KERNEL_IMAGE;
    return err->status;
  }
  return GPUPAR_OK;
}

/* Seconds an ncclReduce may take before its communicators are aborted. */
#define GPUPAR__NCCL_TIMEOUT_S 60.0

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waits for the reduction issued on stream 0 of devs[0..n), polling: a rank that fails inside
 * NCCL leaves the others waiting for ever, which a stream synchronisation would too. An
 * asynchronous NCCL error, a failed stream or the timeout aborts the communicators. */
static int wait_reduce(gpupar__device *const *devs, int n, const int *ordinals,
                       gpupar__error *err) {
  char msg[200];
  for (double start = seconds();;) {
    int pending = 0;
    for (int i = 0; i < n; i++) {
      if (use(devs[i], err) != GPUPAR_OK) {
        gpupar__nccl_abort(ordinals, n, err->msg);
        return err->status;
      }
      cudaError_t e = note(devs[i], cudaStreamQuery(stream_of(devs[i], 0)));
      if (e == cudaErrorNotReady) {
        pending = 1;
      } else if (e != cudaSuccess) {
        gpupar__fail(err, GPUPAR_EDEVICE, "%s: ncclReduce: %s", devs[i]->info.name,
                     cudaGetErrorString(e));
        gpupar__nccl_abort(ordinals, n, err->msg);
        return err->status;
      }
    }
    if (!pending)
      return GPUPAR_OK;
    if (gpupar__nccl_check(ordinals, n, msg, sizeof msg) != 0)
      return gpupar__fail(err, GPUPAR_EDEVICE, "%s", msg);
    if (seconds() - start > GPUPAR__NCCL_TIMEOUT_S) {
      gpupar__fail(err, GPUPAR_EDEVICE, "ncclReduce did not finish in %.0f s",
                   GPUPAR__NCCL_TIMEOUT_S);
      gpupar__nccl_abort(ordinals, n, err->msg);
      return err->status;
    }
    struct timespec nap = {.tv_sec = 0, .tv_nsec = 20000};
    nanosleep(&nap, NULL);
  }
}

static int cuda_reduce(gpupar__device *const *devs, int n, int root, void *const *src, void *dst,
                       long long count, int kind, size_t size, int op, gpupar__error *err) {
  int ordinals[GPUPAR__MAX_DEVICES];
  void *streams[GPUPAR__MAX_DEVICES];
  if (n < 2 || n > GPUPAR__MAX_DEVICES || count < 0)
    return gpupar__fail(err, GPUPAR_EINVAL, "invalid device reduction");
  for (int i = 0; i < n; i++) {
    ordinals[i] = devs[i]->info.ordinal;
    streams[i] = devs[i]->streams[0];
  }
  char msg[200];
  if (gpupar__nccl_reduce(ordinals, n, root, src, dst, (size_t)count,
                          gpupar__nccl_datatype(kind, size), gpupar__nccl_redop(op), streams, msg,
                          sizeof msg) != 0)
    return gpupar__fail(err, GPUPAR_EDEVICE, "%s", msg);
  return wait_reduce(devs, n, ordinals, err);
}

static int cuda_sync(gpupar__device *dev, int s, gpupar__error *err) {
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  /* Every stream, even after one failed: the caller reuses the buffers of all of them. */
  cudaError_t first = cudaSuccess;
  for (int i = s < 0 ? 0 : s; i < (s < 0 ? dev->nstreams : s + 1); i++) {
    cudaError_t e = note(dev, cudaStreamSynchronize(stream_of(dev, i)));
    if (first == cudaSuccess)
      first = e;
  }
  if (first != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaStreamSynchronize: %s",
                        cudaGetErrorString(first));
  return GPUPAR_OK;
}

static int cuda_mark(gpupar__device *dev, int s, void **mark, gpupar__error *err) {
  *mark = NULL;
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaEvent_t ev;
  cudaError_t e = cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaEventCreate: %s", cudaGetErrorString(e));
  if ((e = note(dev, cudaEventRecord(ev, stream_of(dev, s)))) != cudaSuccess) {
    cudaEventDestroy(ev);
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaEventRecord: %s", cudaGetErrorString(e));
  }
  *mark = ev;
  return GPUPAR_OK;
}

static int cuda_wait_mark(gpupar__device *dev, void *mark, gpupar__error *err) {
  if (use(dev, err) != GPUPAR_OK) {
    cudaEventDestroy((cudaEvent_t)mark);
    return err->status;
  }
  cudaError_t e = note(dev, cudaEventSynchronize((cudaEvent_t)mark));
  cudaEventDestroy((cudaEvent_t)mark);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaEventSynchronize: %s", cudaGetErrorString(e));
  return GPUPAR_OK;
}

static void cuda_timing_begin(gpupar__device *dev) {
  timing *t = dev->state;
  gpupar__error err;
  if (!t || use(dev, &err) != GPUPAR_OK)
    return;
  t->started = cudaEventRecord(t->start, stream_of(dev, 0)) == cudaSuccess;
  /* Every stream starts after the start event. */
  for (int s = 1; s < dev->nstreams && t->started; s++)
    t->started = cudaStreamWaitEvent(stream_of(dev, s), t->start, 0) == cudaSuccess;
}

static int cuda_timing_end(gpupar__device *dev, double *us) {
  timing *t = dev->state;
  gpupar__error err;
  if (!t || !t->started || use(dev, &err) != GPUPAR_OK)
    return -1;
  t->started = 0;
  float best = 0;
  for (int s = 0; s < dev->nstreams; s++) {
    float ms = 0;
    if (note(dev, cudaEventRecord(t->end[s], stream_of(dev, s))) != cudaSuccess ||
        note(dev, cudaEventSynchronize(t->end[s])) != cudaSuccess ||
        cudaEventElapsedTime(&ms, t->start, t->end[s]) != cudaSuccess) {
      cudaGetLastError();
      return -1;
    }
    if (ms > best)
      best = ms;
  }
  *us = (double)best * 1e3;
  return 0;
}

int gpupar__cuda_bandwidth(gpupar__device *dev, double *h2d, double *d2h) {
  enum { BYTES = 32 << 20 };
  gpupar__error err;
  void *host = NULL, *devbuf = NULL;
  int rc = -1;
  if (use(dev, &err) != GPUPAR_OK || cuda_host_alloc(BYTES, &host, &err) != GPUPAR_OK)
    return -1;
  if (cuda_alloc(dev, BYTES, &devbuf, &err) == GPUPAR_OK) {
    cudaEvent_t a, b;
    float ms_in = 0, ms_out = 0;
    cudaStream_t st = stream_of(dev, 0);
    if (cudaEventCreate(&a) == cudaSuccess && cudaEventCreate(&b) == cudaSuccess) {
      /* A warm-up copy, then one timed copy each way. */
      if (cudaMemcpyAsync(devbuf, host, BYTES, cudaMemcpyHostToDevice, st) == cudaSuccess &&
          cudaEventRecord(a, st) == cudaSuccess &&
          cudaMemcpyAsync(devbuf, host, BYTES, cudaMemcpyHostToDevice, st) == cudaSuccess &&
          cudaEventRecord(b, st) == cudaSuccess && cudaEventSynchronize(b) == cudaSuccess &&
          cudaEventElapsedTime(&ms_in, a, b) == cudaSuccess &&
          cudaEventRecord(a, st) == cudaSuccess &&
          cudaMemcpyAsync(host, devbuf, BYTES, cudaMemcpyDeviceToHost, st) == cudaSuccess &&
          cudaEventRecord(b, st) == cudaSuccess && cudaEventSynchronize(b) == cudaSuccess &&
          cudaEventElapsedTime(&ms_out, a, b) == cudaSuccess && ms_in > 0 && ms_out > 0) {
        *h2d = BYTES / (ms_in / 1e3);
        *d2h = BYTES / (ms_out / 1e3);
        rc = 0;
      }
      cudaEventDestroy(a);
      cudaEventDestroy(b);
    }
    cudaGetLastError();
    cuda_free(dev, devbuf);
  }
  cuda_host_free(host);
  return rc;
}

const gpupar__backend gpupar__backend_cuda = {
    .name = "cuda",
    .kind = GPUPAR_BACKEND_CUDA,
    .async = 1,
    .open = cuda_open,
    .close = cuda_close,
    .alloc = cuda_alloc,
    .free = cuda_free,
    .host_alloc = cuda_host_alloc,
    .host_free = cuda_host_free,
    .host_register = cuda_host_register,
    .host_unregister = cuda_host_unregister,
    .copy_in = cuda_copy_in,
    .copy_out = cuda_copy_out,
    .copy_out_rows = cuda_copy_out_rows,
    .copy_peer = cuda_copy_peer,
    .order = cuda_order,
    .get_current = cuda_get_current,
    .set_current = cuda_set_current,
    .can_peer = cuda_can_peer,
    .launch = cuda_launch,
    .can_reduce = gpupar__nccl_can_reduce,
    .reduce = cuda_reduce,
    .sync = cuda_sync,
    .mark = cuda_mark,
    .wait_mark = cuda_wait_mark,
    .timing_begin = cuda_timing_begin,
    .timing_end = cuda_timing_end,
};
