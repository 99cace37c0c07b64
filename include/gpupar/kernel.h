/* Support for the .cu files the gpupar plugin generates. The generated file compiles with nvcc
 * (kernels and launchers), as C++ for the CUDA simulator (-DGPUPAR_SIM: kernels run as fibers,
 * docs/simulator.md), and as plain C++ without CUDA (host entry points only, for the emu
 * backend). GPUPAR_KERNELS says whether kernels and launchers are compiled. */
#ifndef GPUPAR_KERNEL_H
#define GPUPAR_KERNEL_H

#include <assert.h> /* before cuda_runtime.h: declares __assert_fail for device code */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "gpupar/loop.h"
#include "gpupar/version.h"

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define GPUPAR_KERNELS 1
#define GPUPAR_CUDA_FN(fn) (fn)
/* Launches `kernel` on `stream`: GPUPAR_LAUNCH(kernel, grid, block, shmem, stream)(args...). */
#define GPUPAR_LAUNCH(kernel, grid, block, shmem, stream) kernel<<<grid, block, shmem, stream>>>
/* Declares `name` as the block's dynamic shared memory (unsigned char[], 16-byte aligned). */
#define GPUPAR_DYNAMIC_SHARED(name) extern __shared__ __align__(16) unsigned char name[]
#elif defined(GPUPAR_SIM) && defined(__cplusplus)
#include "gpupar/sim_device.h"
#define GPUPAR_KERNELS 1
#define GPUPAR_CUDA_FN(fn) (fn)
#define GPUPAR_LAUNCH(kernel, grid, block, shmem, stream)                                          \
  gpupar_sim_launch_of(kernel, grid, block, shmem, stream)
#define GPUPAR_DYNAMIC_SHARED(name)                                                                \
  unsigned char *const name = (unsigned char *)gpupar_sim_dynamic_shared()
#else
#define __host__
#define __device__
#define GPUPAR_KERNELS 0
#define GPUPAR_CUDA_FN(fn) 0
#endif

/* A fatal path of the program reached in generated code (a report and exit(),
 * plugin/Analysis/FatalPaths.h): the chunk stops, and the runtime runs the loop serially, where
 * the path runs as written, so that the program prints and leaves as its serial build does. A
 * kernel traps (its launch fails, and the runtime moves the chunk on until the host runs it); a
 * host entry point returns to the runtime. */
#ifdef __cplusplus
extern "C" {
#endif
void gpupar_fatal_stop(void) __attribute__((noreturn));
#ifdef __cplusplus
}
#endif
#if defined(__CUDA_ARCH__)
#define GPUPAR_FATAL() __trap()
#elif defined(GPUPAR_SIM) && defined(__cplusplus)
#define GPUPAR_FATAL() (gpupar_sim_fatal(), gpupar_fatal_stop())
#else
#define GPUPAR_FATAL() gpupar_fatal_stop()
#endif

/* The value of the loop variable at normalised iteration k, modulo 2^64 (cast to its type). */
#define GPUPAR_INDEX(lo, step, k)                                                                  \
  ((unsigned long long)(lo) + (unsigned long long)(k) * (unsigned long long)(step))

/* A device's copies and fills in a loop body move the widest unit that both addresses and the
 * count allow, 8, 4 or 1 bytes: the analysis accepts whole elements only, so a row of doubles
 * moves as 8-byte words. may_alias: the words alias the user's elements of any type. */
typedef unsigned long long __attribute__((may_alias)) gpupar_word8;
typedef unsigned int __attribute__((may_alias)) gpupar_word4;

static __host__ __device__ inline size_t gpupar_copy_unit(const void *a, const void *b, size_t n) {
  size_t bits = (size_t)a | (size_t)b | n;
  return bits % 8 == 0 ? 8 : bits % 4 == 0 ? 4 : 1;
}

/* Copies n bytes from the first to the last: right for dst at or below src when they overlap. */
static __host__ __device__ inline void gpupar_copy_up(void *dst, const void *src, size_t n) {
  size_t unit = gpupar_copy_unit(dst, src, n);
  if (unit == 8)
    for (size_t k = 0; k < n / 8; k++)
      ((gpupar_word8 *)dst)[k] = ((const gpupar_word8 *)src)[k];
  else if (unit == 4)
    for (size_t k = 0; k < n / 4; k++)
      ((gpupar_word4 *)dst)[k] = ((const gpupar_word4 *)src)[k];
  else
    for (size_t k = 0; k < n; k++)
      ((unsigned char *)dst)[k] = ((const unsigned char *)src)[k];
}

/* Copies n bytes from the last to the first: right for dst above src when they overlap. */
static __host__ __device__ inline void gpupar_copy_down(void *dst, const void *src, size_t n) {
  size_t unit = gpupar_copy_unit(dst, src, n);
  if (unit == 8)
    for (size_t k = n / 8; k > 0; k--)
      ((gpupar_word8 *)dst)[k - 1] = ((const gpupar_word8 *)src)[k - 1];
  else if (unit == 4)
    for (size_t k = n / 4; k > 0; k--)
      ((gpupar_word4 *)dst)[k - 1] = ((const gpupar_word4 *)src)[k - 1];
  else
    for (size_t k = n; k > 0; k--)
      ((unsigned char *)dst)[k - 1] = ((const unsigned char *)src)[k - 1];
}

