/* The CUDA/NCCL simulator's strict checks (runtime/sim, docs/simulator.md): each misuse that a
 * GPU would punish is reported by the simulator. Runs with GPUPAR_SIM_GPUS=2; the fault modes
 * (argv[1]) run with their GPUPAR_SIM_FAULT. */
#include <dlfcn.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

extern "C" {
#include <cmocka.h>
}

#include "gpupar/kernel.h"

static __global__ void write_at(int *p, long long index, int value) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    p[index] = value;
}

static __global__ void warp_sum(int *out) {
  int v = (int)threadIdx.x;
  for (unsigned d = 16; d > 0; d >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, d);
  __shared__ int part[32];
  if (threadIdx.x % 32 == 0)
    part[threadIdx.x / 32] = v;
  __syncthreads();
  unsigned all = __ballot_sync(0xffffffffu, 1); /* every lane of the warp */
  if (threadIdx.x == 0) {
    int s = 0;
    for (unsigned w = 0; w < blockDim.x / 32; w++)
      s += part[w];
    out[blockIdx.x] = s;
    out[gridDim.x + blockIdx.x] = (int)all;
  }
}

static __global__ void divergent_barrier(int *p) {
  if (threadIdx.x < 16) /* half the warp at the block barrier, half at a warp barrier */
    __syncthreads();
  else
    __syncwarp();
  p[threadIdx.x] = 1;
}

/* Warp-aggregated atomics (kernel.h gpupar_atomic_warp) from divergent lanes: some exit at
 * once, the others loop a lane-dependent number of times and update under a condition, so the
 * lanes that meet at an update are a changing part of the warp. Also records the mask that
 * __activemask returns in a branch only the first ten lanes of each warp take. */
#define AGG_BINS 5
#define AGG_LOWS 7
static __device__ inline unsigned agg_trips(unsigned t) { return t % 4 + 1; }
static __global__ void aggregated_updates(long long *bins, float *lows, unsigned *branch_mask) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 10)
    branch_mask[t / 32] = __activemask();
  if (t % 3 == 0)
    return;
  for (unsigned k = 0; k < agg_trips(t); k++) {
    if ((t + k) % 2)
      gpupar_atomic_warp<gpupar_red_add<long long>>(&bins[(t * k) % AGG_BINS], (long long)t + k);
    gpupar_atomic_warp<gpupar_red_min<float>>(&lows[t % AGG_LOWS], (float)(t ^ 5u));
  }
}

static void test_warp_aggregated_atomics(void **state) {
  (void)state;
  enum { BLOCKS = 3, THREADS = 96, WARPS = BLOCKS * THREADS / 32 };
  long long want_bins[AGG_BINS] = {0}, bins[AGG_BINS];
  float want_lows[AGG_LOWS], lows[AGG_LOWS];
  unsigned masks[WARPS];
  for (int e = 0; e < AGG_LOWS; e++)
    want_lows[e] = 1e30f;
  for (unsigned t = 0; t < BLOCKS * THREADS; t++)
    for (unsigned k = 0; t % 3 && k < agg_trips(t); k++) {
      if ((t + k) % 2)
        want_bins[(t * k) % AGG_BINS] += (long long)t + k;
      if ((float)(t ^ 5u) < want_lows[t % AGG_LOWS])
        want_lows[t % AGG_LOWS] = (float)(t ^ 5u);
    }
  assert_int_equal(cudaSetDevice(1), cudaSuccess); /* before test_warps makes it lost */
  long long *d_bins = NULL;
  float *d_lows = NULL;
  unsigned *d_masks = NULL;
  assert_int_equal(cudaMalloc((void **)&d_bins, sizeof bins), cudaSuccess);
  assert_int_equal(cudaMalloc((void **)&d_lows, sizeof lows), cudaSuccess);
  assert_int_equal(cudaMalloc((void **)&d_masks, sizeof masks), cudaSuccess);
  memset(bins, 0, sizeof bins);
  for (int e = 0; e < AGG_LOWS; e++)
    lows[e] = 1e30f;
  assert_int_equal(cudaMemcpy(d_bins, bins, sizeof bins, cudaMemcpyHostToDevice), cudaSuccess);
  assert_int_equal(cudaMemcpy(d_lows, lows, sizeof lows, cudaMemcpyHostToDevice), cudaSuccess);
  GPUPAR_LAUNCH(aggregated_updates, BLOCKS, THREADS, 0, (cudaStream_t)0)(d_bins, d_lows, d_masks);
  assert_int_equal(cudaDeviceSynchronize(), cudaSuccess);
  assert_int_equal(cudaMemcpy(bins, d_bins, sizeof bins, cudaMemcpyDeviceToHost), cudaSuccess);
  assert_int_equal(cudaMemcpy(lows, d_lows, sizeof lows, cudaMemcpyDeviceToHost), cudaSuccess);
  assert_int_equal(cudaMemcpy(masks, d_masks, sizeof masks, cudaMemcpyDeviceToHost), cudaSuccess);
  for (int e = 0; e < AGG_BINS; e++)
    assert_int_equal(bins[e], want_bins[e]);
  for (int e = 0; e < AGG_LOWS; e++)
    assert_true(lows[e] == want_lows[e]);
  for (int w = 0; w < WARPS; w++)
    assert_int_equal(masks[w], 0x3ffu);
  cudaFree(d_bins);
  cudaFree(d_lows);
  cudaFree(d_masks);
}

