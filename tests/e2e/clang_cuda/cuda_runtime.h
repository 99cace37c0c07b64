/* The part of the CUDA runtime interface that generated .cu files use, for clang's CUDA mode with
 * -nocudainc (clang 19 cannot read CUDA 13's headers): enough to compile them for the device and
 * the host, not to link them. Used by clang_cuda.sh. */
#pragma once
#include <stddef.h>
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __align__(n) __attribute__((aligned(n)))
#include <__clang_cuda_builtin_vars.h>
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
/* Device-side assert, as clang's CUDA wrapper header provides it (glibc's assert calls it). */
extern "C" {
__device__ void __assertfail(const char *message, const char *file, unsigned line,
                             const char *function, size_t char_size);
__device__ static inline void __assert_fail(const char *message, const char *file, unsigned line,
                                            const char *function) {
  __assertfail(message, file, line, function, sizeof(char));
}
}
typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
extern "C" cudaError_t cudaGetLastError(void);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                void *stream = 0);
#define GPUPAR_ATOMICS(T)                                                                          \
  static __device__ inline T atomicCAS(T *p, T expected, T desired) {                              \
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);  \
    return expected;                                                                               \
  }                                                                                                \
  static __device__ inline T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); } \
  static __device__ inline T atomicMin(T *p, T v) { return __atomic_fetch_min(p, v, __ATOMIC_RELAXED); } \
  static __device__ inline T atomicMax(T *p, T v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); } \
  static __device__ inline T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); } \
  static __device__ inline T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }   \
  static __device__ inline T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); }
GPUPAR_ATOMICS(int)
GPUPAR_ATOMICS(unsigned)
GPUPAR_ATOMICS(unsigned long long)
GPUPAR_ATOMICS(long long)
static __device__ inline float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ inline double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }
/* Kernel launches (<<<>>>): clang without a CUDA installation assumes the pre-9.2 interface. */
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                         cudaStream_t stream = 0);
/* Device versions of the library functions the test programs' loops call. */
__device__ void __syncthreads(void);
static __device__ inline void *memcpy(void *d, const void *s, size_t n) {
  return __builtin_memcpy(d, s, n);
}
static __device__ inline double fmin(double a, double b) { return __builtin_fmin(a, b); }
static __device__ inline double fmax(double a, double b) { return __builtin_fmax(a, b); }
static __device__ inline double fabs(double a) { return __builtin_fabs(a); }
/* Warp shuffles (kernel.h's block reductions) on clang's NVVM builtins, as CUDA's headers do:
 * the 64-bit form shuffles two 32-bit halves. */
static __device__ inline unsigned __shfl_down_sync(unsigned mask, unsigned v, unsigned delta) {
  return (unsigned)__nvvm_shfl_sync_down_i32(mask, (int)v, (int)delta, 0x1f);
}
static __device__ inline unsigned long long __shfl_down_sync(unsigned mask, unsigned long long v,
                                                             unsigned delta) {
  unsigned lo = __shfl_down_sync(mask, (unsigned)v, delta);
  unsigned hi = __shfl_down_sync(mask, (unsigned)(v >> 32), delta);
  return ((unsigned long long)hi << 32) | lo;
}