static __host__ __device__ inline void gpupar_fill(void *dst, unsigned char byte, size_t n) {
  size_t unit = gpupar_copy_unit(dst, dst, n);
  if (unit == 8)
    for (size_t k = 0; k < n / 8; k++)
      ((gpupar_word8 *)dst)[k] = 0x0101010101010101ull * byte;
  else if (unit == 4)
    for (size_t k = 0; k < n / 4; k++)
      ((gpupar_word4 *)dst)[k] = 0x01010101u * byte;
  else
    for (size_t k = 0; k < n; k++)
      ((unsigned char *)dst)[k] = byte;
}

/* memcpy, memmove and memset in a loop body (the .cu calls these): the C library's on a host;
 * on a device the copies above, as device code has no memmove and clang's CUDA headers declare
 * memset for the host only. */
static __host__ __device__ inline void *gpupar_memcpy(void *dst, const void *src, size_t n) {
#ifdef __CUDA_ARCH__
  gpupar_copy_up(dst, src, n);
  return dst;
#else
  return memcpy(dst, src, n);
#endif
}
static __host__ __device__ inline void *gpupar_memmove(void *dst, const void *src, size_t n) {
#ifdef __CUDA_ARCH__
  if ((const unsigned char *)dst <= (const unsigned char *)src)
    gpupar_copy_up(dst, src, n);
  else
    gpupar_copy_down(dst, src, n);
  return dst;
#else
  return memmove(dst, src, n);
#endif
}
static __host__ __device__ inline void *gpupar_memset(void *dst, int value, size_t n) {
#ifdef __CUDA_ARCH__
  gpupar_fill(dst, (unsigned char)value, n);
  return dst;
#else
  return memset(dst, value, n);
#endif
}

/* `collapse(n)`: splits flat thread index t of a chunk into (outer, j, k) with the innermost
 * index fastest, so neighbouring threads run neighbouring innermost iterations: t = (outer * n1
 * + j) * n2 + k (n2 = 1 for two loops). 32-bit division when the numbers allow it. */
static __host__ __device__ inline void gpupar_unflatten(unsigned long long t, unsigned long long n1,
                                                        unsigned long long n2,
                                                        unsigned long long ix[3]) {
  unsigned long long inner = n1 * n2;
  if (((t | inner) >> 32) == 0) {
    unsigned q = (unsigned)t / (unsigned)inner, r = (unsigned)t - q * (unsigned)inner;
    unsigned j = r / (unsigned)n2;
    ix[0] = q, ix[1] = j, ix[2] = r - j * (unsigned)n2;
  } else {
    unsigned long long q = t / inner, r = t - q * inner, j = r / n2;
    ix[0] = q, ix[1] = j, ix[2] = r - j * n2;
  }
}

/* Adds a step d, split by gpupar_unflatten, to a thread's nest index ix, carrying into the outer
 * indices: a grid-stride loop over a collapsed nest divides once per thread, not once per
 * iteration. Both ix and d have ix[1], d[1] < n1 and ix[2], d[2] < n2, so one carry each. */
static __host__ __device__ inline void gpupar_nest_step(unsigned long long ix[3],
                                                        const unsigned long long d[3],
                                                        unsigned long long n1,
                                                        unsigned long long n2) {
  unsigned long long k = ix[2] + d[2], carry = k >= n2;
  ix[2] = carry ? k - n2 : k;
  unsigned long long j = ix[1] + d[1] + carry;
  carry = j >= n1;
  ix[1] = carry ? j - n1 : j;
  ix[0] += d[0] + carry;
}