/* An in-bounds write works; one element past the allocation is an illegal address, sticky for
 * that device only. */
static void test_guard_page(void **state) {
  (void)state;
  assert_int_equal(cudaSetDevice(0), cudaSuccess);
  int *d = NULL;
  assert_int_equal(cudaMalloc((void **)&d, 1024 * sizeof(int)), cudaSuccess);
  cudaStream_t s;
  assert_int_equal(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  GPUPAR_LAUNCH(write_at, 1, 32, 0, s)(d, 1023, 7);
  assert_int_equal(cudaGetLastError(), cudaSuccess);
  assert_int_equal(cudaStreamSynchronize(s), cudaSuccess);
  int h = 0;
  assert_int_equal(cudaMemcpy(&h, d + 1023, sizeof h, cudaMemcpyDeviceToHost), cudaSuccess);
  assert_int_equal(h, 7);
  /* A copy past the end is refused at the call. */
  assert_int_equal(cudaMemcpyAsync(&h, d + 1024, sizeof h, cudaMemcpyDeviceToHost, s),
                   cudaErrorInvalidValue);
  assert_int_equal(cudaGetLastError(), cudaErrorInvalidValue);
  assert_int_equal(cudaGetLastError(), cudaSuccess);
  GPUPAR_LAUNCH(write_at, 1, 32, 0, s)(d, 1024, 7);
  assert_int_equal(cudaGetLastError(), cudaSuccess); /* asynchronous: seen at the sync */
  assert_int_equal(cudaStreamSynchronize(s), cudaErrorIllegalAddress);
  void *more = NULL;
  assert_int_equal(cudaMalloc(&more, 16), cudaErrorIllegalAddress); /* sticky */
  assert_int_equal(cudaGetLastError(), cudaErrorIllegalAddress);
  assert_int_equal(cudaGetLastError(), cudaErrorIllegalAddress); /* cannot be cleared */
  assert_int_equal(cudaSetDevice(1), cudaSuccess);               /* the other device still works */
  assert_int_equal(cudaMalloc(&more, 16), cudaSuccess);
  assert_int_equal(cudaFree(more), cudaSuccess);
  assert_int_equal(cudaSetDevice(0), cudaSuccess);
}

/* A stream or event of device 0 used while device 1 is current is an error. */
static void test_wrong_device(void **state) {
  (void)state;
  assert_int_equal(cudaSetDevice(1), cudaSuccess);
  cudaStream_t s1;
  cudaEvent_t e1;
  int *d1 = NULL;
  assert_int_equal(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking), cudaSuccess);
  assert_int_equal(cudaEventCreate(&e1), cudaSuccess);
  assert_int_equal(cudaMalloc((void **)&d1, 64), cudaSuccess);
  int h[16] = {0};
  assert_int_equal(cudaMemcpyAsync(d1, h, 64, cudaMemcpyHostToDevice, s1), cudaSuccess);
  assert_int_equal(cudaStreamSynchronize(s1), cudaSuccess);
  assert_int_equal(cudaSetDevice(0), cudaSuccess); /* device 0 is lost (test above): use a new */
  assert_int_equal(cudaSetDevice(1), cudaSuccess);
  int other = 0;
  std::thread([&] { other = cudaSetDevice(0) == cudaSuccess; }).join();
  assert_true(other);
  int cur = -1;
  assert_int_equal(cudaGetDevice(&cur), cudaSuccess);
  assert_int_equal(cur, 1); /* the current device is per thread */
  /* Device memory of device 1 on a stream of device 1 while device 0 is current. */
  std::thread([&] {
    cudaSetDevice(0);
    other = cudaMemcpyAsync(d1, h, 64, cudaMemcpyHostToDevice, s1);
    GPUPAR_LAUNCH(write_at, 1, 32, 0, s1)(d1, 0, 1);
    other = other * 1000 + cudaGetLastError();
  }).join();
  assert_int_equal(other, cudaErrorInvalidResourceHandle * 1000 + cudaErrorInvalidResourceHandle);
  assert_int_equal(cudaGetLastError(), cudaSuccess); /* the other thread's errors are its own */
  /* An event of device 1 recorded on a stream of device 1: fine; a destroyed event: an error. */
  assert_int_equal(cudaEventRecord(e1, s1), cudaSuccess);
  assert_int_equal(cudaEventSynchronize(e1), cudaSuccess);
  assert_int_equal(cudaEventDestroy(e1), cudaSuccess);
  assert_int_equal(cudaEventRecord(e1, s1), cudaErrorInvalidResourceHandle);
  assert_int_equal(cudaStreamDestroy(s1), cudaSuccess);
  assert_int_equal(cudaMemcpyAsync(d1, h, 64, cudaMemcpyHostToDevice, s1),
                   cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  assert_int_equal(cudaFree(d1), cudaSuccess);
  assert_int_equal(cudaFree(d1), cudaErrorInvalidValue); /* twice */
  cudaGetLastError();
}

/* Warp shuffles and ballots are warp-synchronous; a __syncthreads only half a block reaches is
 * an error. */
static void test_warps(void **state) {
  (void)state;
  assert_int_equal(cudaSetDevice(1), cudaSuccess);
  cudaStream_t s;
  int *d = NULL, h[4];
  assert_int_equal(cudaStreamCreate(&s), cudaSuccess);
  assert_int_equal(cudaMalloc((void **)&d, sizeof h), cudaSuccess);
  GPUPAR_LAUNCH(warp_sum, 2, 64, 0, s)(d);
  assert_int_equal(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s), cudaSuccess);
  assert_int_equal(cudaStreamSynchronize(s), cudaSuccess);
  assert_int_equal(h[0], 63 * 64 / 2);
  assert_int_equal(h[1], 63 * 64 / 2);
  assert_int_equal((unsigned)h[2], 0xffffffffu);
  GPUPAR_LAUNCH(divergent_barrier, 1, 32, 0, s)(d);
  assert_int_equal(cudaStreamSynchronize(s), cudaErrorIllegalInstruction);
}

