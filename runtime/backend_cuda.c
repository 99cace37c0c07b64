/* The CUDA backend: one stream per device, asynchronous copies and launches, every CUDA call
 * checked. Compiled only when the CUDA toolkit is found (GPUPAR_HAVE_CUDA). */
#include <pthread.h>
#include <stdio.h>

#include <cuda_runtime_api.h>

#include "backend.h"
#include "log.h"

#define GPUPAR__CUDA_BLOCK 256u
#define GPUPAR__CUDA_BLOCKS_PER_SM 32ull

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static gpupar__cuda_probe probe;

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
  }
}

const gpupar__cuda_probe *gpupar__cuda_probe_get(void) {
  pthread_once(&probe_once, probe_devices);
  return &probe;
}

/* Makes `dev` current; returns GPUPAR_OK or the error. */
static int use(gpupar__device *dev, gpupar__error *err) {
  cudaError_t e = cudaSetDevice(dev->info.ordinal);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaSetDevice(%d): %s", dev->info.ordinal,
                        cudaGetErrorString(e));
  return GPUPAR_OK;
}

static int cuda_open(gpupar__device *dev, gpupar__error *err) {
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaStream_t stream;
  cudaError_t e = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaStreamCreate: %s", cudaGetErrorString(e));
  dev->stream = stream;
  return GPUPAR_OK;
}

static int cuda_alloc(gpupar__device *dev, size_t bytes, void **ptr, gpupar__error *err) {
  *ptr = NULL;
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e = cudaMalloc(ptr, bytes);
  if (e != cudaSuccess) {
    *ptr = NULL;
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

static int copy(gpupar__device *dev, void *dst, const void *src, size_t bytes,
                enum cudaMemcpyKind kind, gpupar__error *err) {
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e = cudaMemcpyAsync(dst, src, bytes, kind, (cudaStream_t)dev->stream);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaMemcpyAsync(%s, %zu bytes): %s",
                        kind == cudaMemcpyHostToDevice ? "host to device" : "device to host", bytes,
                        cudaGetErrorString(e));
  return GPUPAR_OK;
}

static int cuda_copy_in(gpupar__device *dev, void *dst, const void *src, size_t bytes,
                        gpupar__error *err) {
  return copy(dev, dst, src, bytes, cudaMemcpyHostToDevice, err);
}

static int cuda_copy_out(gpupar__device *dev, void *dst, const void *src, size_t bytes,
                         gpupar__error *err) {
  return copy(dev, dst, src, bytes, cudaMemcpyDeviceToHost, err);
}

static int cuda_launch(gpupar__device *dev, const gpupar_loop *loop, gpupar_launch *launch,
                       gpupar__error *err) {
  if (!loop->run_cuda)
    return gpupar__fail(err, GPUPAR_EINVAL, "the loop has no CUDA kernel (compiled without nvcc)");
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  unsigned long long n = launch->end - launch->begin;
  unsigned long long blocks = (n + GPUPAR__CUDA_BLOCK - 1) / GPUPAR__CUDA_BLOCK;
  unsigned long long most = GPUPAR__CUDA_BLOCKS_PER_SM *
                            (unsigned long long)(dev->info.sm_count > 0 ? dev->info.sm_count : 1);
  launch->block = GPUPAR__CUDA_BLOCK;
  launch->grid = (unsigned)(blocks < most ? (blocks > 0 ? blocks : 1) : most);
  launch->stream = dev->stream;
  int rc = loop->run_cuda(launch);
  if (rc != 0)
    return gpupar__fail(err, GPUPAR_EDEVICE, "kernel launch: %s",
                        cudaGetErrorString((cudaError_t)rc));
  return GPUPAR_OK;
}

static int cuda_sync(gpupar__device *dev, gpupar__error *err) {
  if (use(dev, err) != GPUPAR_OK)
    return err->status;
  cudaError_t e = cudaStreamSynchronize((cudaStream_t)dev->stream);
  if (e != cudaSuccess)
    return gpupar__fail(err, GPUPAR_EDEVICE, "cudaStreamSynchronize: %s", cudaGetErrorString(e));
  return GPUPAR_OK;
}

const gpupar__backend gpupar__backend_cuda = {
    .name = "cuda",
    .kind = GPUPAR_BACKEND_CUDA,
    .async = 1,
    .open = cuda_open,
    .alloc = cuda_alloc,
    .free = cuda_free,
    .copy_in = cuda_copy_in,
    .copy_out = cuda_copy_out,
    .launch = cuda_launch,
    .sync = cuda_sync,
};