#if GPUPAR_KERNELS
/* Grid-stride loop over the chunk's iterations [begin, end). */
#define GPUPAR_FOR_THREADS(k, begin, end)                                                          \
  for (unsigned long long k = (begin) + (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; \
       k < (end); k += (unsigned long long)gridDim.x * blockDim.x)

/* The nest index of this thread's first iteration of GPUPAR_FOR_THREADS(t, 0, total) over a
 * collapsed nest, and the step between its iterations (for gpupar_nest_step). */
static __device__ inline void gpupar_nest_begin(unsigned long long n1, unsigned long long n2,
                                                unsigned long long ix[3], unsigned long long d[3]) {
  gpupar_unflatten((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x, n1, n2, ix);
  gpupar_unflatten((unsigned long long)gridDim.x * blockDim.x, n1, n2, d);
}
#endif

#ifdef __cplusplus
#include <type_traits>

/* A pointer-to-pointer array as the body sees it: `a[r]` is row r, so `a[r][c]` compiles
 * unchanged. In host memory (layout.pitch == 0) the rows are the program's own; on a device the
 * runtime packed the chunk's rows (loop.h, gpupar_rows_layout). */
template <typename T> struct gpupar_rows {
  void *base;
  gpupar_rows_layout layout;
  __host__ __device__ gpupar_rows(void *b, gpupar_rows_layout l) : base(b), layout(l) {}
  __host__ __device__ T *operator[](long long r) const {
    return layout.pitch ? (T *)base + (r * layout.pitch - layout.shift) : ((T *const *)base)[r];
  }
};

/* Row r of a gpupar_cols: element c at p[c * stride]. */
template <typename T> struct gpupar_col_row {
  T *p;
  long long stride;
  __host__ __device__ T &operator[](long long c) const { return p[c * stride]; }
};

/* A pointer-to-pointer array whose column moves with the loop variable (`w[k][j]` in a loop
 * over j): the runtime may pack it column by column (loop.h, gpupar_rows_layout.stride), so
 * `a[r]` is a row whose elements lie `stride` apart. */
template <typename T> struct gpupar_cols {
  void *base;
  gpupar_rows_layout layout;
  __host__ __device__ gpupar_cols(void *b, gpupar_rows_layout l) : base(b), layout(l) {}
  __host__ __device__ gpupar_col_row<T> operator[](long long r) const {
    if (!layout.pitch)
      return {((T *const *)base)[r], 1};
    return {(T *)base + (r * layout.pitch - layout.shift), layout.stride};
  }
};

/* A C99 variable-length array as the body sees it (`double A[n][m]`: gpupar_vla<double, 1>):
 * C++ has no type for a pointer to rows of run-time length, so the N inner dimensions travel
 * as values, outermost first, and `A[i]` is row i. `A[i][j]` compiles unchanged. */
template <typename T, int N> struct gpupar_vla {
  T *p;
  long long dims[N];
  __host__ __device__ gpupar_vla<T, N - 1> operator[](long long i) const {
    gpupar_vla<T, N - 1> row;
    long long units = 1; /* elements in one row */
    for (int d = 0; d < N; ++d)
      units *= dims[d];
    for (int d = 1; d < N; ++d)
      row.dims[d - 1] = dims[d];
    row.p = p + i * units;
    return row;
  }
};

template <typename T> struct gpupar_vla<T, 1> {
  T *p;
  long long dims[1];
  __host__ __device__ T *operator[](long long i) const { return p + i * dims[0]; }
};

/* --- Reductions (see loop.h, gpupar_launch.partials) ---------------------------------------
 * Operators as types: gpupar_red_add<T>::id() is the identity, ::f(a, b) combines; the runtime
 * uses the same identities and operators (runtime/gather/reduce.c): both come from
 * GPUPAR_RED_OP_MAP (loop.h). */
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

/* The operators of loop.h's GPUPAR_RED_OP_MAP, each identity spelled for the template's T. */
#define GPUPAR__RED_ID_ZERO (T)0
#define GPUPAR__RED_ID_NZERO (T)(-(T)0)
#define GPUPAR__RED_ID_ONE (T)1
#define GPUPAR__RED_ID_ONES (T) ~0ull
#define GPUPAR__RED_ID_HI gpupar_lim<T>::hi()
#define GPUPAR__RED_ID_LO gpupar_lim<T>::lo()
#define GPUPAR__RED_OPERATOR(NAME, name, Name, value, spelling, ident, combine, cls)               \
  template <typename T> struct gpupar_red_##name {                                                 \
    typedef T type;                                                                                \
    static __host__ __device__ inline T id() { return GPUPAR__RED_ID_##ident; }                    \
    static __host__ __device__ inline T f(T a, T b) { return (T)(combine); }                       \
  };
GPUPAR_RED_OP_MAP(GPUPAR__RED_OPERATOR)
#undef GPUPAR__RED_OPERATOR
#undef GPUPAR__RED_ID_ZERO
#undef GPUPAR__RED_ID_NZERO
#undef GPUPAR__RED_ID_ONE
#undef GPUPAR__RED_ID_ONES
#undef GPUPAR__RED_ID_HI
#undef GPUPAR__RED_ID_LO

/* Host entry points: stores a chunk's result `v` in slot 0 and the identity in the other
 * slots. */
template <typename Op, typename T>
static inline void gpupar_store_partial(T *slots, unsigned nslots, T v) {
  for (unsigned s = 0; s < nslots; ++s)
    slots[s] = s ? Op::id() : v;
}

#if GPUPAR_KERNELS
/* Kernels: the scalar reductions of a block share one scratch of one entry per warp (32
 * entries of the largest reduction type, 8 bytes: 256 bytes whatever the number of reductions),
 * reused reduction after reduction, so any number of reductions fits in shared memory. */
static __device__ inline unsigned long long *gpupar_red_scratch() {
  __shared__ unsigned long long gpupar_scratch[32];
  return gpupar_scratch;
}

/* Shuffles any 1-, 2-, 4- or 8-byte value as the bits of a 32- or 64-bit word. */
template <typename T, typename Shuffle>
static __device__ inline T gpupar_shfl_bits(T v, Shuffle shuffle) {
  static_assert(sizeof(T) <= 8, "reduction types are at most 8 bytes");
  typedef typename std::conditional<sizeof(T) <= 4, unsigned, unsigned long long>::type U;
  U u = 0;
  memcpy(&u, &v, sizeof(T));
  u = shuffle(u);
  T r;
  memcpy(&r, &u, sizeof(T));
  return r;
}

/* `v` of lane + `offset` of the warp. */
template <typename T>
static __device__ inline T gpupar_shfl_down(unsigned mask, T v, unsigned offset) {
  return gpupar_shfl_bits(v, [&](auto u) { return __shfl_down_sync(mask, u, offset); });
}

/* Combines the values of the `n` (1..32) first lanes of the calling warp into lane 0's result,
 * in a fixed tree order. */
template <typename Op, typename T>
static __device__ inline T gpupar_warp_reduce(T v, unsigned lane, unsigned n) {
  unsigned mask = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
  for (unsigned off = 1; off < n; off <<= 1) {
    T other = gpupar_shfl_down(mask, v, off);
    if (lane % (2 * off) == 0 && lane + off < n)
      v = Op::f(v, other);
  }
  return v;
}

/* Kernels: combines every thread's `v` (warp shuffles, then the warps' results through the
 * scratch); thread 0 stores the block's result in slots[blockIdx.x]; the last block fills the
 * slots no block uses with the identity. Every thread of the block must call it. */
template <typename Op, typename T>
static __device__ inline void gpupar_block_reduce(T v, T *slots, unsigned nslots) {
  T *scratch = (T *)gpupar_red_scratch();
  unsigned t = threadIdx.x, lane = t % 32u, warp = t / 32u;
  unsigned warps = (blockDim.x + 31u) / 32u;
  unsigned in_warp = blockDim.x - warp * 32u < 32u ? blockDim.x - warp * 32u : 32u;
  v = gpupar_warp_reduce<Op>(v, lane, in_warp);
  if (lane == 0)
    scratch[warp] = v;
  __syncthreads();
  if (warp == 0) {
    T w = lane < warps ? scratch[lane] : Op::id();
    w = gpupar_warp_reduce<Op>(w, lane, in_warp); /* lanes past `warps` hold the identity */
    if (t == 0)
      slots[blockIdx.x] = w;
  }
  if (blockIdx.x == gridDim.x - 1)
    for (unsigned s = gridDim.x + t; s < nslots; s += blockDim.x)
      slots[s] = Op::id();
  __syncthreads(); /* the scratch is reused by the next reduction */
}
#endif

/* --- Array reductions (`reduction(op: a[lo:len])`) ----------------------------------------
 * A chunk's partial buffer holds the section's `count` elements; it starts as the identity
 * and the body's updates `a[e] op= v` go through gpupar_red_update: a plain update on the host
 * (a host chunk owns its buffer), an atomic one in a kernel (its threads share it). */
template <typename Op> static inline void gpupar_red_fill(typename Op::type *p, long long count) {
  for (long long e = 0; e < count; ++e)
    p[e] = Op::id();
}

#if GPUPAR_KERNELS
/* Atomic `*p = Op::f(*p, v)` for any 1-, 2-, 4- or 8-byte type: compare-and-swap on the
 * aligned word that holds *p. */
template <typename Op, typename T> static __device__ inline void gpupar_atomic_cas(T *p, T v) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    typedef typename std::conditional<sizeof(T) == 4, unsigned int, unsigned long long>::type U;
    U *w = (U *)p;
    U old = *(volatile U *)w, seen;
    do {
      seen = old;
      T cur, next;
      U bits;
      memcpy(&cur, &seen, sizeof(T));
      next = Op::f(cur, v);
      memcpy(&bits, &next, sizeof(T));
      if (bits == seen)
        return;
      old = atomicCAS(w, seen, bits);
    } while (old != seen);
  } else {
    unsigned int *w = (unsigned int *)((size_t)p & ~(size_t)3);
    unsigned shift = (unsigned)((size_t)p & 3) * 8u;
    unsigned mask = (sizeof(T) == 1 ? 0xffu : 0xffffu) << shift;
    unsigned old = *(volatile unsigned *)w, seen;
    do {
      seen = old;
      unsigned part = (seen & mask) >> shift, bits = 0;
      T cur, next;
      memcpy(&cur, &part, sizeof(T));
      next = Op::f(cur, v);
      memcpy(&bits, &next, sizeof(T));
      unsigned word = (seen & ~mask) | ((bits << shift) & mask);
      if (word == seen)
        return;
      old = atomicCAS(w, seen, word);
    } while (old != seen);
  }
}