typedef int (*nccl_fn)(...);

/* NCCL: a reduction in a group combines; outside a group, with one thread driving both ranks,
 * it is refused (it would deadlock on GPUs). Devices 2 and 3 (GPUPAR_SIM_GPUS=4). */
static void test_nccl(void **state) {
  (void)state;
  void *lib = dlopen("libnccl.so.2", RTLD_NOW);
  assert_non_null(lib);
  int (*init_all)(void **, int, const int *) =
      (int (*)(void **, int, const int *))dlsym(lib, "ncclCommInitAll");
  int (*reduce)(const void *, void *, size_t, int, int, int, void *, cudaStream_t) = (int (*)(
      const void *, void *, size_t, int, int, int, void *, cudaStream_t))dlsym(lib, "ncclReduce");
  int (*group_start)(void) = (int (*)(void))dlsym(lib, "ncclGroupStart");
  int (*group_end)(void) = (int (*)(void))dlsym(lib, "ncclGroupEnd");
  int (*destroy)(void *) = (int (*)(void *))dlsym(lib, "ncclCommDestroy");
  assert_true(init_all && reduce && group_start && group_end && destroy);
  int devs[2] = {2, 3};
  void *comms[2];
  assert_int_equal(init_all(comms, 2, devs), 0);
  cudaStream_t st[2];
  int *buf[2], *out = NULL;
  for (int r = 0; r < 2; r++) {
    assert_int_equal(cudaSetDevice(devs[r]), cudaSuccess);
    assert_int_equal(cudaStreamCreate(&st[r]), cudaSuccess);
    assert_int_equal(cudaMalloc((void **)&buf[r], 4 * sizeof(int)), cudaSuccess);
    int h[4] = {r + 1, 10 * (r + 1), 100, -r};
    assert_int_equal(cudaMemcpy(buf[r], h, sizeof h, cudaMemcpyHostToDevice), cudaSuccess);
  }
  assert_int_equal(cudaSetDevice(2), cudaSuccess);
  assert_int_equal(cudaMalloc((void **)&out, 4 * sizeof(int)), cudaSuccess);
  enum { INT32 = 2, SUM = 0 };
  assert_int_equal(reduce(buf[0], out, 4, INT32, SUM, 0, comms[0], st[0]), 5 /* invalid usage */);
  /* A failed call fails its group: ncclGroupEnd returns the error and issues none of its calls. */
  int h[4] = {-7, -7, -7, -7};
  assert_int_equal(cudaMemcpy(out, h, sizeof h, cudaMemcpyHostToDevice), cudaSuccess);
  assert_int_equal(group_start(), 0);
  assert_int_equal(reduce(buf[0], out, 4, INT32, SUM, 0, comms[0], st[1]), 4 /* wrong stream */);
  assert_int_equal(reduce(buf[0], out, 4, INT32, SUM, 0, comms[0], st[0]), 0);
  assert_int_equal(reduce(buf[1], buf[1], 4, INT32, SUM, 0, comms[1], st[1]), 0);
  assert_int_equal(group_end(), 4);
  assert_int_equal(cudaStreamSynchronize(st[0]), cudaSuccess);
  assert_int_equal(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost), cudaSuccess);
  assert_int_equal(h[0], -7);
  assert_int_equal(group_start(), 0);
  assert_int_equal(reduce(buf[0], out, 4, INT32, SUM, 0, comms[0], st[0]), 0);
  assert_int_equal(reduce(buf[1], buf[1], 4, INT32, SUM, 0, comms[1], st[1]), 0);
  assert_int_equal(group_end(), 0);
  assert_int_equal(cudaStreamSynchronize(st[0]), cudaSuccess);
  assert_int_equal(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost), cudaSuccess);
  assert_int_equal(h[0], 3);
  assert_int_equal(h[1], 30);
  assert_int_equal(h[2], 200);
  assert_int_equal(h[3], -1);
  /* A group missing one of the ranks this thread drives. */
  assert_int_equal(group_start(), 0);
  assert_int_equal(reduce(buf[0], out, 4, INT32, SUM, 0, comms[0], st[0]), 0);
  assert_int_equal(group_end(), 5);
  assert_int_equal(destroy(comms[0]), 0);
  assert_int_equal(destroy(comms[1]), 0);
}

