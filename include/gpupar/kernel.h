/* Support for the .cu files the gpupar plugin generates. The generated file compiles with nvcc
 * (kernels and launchers) and as plain C++ without CUDA (host entry points only, for the emu
 * backend). */
#ifndef GPUPAR_KERNEL_H
#define GPUPAR_KERNEL_H

#include <math.h>
#include <stddef.h>

#include "gpupar/loop.h"
#include "gpupar/version.h"

#ifdef __CUDACC__
#include <cuda_runtime.h>
#define GPUPAR_CUDA_FN(fn) (fn)
#else
#define __host__
#define __device__
#define GPUPAR_CUDA_FN(fn) 0
#endif

/* The value of the loop variable at normalised iteration k, modulo 2^64 (cast to its type). */
#define GPUPAR_INDEX(lo, step, k)                                                                  \
  ((unsigned long long)(lo) + (unsigned long long)(k) * (unsigned long long)(step))

#ifdef __CUDACC__
/* Grid-stride loop over the chunk's iterations [begin, end). */
#define GPUPAR_FOR_THREADS(k, begin, end)                                                          \
  for (unsigned long long k = (begin) + (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; \
       k < (end); k += (unsigned long long)gridDim.x * blockDim.x)
#endif

#ifdef __cplusplus
#include <type_traits>

/* --- Reductions (see loop.h, gpupar_launch.partials) ---------------------------------------
 * Operators as types: gpupar_red_add<T>::id() is the identity, ::f(a, b) combines; the runtime
 * uses the same identities and operators (runtime/reduce.c). */
template <typename T> struct gpupar_lim {
  static __host__ __device__ inline T hi() {
    return std::is_signed<T>::value ? (T)(~0ull >> (65 - 8 * sizeof(T))) : (T)~0ull;
  }
  static __host__ __device__ inline T lo() {
    return std::is_signed<T>::value ? (T)(-(long long)hi() - 1) : (T)0;
  }
};
template <> struct gpupar_lim<float> {
  static __host__ __device__ inline float hi() { return __builtin_huge_valf(); }
  static __host__ __device__ inline float lo() { return -__builtin_huge_valf(); }
};
template <> struct gpupar_lim<double> {
  static __host__ __device__ inline double hi() { return __builtin_huge_val(); }
  static __host__ __device__ inline double lo() { return -__builtin_huge_val(); }
};
template <> struct gpupar_lim<long double> {
  static __host__ __device__ inline long double hi() { return __builtin_huge_vall(); }
  static __host__ __device__ inline long double lo() { return -__builtin_huge_vall(); }
};

#define GPUPAR_RED_OPERATOR(name, identity, combine)                                               \
  template <typename T> struct name {                                                              \
    static __host__ __device__ inline T id() { return identity; }                                  \
    static __host__ __device__ inline T f(T a, T b) { return combine; }                            \
  };
GPUPAR_RED_OPERATOR(gpupar_red_add, (T)0, (T)(a + b))
GPUPAR_RED_OPERATOR(gpupar_red_mul, (T)1, (T)(a *b))
GPUPAR_RED_OPERATOR(gpupar_red_min, gpupar_lim<T>::hi(), b < a ? b : a)
GPUPAR_RED_OPERATOR(gpupar_red_max, gpupar_lim<T>::lo(), b > a ? b : a)
GPUPAR_RED_OPERATOR(gpupar_red_band, (T)~0ull, (T)(a &b))
GPUPAR_RED_OPERATOR(gpupar_red_bor, (T)0, (T)(a | b))
GPUPAR_RED_OPERATOR(gpupar_red_bxor, (T)0, (T)(a ^ b))
GPUPAR_RED_OPERATOR(gpupar_red_land, (T)1, (T)(a &&b))
GPUPAR_RED_OPERATOR(gpupar_red_lor, (T)0, (T)(a || b))
#undef GPUPAR_RED_OPERATOR

/* Host entry points: stores a chunk's result `v` in slot 0 and the identity in the other
 * slots. */
template <typename Op, typename T>
static inline void gpupar_store_partial(T *slots, unsigned nslots, T v) {
  for (unsigned s = 0; s < nslots; ++s)
    slots[s] = s ? Op::id() : v;
}

#ifdef __CUDACC__
/* Kernels: combines every thread's `v` in a fixed tree order (shared memory); thread 0 stores the
 * block's result in slots[blockIdx.x]; the last block fills the slots no block uses with the
 * identity. Every thread of the block must call it. */
template <typename Op, typename T>
static __device__ inline void gpupar_block_reduce(T v, T *slots, unsigned nslots) {
  __shared__ T buf[1024];
  unsigned t = threadIdx.x;
  buf[t] = v;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s <<= 1) {
    if (t % (2 * s) == 0 && t + s < blockDim.x)
      buf[t] = Op::f(buf[t], buf[t + s]);
    __syncthreads();
  }
  if (t == 0)
    slots[blockIdx.x] = buf[0];
  if (blockIdx.x == gridDim.x - 1)
    for (unsigned s = gridDim.x + t; s < nslots; s += blockDim.x)
      slots[s] = Op::id();
  __syncthreads(); /* buf is reused by the next reduction of the same type */
}
#endif
#endif /* __cplusplus */

#endif