/* The hardware atomics where CUDA has one for the operator and type, else compare-and-swap. */
template <typename Op, typename T> static __device__ inline void gpupar_atomic(T *p, T v) {
  constexpr bool I32 = std::is_integral<T>::value && sizeof(T) == 4;
  constexpr bool I64 = std::is_integral<T>::value && sizeof(T) == 8;
  constexpr bool S = std::is_signed<T>::value;
  typedef typename std::conditional<S, int, unsigned>::type W32;
  typedef typename std::conditional<S, long long, unsigned long long>::type W64;
  if constexpr (std::is_same<Op, gpupar_red_add<T>>::value &&
                (std::is_same<T, float>::value || std::is_same<T, double>::value))
    atomicAdd(p, v);
  else if constexpr (std::is_same<Op, gpupar_red_add<T>>::value && I32)
    atomicAdd((W32 *)p, (W32)v);
  else if constexpr (std::is_same<Op, gpupar_red_add<T>>::value && I64)
    atomicAdd((unsigned long long *)p, (unsigned long long)v);
  else if constexpr (std::is_same<Op, gpupar_red_min<T>>::value && I32)
    atomicMin((W32 *)p, (W32)v);
  else if constexpr (std::is_same<Op, gpupar_red_min<T>>::value && I64)
    atomicMin((W64 *)p, (W64)v);
  else if constexpr (std::is_same<Op, gpupar_red_max<T>>::value && I32)
    atomicMax((W32 *)p, (W32)v);
  else if constexpr (std::is_same<Op, gpupar_red_max<T>>::value && I64)
    atomicMax((W64 *)p, (W64)v);
  else if constexpr (std::is_same<Op, gpupar_red_band<T>>::value && (I32 || I64))
    atomicAnd((typename std::conditional<I32, unsigned, unsigned long long>::type *)p,
              (typename std::conditional<I32, unsigned, unsigned long long>::type)v);
  else if constexpr (std::is_same<Op, gpupar_red_bor<T>>::value && (I32 || I64))
    atomicOr((typename std::conditional<I32, unsigned, unsigned long long>::type *)p,
             (typename std::conditional<I32, unsigned, unsigned long long>::type)v);
  else if constexpr (std::is_same<Op, gpupar_red_bxor<T>>::value && (I32 || I64))
    atomicXor((typename std::conditional<I32, unsigned, unsigned long long>::type *)p,
              (typename std::conditional<I32, unsigned, unsigned long long>::type)v);
  else
    gpupar_atomic_cas<Op>(p, v);
}

