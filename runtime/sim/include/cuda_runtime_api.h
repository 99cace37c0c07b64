/* The subset of the CUDA runtime API that gpupar uses, as the gpupar simulator provides it
 * (runtime/sim, docs/simulator.md). Names, signatures and numeric values follow CUDA 13's
 * cuda_runtime_api.h/driver_types.h so that runtime/backends/backend_cuda.c and the generated
 * launchers compile unchanged against it; structures carry only the fields gpupar reads. */
#ifndef GPUPAR_SIM_CUDA_RUNTIME_API_H
#define GPUPAR_SIM_CUDA_RUNTIME_API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GPUPAR_SIM_CUDA 1

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInsufficientDriver = 35,
  cudaErrorDevicesUnavailable = 46,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorECCUncorrectable = 214,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorPeerAccessAlreadyEnabled = 704,
  cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorAssert = 710,
  cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorHardwareStackError = 714,
  cudaErrorIllegalInstruction = 715,
  cudaErrorMisalignedAddress = 716,
  cudaErrorInvalidAddressSpace = 717,
  cudaErrorInvalidPc = 718,
  cudaErrorLaunchFailure = 719,
  cudaErrorUnknown = 999
} cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum cudaDeviceAttr { cudaDevAttrMultiProcessorCount = 16, cudaDevAttrClockRate = 13 };

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int multiProcessorCount;
  int major;
  int minor;
  int maxThreadsPerMultiProcessor;
};

const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);

cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);
cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer);
cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned flags);

cudaError_t cudaMalloc(void **ptr, size_t bytes);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned flags);
cudaError_t cudaMallocHost(void **ptr, size_t bytes);
cudaError_t cudaFreeHost(void *ptr);
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
cudaError_t cudaHostRegister(void *ptr, size_t bytes, unsigned flags);
cudaError_t cudaHostUnregister(void *ptr);

cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind,
                            cudaStream_t stream);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device, const void *src, int src_device,
                                size_t bytes, cudaStream_t stream);
cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes, cudaStream_t stream);

cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags);

cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

/* --- Simulator only (not CUDA) ------------------------------------------------------------ */

/* Kernel launches (GPUPAR_LAUNCH in gpupar/kernel.h): runs `body(args)` for every thread of
 * grid x block on `stream`, with `shmem` bytes of dynamic shared memory per block; `release(args)`
 * frees `args` after the kernel ran (or at once when the launch fails). Returns the launch error,
 * also kept as the calling thread's last error. */
cudaError_t gpupar_sim_launch(const unsigned grid[3], const unsigned block[3], size_t shmem,
                              cudaStream_t stream, void (*body)(void *), void *args,
                              void (*release)(void *));

/* Enqueues `fn(ctx)` on `stream` (NCCL simulator): it runs on the stream's worker in order with
 * the stream's other work; a non-zero return is a sticky error (cudaError_t) of the device. */
cudaError_t gpupar_sim_enqueue(cudaStream_t stream, int (*fn)(void *ctx), void *ctx,
                               void (*release)(void *ctx));
/* The number of streams of `device` created and not destroyed (the NULL stream aside), or -1. */
int gpupar_sim_live_streams(int device);
/* The device of `stream` (the current device for NULL), or -1 for an unknown stream. */
int gpupar_sim_stream_device(cudaStream_t stream);
/* The sticky error of `device` (cudaSuccess while it is not lost); no side effect. */
cudaError_t gpupar_sim_device_error(int device);
/* Whether [ptr, ptr + bytes) lies in one allocation of `device`. */
int gpupar_sim_is_device_range(int device, const void *ptr, size_t bytes);
/* Whether `item` (e.g. "nccl") is in GPUPAR_SIM_FAULT for `device` (-1: any). */
int gpupar_sim_fault(const char *item, int device);
/* Whether the `nth` (1-based, counted by the caller) event of kind `item` on `device` is a fault:
 * GPUPAR_SIM_FAULT has `item[@device][:n]` with n <= nth. */
int gpupar_sim_fault_nth(const char *item, int device, int nth);
/* Prints a strictness report ("gpupar-sim: ...") on stderr. */
void gpupar_sim_report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#ifdef __cplusplus
}
#endif

#endif