static int sleep_op(void *ctx) {
  (void)ctx;
  usleep(300000);
  return 0;
}

/* A host write to a pinned buffer while a copy from it is in flight faults: a child process
 * writes and must die of SIGSEGV (with the simulator's message, which ctest matches). */
static int pinned_child(void) {
  cudaSetDevice(0);
  cudaStream_t s;
  char *pinned = NULL;
  void *d = NULL;
  if (cudaStreamCreate(&s) || cudaHostAlloc((void **)&pinned, 4096, 0) || cudaMalloc(&d, 4096))
    return 1;
  gpupar_sim_enqueue(s, sleep_op, NULL, NULL); /* the copy stays in flight for 0.3 s */
  cudaMemcpyAsync(d, pinned, 4096, cudaMemcpyHostToDevice, s);
  pinned[10] = 1; /* faults */
  printf("pinned write was not caught\n");
  return 1;
}

/* Registered host memory (cudaHostRegister): copies over it are asynchronous; while one is in
 * flight, only the pages wholly inside the copy are read-only, so the program may write next to
 * it. A child writes inside and must die of SIGSEGV. */
static int registered_child(void) {
  cudaSetDevice(0);
  cudaStream_t s;
  char *buf = (char *)malloc(1 << 16);
  void *d = NULL;
  if (!buf || cudaStreamCreate(&s) || cudaHostRegister(buf, 1 << 16, 0) || cudaMalloc(&d, 16384))
    return 1;
  gpupar_sim_enqueue(s, sleep_op, NULL, NULL);
  cudaMemcpyAsync(d, buf + 8192, 16384, cudaMemcpyHostToDevice, s);
  buf[100] = 1;         /* outside the copy: allowed */
  buf[8192 + 8192] = 1; /* faults */
  printf("registered write was not caught\n");
  return 1;
}