/* Warp aggregation, opt-in (GPUPAR_WARP_AGGREGATE; the simulator always has it for its unit
 * test): the intrinsics it needs are not declared where it is off (clang's CUDA mode on the
 * minimal runtime header of tests/e2e/clang_cuda). */
#if defined(GPUPAR_WARP_AGGREGATE) || defined(GPUPAR_SIM)
/* `v` of lane `src` of the warp. */
template <typename T> static __device__ inline T gpupar_shfl_idx(unsigned mask, T v, int src) {
  return gpupar_shfl_bits(v, [&](auto u) { return __shfl_sync(mask, u, src); });
}

/* The calling thread's lane in its warp (warps are formed from the linear thread index). */
static __device__ inline unsigned gpupar_lane() {
  return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32u;
}

/* Atomic `*p = Op::f(*p, v)`, once per address per warp: the lanes that reach it together and
 * update the same address combine their values first (a tree over the lanes of each address),
 * and the lowest of them alone updates memory, instead of up to 32 atomics of a warp on one
 * word. Any lanes may call it, in divergent code too. */
template <typename Op, typename T> static __device__ inline void gpupar_atomic_warp(T *p, T v) {
  unsigned active = __activemask();
  unsigned lane = gpupar_lane();
  unsigned below = (1u << lane) - 1u;
  unsigned peers = __match_any_sync(active, (unsigned long long)(size_t)p);
  unsigned rank = (unsigned)__popc(peers & below); /* position among the address's lanes */
  unsigned above = peers & ~below & ~(1u << lane);
  /* Each round, even ranks take the value of the next remaining peer and odd ranks drop out;
   * the loop runs the same number of times on every active lane (__any_sync). */
  while (__any_sync(active, above != 0)) {
    int next = __ffs((int)above);
    T other = gpupar_shfl_idx(active, v, next ? next - 1 : (int)lane);
    if (rank % 2u == 0 && next)
      v = Op::f(v, other);
    above &= __ballot_sync(active, rank % 2u == 0);
    rank /= 2u;
  }
  if ((peers & below) == 0)
    gpupar_atomic<Op>(p, v);
}
#endif

/* An array-reduction update in a kernel: a plain atomic, or with GPUPAR_WARP_AGGREGATE (e.g.
 * GPUPAR_NVCC_FLAGS=-DGPUPAR_WARP_AGGREGATE) the warp-aggregated one. Measured on an H100
 * (docs/performance.md, "Warp-aggregated atomics"): aggregation gained 5% on a 65536-bin
 * histogram in global memory and cost 1.8x on a 256-bin one in shared memory, where even the
 * __isShared test to skip it cost that much; so it is off by default. */
template <typename Op, typename T> static __device__ inline void gpupar_red_atomic(T *p, T v) {
#if defined(GPUPAR_WARP_AGGREGATE)
  gpupar_atomic_warp<Op>(p, v);
#else
  gpupar_atomic<Op>(p, v);
#endif
}

/* Sections up to this many bytes (all array reductions of a loop together) are privatised per
 * block in shared memory: updates contend only within the block, and each block merges its
 * copy into the chunk's buffer once. */
#define GPUPAR_RED_SHARED_MAX 16384u

static __host__ __device__ inline size_t gpupar_red_shared_bytes(size_t elem, long long count) {
  return ((size_t)count * elem + 15u) & ~(size_t)15u;
}

template <typename Op>
static __global__ void gpupar_red_fill_kernel(typename Op::type *p, long long count) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < count;
       e += (long long)gridDim.x * blockDim.x)
    p[e] = Op::id();
}

template <typename Op>
static inline void gpupar_red_fill_async(typename Op::type *p, long long count, void *stream) {
  long long blocks = (count + 255) / 256;
  GPUPAR_LAUNCH(gpupar_red_fill_kernel<Op>,
                (unsigned)(blocks < 1024 ? (blocks > 0 ? blocks : 1) : 1024), 256, 0,
                (cudaStream_t)stream)
  (p, count);
}

