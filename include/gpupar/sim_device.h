/* Device code on the gpupar CUDA simulator (docs/simulator.md): what nvcc provides to a .cu
 * file, for the host C++ compiler. gpupar/kernel.h includes it when GPUPAR_SIM is defined.
 * Each thread of a block is a fiber of the simulator; threadIdx and friends read the running
 * fiber's indices; __syncthreads and the warp intrinsics switch fibers (runtime/sim/kernel.cpp).
 * `__shared__` variables are thread_local: a block runs on one worker thread at a time. */
#ifndef GPUPAR_SIM_DEVICE_H
#define GPUPAR_SIM_DEVICE_H

#ifndef __cplusplus
#error "gpupar/sim_device.h is for C++ (the simulator's build of generated .cu files)"
#endif

#include <cuda_runtime.h>

#include <stddef.h>
#include <string.h>

#include <tuple>
#include <utility>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static thread_local
#define __align__(n) __attribute__((aligned(n)))

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
};

/* The running fiber's indices (owned by the simulator; valid inside a kernel). */
struct gpupar_sim_ids {
  uint3 thread, block; /* threadIdx, blockIdx */
  dim3 bdim, gdim;     /* blockDim, gridDim */
};
extern "C" {
extern thread_local const gpupar_sim_ids *gpupar_sim_cur;
void __syncthreads(void);
int gpupar_sim_in_kernel(void);
/* In a kernel: ends the launch as a trap does on a GPU (cudaErrorLaunchFailure, sticky for the
 * device), never returning. Elsewhere (a host entry point) returns. */
void gpupar_sim_fatal(void);
void *gpupar_sim_dynamic_shared(void);
/* Warp exchange: every lane of `mask` calls it; returns lane `src`'s `v` (own `v` when `src` is
 * outside the warp); `op` 0: read lane src, 1: ballot (returns the mask of non-zero v), 2: match
 * (returns the mask of the lanes whose v equals the caller's). */
unsigned long long gpupar_sim_warp_exchange(unsigned mask, unsigned long long v, int src, int op);
unsigned gpupar_sim_activemask(void);
void gpupar_sim_syncwarp(unsigned mask);
}

#define threadIdx (gpupar_sim_cur->thread)
#define blockIdx (gpupar_sim_cur->block)
#define blockDim (gpupar_sim_cur->bdim)
#define gridDim (gpupar_sim_cur->gdim)
#define warpSize 32

/* --- Atomics: host atomics on the same addresses (blocks of concurrent kernels run on several
 * worker threads). */