static void test_registered(void **state) {
  (void)state;
  assert_int_equal(cudaSetDevice(3), cudaSuccess); /* device 0 is lost (test_guard_page) */
  char *buf = (char *)malloc(1 << 16);
  void *d = NULL;
  cudaStream_t s;
  assert_non_null(buf);
  memset(buf, 7, 1 << 16);
  assert_int_equal(cudaStreamCreate(&s), cudaSuccess);
  assert_int_equal(cudaMalloc(&d, 1 << 16), cudaSuccess);
  assert_int_equal(cudaHostRegister(buf, 1 << 16, cudaHostRegisterPortable), cudaSuccess);
  /* Whole pages are pinned: a range sharing one is refused, as is unregistering its middle. */
  assert_int_equal(cudaHostRegister(buf + 100, 10, 0), cudaErrorHostMemoryAlreadyRegistered);
  assert_int_equal(cudaHostUnregister(buf + 1), cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  gpupar_sim_enqueue(s, sleep_op, NULL, NULL);
  assert_int_equal(cudaMemcpyAsync(d, buf, 1 << 16, cudaMemcpyHostToDevice, s), cudaSuccess);
  assert_int_equal(cudaMemcpyAsync(buf, d, 8192, cudaMemcpyDeviceToHost, s), cudaSuccess);
  assert_int_equal(cudaStreamSynchronize(s), cudaSuccess);
  buf[0] = 1; /* writable again */
  /* A copy running past the end of the registered range is refused. */
  assert_int_equal(cudaMemcpyAsync(d, buf + 100, 1 << 16, cudaMemcpyHostToDevice, s),
                   cudaErrorInvalidValue);
  cudaGetLastError();
  assert_int_equal(cudaHostUnregister(buf), cudaSuccess);
  assert_int_equal(cudaHostUnregister(buf), cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  assert_int_equal(cudaFree(d), cudaSuccess);
  assert_int_equal(cudaStreamDestroy(s), cudaSuccess);
  free(buf);
}

/* NCCL's entry points (the simulator's libnccl.so.2) and one reduction of 4 ints from devices 0
 * and 1 (GPUPAR_SIM_GPUS=2) into `out` on device 0, each rank on a stream of its own. */
struct NcclPair {
  int (*init_all)(void **, int, const int *);
  int (*reduce)(const void *, void *, size_t, int, int, int, void *, cudaStream_t);
  int (*group_start)(void), (*group_end)(void);
  int (*async_error)(void *, int *), (*abort)(void *);
  void *comms[2];
  cudaStream_t st[2];
  int *buf[2], *out;

  bool open() {
    void *lib = dlopen("libnccl.so.2", RTLD_NOW);
    if (!lib)
      return false;
    *(void **)&init_all = dlsym(lib, "ncclCommInitAll");
    *(void **)&reduce = dlsym(lib, "ncclReduce");
    *(void **)&group_start = dlsym(lib, "ncclGroupStart");
    *(void **)&group_end = dlsym(lib, "ncclGroupEnd");
    *(void **)&async_error = dlsym(lib, "ncclCommGetAsyncError");
    *(void **)&abort = dlsym(lib, "ncclCommAbort");
    int devs[2] = {0, 1};
    if (!init_all || !reduce || !group_start || !group_end || !async_error || !abort ||
        init_all(comms, 2, devs) != 0)
      return false;
    for (int r = 0; r < 2; r++) {
      int h[4] = {r + 1, r + 1, r + 1, r + 1};
      if (cudaSetDevice(r) || cudaStreamCreate(&st[r]) || cudaMalloc((void **)&buf[r], sizeof h) ||
          cudaMemcpy(buf[r], h, sizeof h, cudaMemcpyHostToDevice))
        return false;
    }
    int h[4] = {-7, -7, -7, -7};
    return cudaSetDevice(0) == cudaSuccess && cudaMalloc((void **)&out, sizeof h) == cudaSuccess &&
           cudaMemcpy(out, h, sizeof h, cudaMemcpyHostToDevice) == cudaSuccess;
  }
  // Issues the reduction (int32 sum, root 0) as one group; returns ncclGroupEnd's result, or the
  // first failed ncclReduce's plus 100.
  int run() {
    group_start();
    for (int r = 0; r < 2; r++)
      if (int e = reduce(buf[r], r == 0 ? out : buf[r], 4, 2, 0, 0, comms[r], st[r])) {
        group_end();
        return 100 + e;
      }
    return group_end();
  }
  int out0() {
    int h[4] = {0};
    cudaSetDevice(0);
    return cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess ? h[0] : -1;
  }
};

/* Faults of a rank inside an NCCL group (GPUPAR_SIM_GPUS=2). ncclreduce@1: rank 1's ncclReduce
 * fails and the group with it: nothing is issued. ncclkernel@1: rank 1's kernel fails, its
 * device is lost and rank 0 waits for it (no asynchronous error) until ncclCommAbort. */
static int injected_nccl(const char *mode) {
  NcclPair p;
  if (!p.open())
    return 1;
  if (strcmp(mode, "ncclreduce") == 0) {
    int rc = p.run();
    return !(rc == 101 /* ncclUnhandledCudaError */ && cudaStreamQuery(p.st[0]) == cudaSuccess &&
             p.out0() == -7);
  }
  if (p.run() != 0)
    return 1;
  cudaError_t e1 = cudaSuccess; /* rank 1's stream: lost within 5 s */
  for (int i = 0; i < 5000 && (e1 == cudaSuccess || e1 == cudaErrorNotReady); i++) {
    usleep(1000);
    e1 = cudaStreamQuery(p.st[1]);
  }
  int async = -1;
  if (e1 != cudaErrorLaunchFailure || cudaStreamQuery(p.st[0]) != cudaErrorNotReady ||
      p.async_error(p.comms[0], &async) != 0 || async != 0)
    return 1;
  p.abort(p.comms[0]);
  p.abort(p.comms[1]);
  if (!(cudaStreamSynchronize(p.st[0]) == cudaSuccess && p.out0() == -7))
    return 1;
  /* A collective with a rank on the lost device: ncclGroupEnd fails, rank 0's part waits. */
  int devs[2] = {0, 1};
  if (p.init_all(p.comms, 2, devs) != 0 || p.run() != 1 /* ncclUnhandledCudaError */ ||
      cudaStreamQuery(p.st[0]) != cudaErrorNotReady)
    return 1;
  p.abort(p.comms[0]);
  p.abort(p.comms[1]);
  return !(cudaStreamSynchronize(p.st[0]) == cudaSuccess && p.out0() == -7);
}

/* Injected faults (GPUPAR_SIM_FAULT set by the test). */
static int injected(const char *mode) {
  int n = -1;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (strcmp(mode, "nodriver") == 0)
    return !(e == cudaErrorInsufficientDriver && n == 0);
  if (strncmp(mode, "nccl", 4) == 0)
    return injected_nccl(mode);
  if (strcmp(mode, "busy") == 0) { /* busy@1:2: the second cudaSetDevice(1) on fails */
    int cur = -1;
    return !(cudaSetDevice(1) == cudaSuccess && cudaSetDevice(0) == cudaSuccess &&
             cudaSetDevice(1) == cudaErrorDevicesUnavailable && cudaGetDevice(&cur) == 0 &&
             cur == 0 && cudaGetLastError() == cudaErrorDevicesUnavailable &&
             cudaGetLastError() == cudaSuccess && cudaSetDevice(1) == cudaErrorDevicesUnavailable);
  }
  if (e || cudaSetDevice(0))
    return 1;
  if (strcmp(mode, "event") == 0) { /* event@0:2: the second event on device 0 on fails */
    cudaEvent_t a = NULL, b = NULL;
    return !(cudaEventCreate(&a) == cudaSuccess &&
             cudaEventCreate(&b) == cudaErrorMemoryAllocation && b == NULL &&
             cudaGetLastError() == cudaErrorMemoryAllocation && cudaGetLastError() == cudaSuccess &&
             cudaEventDestroy(a) == cudaSuccess);
  }
  cudaStream_t s;
  void *d = NULL;
  if (strcmp(mode, "oom") == 0) /* oom@0:2: the second allocation fails */
    return !(cudaMalloc(&d, 64) == cudaSuccess && cudaMalloc(&d, 64) == cudaErrorMemoryAllocation &&
             cudaGetLastError() == cudaErrorMemoryAllocation && cudaGetLastError() == cudaSuccess);
  if (cudaStreamCreate(&s) || cudaMalloc(&d, 64))
    return 1;
  GPUPAR_LAUNCH(write_at, 1, 32, 0, s)((int *)d, 0, 1);
  if (strcmp(mode, "noimage") == 0)
    return !(cudaGetLastError() == cudaErrorNoKernelImageForDevice &&
             cudaStreamSynchronize(s) == cudaSuccess);
  if (strcmp(mode, "kernel") == 0)
    return !(cudaGetLastError() == cudaSuccess &&
             cudaStreamSynchronize(s) == cudaErrorLaunchFailure &&
             cudaMalloc(&d, 64) == cudaErrorLaunchFailure);
  if (strcmp(mode, "setdevice") == 0) { /* kernel@0,setdevice (2 GPUs) */
    int cur = -1;
    return !(cudaStreamSynchronize(s) == cudaErrorLaunchFailure &&
             cudaGetLastError() == cudaErrorLaunchFailure && cudaSetDevice(1) == cudaSuccess &&
             cudaGetLastError() == cudaSuccess && cudaSetDevice(0) == cudaErrorLaunchFailure &&
             cudaGetDevice(&cur) == 0 && cur == 0);
  }
  return 1;
}

static int pinned_write_in_flight(int registered) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0)
    _exit(registered ? registered_child() : pinned_child());
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid)
    return 1;
  int ok = WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV;
  printf("pinned write in flight: %s\n", ok ? "faulted" : "not caught");
  return !ok;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "pinned") == 0)
    return pinned_write_in_flight(0);
  if (argc > 1 && strcmp(argv[1], "registered") == 0)
    return pinned_write_in_flight(1);
  if (argc > 1)
    return injected(argv[1]);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_guard_page),
      cmocka_unit_test(test_wrong_device),
      cmocka_unit_test(test_warp_aggregated_atomics),
      cmocka_unit_test(test_warps),
      cmocka_unit_test(test_nccl),
      cmocka_unit_test(test_registered),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