/* The copy a block updates: its shared-memory copy at `*cursor` (advanced past it) when
 * `*cursor` is set, else the chunk's buffer itself. Every thread of the block must call it. */
template <typename Op>
static __device__ inline typename Op::type *
gpupar_red_private_begin(typename Op::type *global, long long count, unsigned char *&cursor) {
  typedef typename Op::type T;
  if (!cursor)
    return global;
  T *copy = (T *)cursor;
  cursor += gpupar_red_shared_bytes(sizeof(T), count);
  for (long long e = threadIdx.x; e < count; e += blockDim.x)
    copy[e] = Op::id();
  __syncthreads();
  return copy;
}

/* Merges a block's shared copy into the chunk's buffer. Every thread of the block must call it. */
template <typename Op>
static __device__ inline void gpupar_red_private_end(typename Op::type *global,
                                                     typename Op::type *copy, long long count) {
  if (copy == global)
    return;
  __syncthreads();
  for (long long e = threadIdx.x; e < count; e += blockDim.x)
    gpupar_atomic<Op>(&global[e], copy[e]);
}
#endif

template <typename Op>
static __host__ __device__ inline void gpupar_red_update(typename Op::type *p,
                                                         typename Op::type v) {
#if defined(__CUDA_ARCH__)
  gpupar_red_atomic<Op>(p, v);
#elif defined(GPUPAR_SIM) && GPUPAR_KERNELS
  if (gpupar_sim_in_kernel()) /* the same function serves host entries and kernels */
    gpupar_red_atomic<Op>(p, v);
  else
    *p = Op::f(*p, v);
#else
  *p = Op::f(*p, v);
#endif
}

/* A section whose updates are checked at run time (an index the compiler could not prove inside
 * it): its first index, its length, and the flag that reports an update outside it. */
struct gpupar_red_check {
  long long lo, count;
  int *outside; /* gpupar_launch.outside entry of the reduction; NULL: not reported */
};

/* `a[e] op= v` for a checked section: the update when e lies in [lo, lo + count), else the
 * flag (the runtime then runs the whole loop serially), so that nothing outside the partial
 * buffer is touched and no update is lost. `a` is the buffer shifted so that a[lo] is its first
 * element. All writers of the flag store the same value: no atomic needed. */
template <typename Op>
static __host__ __device__ inline void gpupar_red_update_in(typename Op::type *a,
                                                            const gpupar_red_check &c, long long e,
                                                            typename Op::type v) {
  if ((unsigned long long)e - (unsigned long long)c.lo < (unsigned long long)c.count)
    gpupar_red_update<Op>(a + e, v);
  else if (c.outside)
    *(volatile int *)c.outside = 1;
}

#if GPUPAR_KERNELS
/* Tiled nests (the plugin's Plan/Tiling.h; docs/performance.md, "Tiled nests"). F is the
 * generated struct of one loop: types gpupar_I, gpupar_J, gpupar_K (the variables), gpupar_X,
 * gpupar_Y (the staged values), gpupar_state (an iteration's variables), constants
 * gpupar_x_k_fastest, gpupar_y_k_fastest, and gpupar_pre(i, j, s), gpupar_x(i, k),
 * gpupar_y(k, j), gpupar_step(s, x, y, i, j, k), gpupar_post(i, j, s). A block of 256 threads runs
 * a tile of 16 R x 16 R iterations (i, j), each thread R x R of them (gpupar_tile_lane: R / 2
 * neighbouring rows in each half of the tile, and R / 2 neighbouring columns in each half), and
 * stages GPUPAR_TILE_K values of k of x and y at a time in shared memory. R is 8 when the state
 * and the staged values are 4 bytes each, else 4 (registers). Each iteration runs pre, its steps in
 * the order of k, then post. Tunable for measurements (GPUPAR_NVCC_FLAGS=-D...): GPUPAR_TILE_K, the
 * slice of k (8; 16 ran slower on an H200 and spills on sm_90), and GPUPAR_TILE_MIN_BLOCKS, blocks
 * per multiprocessor the registers must allow (1; 2 caps them at 128 and ran slower). */
#ifndef GPUPAR_TILE_K
#define GPUPAR_TILE_K 8
#endif
#ifndef GPUPAR_TILE_MIN_BLOCKS
#define GPUPAR_TILE_MIN_BLOCKS 1
#endif
#ifdef __CUDACC__
#ifdef __launch_bounds__ /* the CUDA headers' (absent from minimal ones, e2e.clang_cuda's) */
#define GPUPAR_TILE_BOUNDS __launch_bounds__(256, GPUPAR_TILE_MIN_BLOCKS)
#else
#define GPUPAR_TILE_BOUNDS
#endif
#define GPUPAR_UNROLL _Pragma("unroll")
#define GPUPAR_UNROLL_NOT _Pragma("unroll 1")
#else
#define GPUPAR_TILE_BOUNDS
#define GPUPAR_UNROLL
#define GPUPAR_UNROLL_NOT
#endif

struct gpupar_tile_geometry {
  unsigned long long begin, rows, cols; /* the chunk's outer iterations, the inner trip count */
  long long lo_i, step_i, lo_j, step_j; /* the variables' first values and steps */
  long long k_lo, k_end;                /* k runs over [k_lo, k_end) */
  unsigned blocks_j;                    /* tiles across j */
};