template <typename T> static inline T atomicCAS(T *p, T expected, T desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;
}
template <typename T, typename F> static inline T gpupar_sim_atomic_rmw(T *p, F f) {
  T old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
  while (!__atomic_compare_exchange_n(p, &old, f(old), false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
    ;
  return old;
}
static inline float atomicAdd(float *p, float v) {
  unsigned old = gpupar_sim_atomic_rmw((unsigned *)p, [v](unsigned bits) {
    float f;
    memcpy(&f, &bits, sizeof f);
    f += v;
    memcpy(&bits, &f, sizeof f);
    return bits;
  });
  float f;
  memcpy(&f, &old, sizeof f);
  return f;
}
static inline double atomicAdd(double *p, double v) {
  unsigned long long *w = (unsigned long long *)p;
  unsigned long long old = gpupar_sim_atomic_rmw(w, [v](unsigned long long bits) {
    double d;
    memcpy(&d, &bits, sizeof d);
    d += v;
    memcpy(&bits, &d, sizeof d);
    return bits;
  });
  double d;
  memcpy(&d, &old, sizeof d);
  return d;
}
template <typename T> static inline T atomicAdd(T *p, T v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
template <typename T> static inline T atomicAnd(T *p, T v) {
  return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST);
}
template <typename T> static inline T atomicOr(T *p, T v) {
  return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST);
}
template <typename T> static inline T atomicXor(T *p, T v) {
  return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST);
}
template <typename T> static inline T atomicMin(T *p, T v) {
  return gpupar_sim_atomic_rmw(p, [v](T o) { return v < o ? v : o; });
}
template <typename T> static inline T atomicMax(T *p, T v) {
  return gpupar_sim_atomic_rmw(p, [v](T o) { return v > o ? v : o; });
}
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* --- Warp intrinsics: warp-synchronous among the fibers of a warp. */
template <typename T> static inline unsigned long long gpupar_sim_bits(T v) {
  static_assert(sizeof(T) <= 8, "shuffles move at most 8 bytes");
  unsigned long long b = 0;
  memcpy(&b, &v, sizeof v);
  return b;
}
template <typename T> static inline T gpupar_sim_from_bits(unsigned long long b) {
  T v;
  memcpy(&v, &b, sizeof v);
  return v;
}
static inline unsigned gpupar_sim_lane(void) {
  return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32u;
}
template <typename T>
static inline T __shfl_sync(unsigned mask, T v, int src, int width = warpSize) {
  int lane = (int)gpupar_sim_lane();
  int base = lane - lane % width;
  return gpupar_sim_from_bits<T>(gpupar_sim_warp_exchange(
      mask, gpupar_sim_bits(v), base + ((src % width) + width) % width, 0));
}
template <typename T>
static inline T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = warpSize) {
  int lane = (int)gpupar_sim_lane();
  int src = lane + (int)delta;
  if (src / width != lane / width)
    src = lane;
  return gpupar_sim_from_bits<T>(gpupar_sim_warp_exchange(mask, gpupar_sim_bits(v), src, 0));
}
template <typename T>
static inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = warpSize) {
  int lane = (int)gpupar_sim_lane();
  int src = lane - (int)delta;
  if (src < 0 || src / width != lane / width)
    src = lane;
  return gpupar_sim_from_bits<T>(gpupar_sim_warp_exchange(mask, gpupar_sim_bits(v), src, 0));
}
template <typename T>
static inline T __shfl_xor_sync(unsigned mask, T v, int lanemask, int width = warpSize) {
  int lane = (int)gpupar_sim_lane();
  int src = lane ^ lanemask;
  if (src / width != lane / width)
    src = lane;
  return gpupar_sim_from_bits<T>(gpupar_sim_warp_exchange(mask, gpupar_sim_bits(v), src, 0));
}
static inline unsigned __ballot_sync(unsigned mask, int pred) {
  return (unsigned)gpupar_sim_warp_exchange(mask, pred != 0, 0, 1);
}
static inline int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
template <typename T> static inline unsigned __match_any_sync(unsigned mask, T v) {
  return (unsigned)gpupar_sim_warp_exchange(mask, gpupar_sim_bits(v), 0, 2);
}
static inline unsigned __activemask(void) { return gpupar_sim_activemask(); }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline void __syncwarp(unsigned mask = 0xffffffffu) { gpupar_sim_syncwarp(mask); }

/* --- Launches: GPUPAR_LAUNCH(kernel, grid, block, shmem, stream)(args...) copies the arguments
 * (converted to the kernel's parameter types, as a call would) and enqueues the kernel. */
template <typename... P> struct gpupar_sim_launcher {
  void (*kernel)(P...);
  dim3 grid, block;
  size_t shmem;
  cudaStream_t stream;
  void operator()(P... args) const {
    typedef std::tuple<void (*)(P...), std::decay_t<P>...> Pack;
    Pack *pack = new Pack(kernel, args...);
    unsigned g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    gpupar_sim_launch(
        g, b, shmem, stream,
        [](void *p) { std::apply([](auto fn, auto... a) { fn(a...); }, *(Pack *)p); }, pack,
        [](void *p) { delete (Pack *)p; });
  }
};
template <typename... P>
static inline gpupar_sim_launcher<P...> gpupar_sim_launch_of(void (*kernel)(P...), dim3 grid,
                                                             dim3 block, size_t shmem,
                                                             cudaStream_t stream) {
  return gpupar_sim_launcher<P...>{kernel, grid, block, shmem, stream};
}

#endif