/* Iterations per thread along i and along j. */
template <class F> struct gpupar_tile_size {
  static const int r = sizeof(typename F::gpupar_state) <= 4 && sizeof(typename F::gpupar_X) <= 4 &&
                               sizeof(typename F::gpupar_Y) <= 4
                           ? 8
                           : 4;
  static const int tile = 16 * r;
};

/* `v`, as a value the compiler cannot see through: addresses computed from it before the k loop
 * are not kept live across it (64 of them would take 128 registers). */
template <class T> static __device__ inline T gpupar_opaque(T v) {
#ifdef __CUDA_ARCH__
  if (sizeof(T) == 8) {
    unsigned long long u;
    memcpy(&u, &v, 8);
    asm volatile("" : "+l"(u));
    memcpy(&v, &u, 8);
  } else if (sizeof(T) == 4) {
    unsigned u;
    memcpy(&u, &v, 4);
    asm volatile("" : "+r"(u));
    memcpy(&v, &u, 4);
  }
#endif
  return v;
}

/* Row (or column) m of the R a thread runs, t16 being the thread's ty (or tx): R / 2 neighbours in
 * each half of the tile, so that a thread reads its R staged values of a k as two vectors (four
 * 4-byte reads per k went to shared memory as often as the step's FMAs went to the ALUs, which
 * held the tile at half of cuBLAS), and the 16 threads of a half-warp read neighbouring
 * vectors. */
template <int R> static __device__ inline unsigned gpupar_tile_lane(unsigned t16, int m) {
  return (m < R / 2 ? 0u : 8u * R) + t16 * (R / 2) + m % (R / 2);
}

template <class T, int N>
struct alignas(sizeof(T) * N <= 16 ? sizeof(T) * N : sizeof(T)) gpupar_tile_vec {
  T v[N];
};

/* The elements of one slice of k of x and y this thread loads: `e` counts them over the block,
 * neighbouring threads taking neighbouring elements where the subscript allows. */
template <class F> struct gpupar_tile_slot {
  unsigned kx, rx, ky, cy;
  __device__ gpupar_tile_slot(unsigned e) {
    const unsigned TILE = gpupar_tile_size<F>::tile;
    kx = F::gpupar_x_k_fastest ? e % GPUPAR_TILE_K : e / TILE;
    rx = F::gpupar_x_k_fastest ? e / GPUPAR_TILE_K : e % TILE;
    ky = F::gpupar_y_k_fastest ? e % GPUPAR_TILE_K : e / TILE;
    cy = F::gpupar_y_k_fastest ? e / GPUPAR_TILE_K : e % TILE;
  }
};

/* Reads this thread's elements of the slice at k0 from device memory into registers. */
template <class F, bool Full>
static __device__ inline void gpupar_tile_fetch(const F &f, const gpupar_tile_geometry &g,
                                                unsigned long long r0, unsigned long long c0,
                                                long long k0, typename F::gpupar_X *xr,
                                                typename F::gpupar_Y *yr) {
  const int PER = gpupar_tile_size<F>::tile * GPUPAR_TILE_K / 256;
  GPUPAR_UNROLL
  for (int q = 0; q < PER; q++) {
    gpupar_tile_slot<F> sl(threadIdx.x + 256u * q);
    if (k0 + sl.kx < g.k_end && (Full || r0 + sl.rx < g.rows))
      xr[q] = f.gpupar_x((typename F::gpupar_I)GPUPAR_INDEX(g.lo_i, g.step_i, g.begin + r0 + sl.rx),
                         (typename F::gpupar_K)(k0 + sl.kx));
    if (k0 + sl.ky < g.k_end && (Full || c0 + sl.cy < g.cols))
      yr[q] = f.gpupar_y((typename F::gpupar_K)(k0 + sl.ky),
                         (typename F::gpupar_J)GPUPAR_INDEX(g.lo_j, g.step_j, c0 + sl.cy));
  }
}

template <class F, bool Full>
static __device__ inline void
gpupar_tile_run(const F &f, const gpupar_tile_geometry &g, unsigned long long r0,
                unsigned long long c0, typename F::gpupar_X (*xs)[gpupar_tile_size<F>::tile],
                typename F::gpupar_Y (*ys)[gpupar_tile_size<F>::tile]) {
  typedef typename F::gpupar_I I;
  typedef typename F::gpupar_J J;
  typedef typename F::gpupar_K K;
  const int R = gpupar_tile_size<F>::r, TILE = gpupar_tile_size<F>::tile;
  const unsigned t = threadIdx.x, ty = t / 16, tx = t % 16;
  I iv[R];
  J jv[R];
  bool rok[R], cok[R];
  for (int m = 0; m < R; m++) {
    unsigned long long r = r0 + gpupar_tile_lane<R>(ty, m), c = c0 + gpupar_tile_lane<R>(tx, m);
    rok[m] = Full || r < g.rows;
    cok[m] = Full || c < g.cols;
    iv[m] = (I)GPUPAR_INDEX(g.lo_i, g.step_i, g.begin + r);
    jv[m] = (J)GPUPAR_INDEX(g.lo_j, g.step_j, c);
  }
  typename F::gpupar_state s[R][R];
  for (int m = 0; m < R; m++)
    for (int n = 0; n < R; n++)
      if (rok[m] && cok[n])
        f.gpupar_pre(iv[m], jv[n], s[m][n]);
  const int PER = TILE * GPUPAR_TILE_K / 256;
  typename F::gpupar_X xr[PER] = {};
  typename F::gpupar_Y yr[PER] = {};
  /* The next slice's loads are in flight while this one is computed (on an H200, 0.35 ms for
   * half of a 2048 x 2048 product against 0.46 ms loading each slice when it is needed). */
  gpupar_tile_fetch<F, Full>(f, g, r0, c0, g.k_lo, xr, yr);
  for (long long k0 = g.k_lo; k0 < g.k_end; k0 += GPUPAR_TILE_K) {
    GPUPAR_UNROLL
    for (int q = 0; q < PER; q++) {
      gpupar_tile_slot<F> sl(t + 256u * q);
      xs[sl.kx][sl.rx] = xr[q];
      ys[sl.ky][sl.cy] = yr[q];
    }
    __syncthreads();
    if (k0 + GPUPAR_TILE_K < g.k_end)
      gpupar_tile_fetch<F, Full>(f, g, r0, c0, k0 + GPUPAR_TILE_K, xr, yr);
    long long kn = g.k_end - k0 < GPUPAR_TILE_K ? g.k_end - k0 : GPUPAR_TILE_K;
    /* Not unrolled: on sm_100 the unrolled slice spills; 8 x 8 steps per k are work enough. */
    GPUPAR_UNROLL_NOT
    for (int kk = 0; kk < kn; kk++) {
      typedef gpupar_tile_vec<typename F::gpupar_X, R / 2> XV;
      typedef gpupar_tile_vec<typename F::gpupar_Y, R / 2> YV;
      const XV a0 = *(const XV *)&xs[kk][gpupar_tile_lane<R>(ty, 0)],
               a1 = *(const XV *)&xs[kk][gpupar_tile_lane<R>(ty, R / 2)];
      const YV b0 = *(const YV *)&ys[kk][gpupar_tile_lane<R>(tx, 0)],
               b1 = *(const YV *)&ys[kk][gpupar_tile_lane<R>(tx, R / 2)];
      typename F::gpupar_X a[R];
      typename F::gpupar_Y b[R];
      GPUPAR_UNROLL
      for (int m = 0; m < R / 2; m++) {
        a[m] = a0.v[m];
        a[m + R / 2] = a1.v[m];
        b[m] = b0.v[m];
        b[m + R / 2] = b1.v[m];
      }
      K k = (K)(k0 + kk);
      GPUPAR_UNROLL
      for (int m = 0; m < R; m++)
        GPUPAR_UNROLL
      for (int n = 0; n < R; n++)
        if (Full || (rok[m] && cok[n]))
          f.gpupar_step(s[m][n], a[m], b[n], iv[m], jv[n], k);
    }
    __syncthreads();
  }
  for (int m = 0; m < R; m++) {
    iv[m] = gpupar_opaque(iv[m]);
    jv[m] = gpupar_opaque(jv[m]);
  }
  for (int m = 0; m < R; m++)
    for (int n = 0; n < R; n++)
      if (rok[m] && cok[n])
        f.gpupar_post(iv[m], jv[n], s[m][n]);
}

template <class F>
static __global__ void GPUPAR_TILE_BOUNDS gpupar_tiled(F f, gpupar_tile_geometry g) {
  const int TILE = gpupar_tile_size<F>::tile;
  /* 16 bytes: the widest vector gpupar_tile_run reads (R / 2 values of at most 16 / (R / 2)
   * bytes each). */
  __shared__ __align__(16) typename F::gpupar_X xs[GPUPAR_TILE_K][TILE];
  __shared__ __align__(16) typename F::gpupar_Y ys[GPUPAR_TILE_K][TILE];
  unsigned long long r0 = (unsigned long long)(blockIdx.x / g.blocks_j) * TILE,
                     c0 = (unsigned long long)(blockIdx.x % g.blocks_j) * TILE;
  if (r0 + TILE <= g.rows && c0 + TILE <= g.cols)
    gpupar_tile_run<F, true>(f, g, r0, c0, xs, ys);
  else
    gpupar_tile_run<F, false>(f, g, r0, c0, xs, ys);
}

/* Launches the tiles of a chunk; returns 0 (nothing launched) when the grid would be too large:
 * the caller then launches the untiled kernel. */
template <class F>
static inline int gpupar_tiled_launch(const F &f, gpupar_tile_geometry g, cudaStream_t stream) {
  const unsigned long long TILE = gpupar_tile_size<F>::tile;
  unsigned long long bi = (g.rows + TILE - 1) / TILE, bj = (g.cols + TILE - 1) / TILE;
  if (bi > 0x7fffffffull || bj > 0x7fffffffull || bi * bj > 0x7fffffffull)
    return 0;
  if (bi * bj == 0)
    return 1;
  g.blocks_j = (unsigned)bj;
  GPUPAR_LAUNCH(gpupar_tiled<F>, (unsigned)(bi * bj), 256, 0, stream)(f, g);
  return 1;
}
#endif

#endif /* __cplusplus */

#endif
