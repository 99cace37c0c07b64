// The simulator's NCCL (libnccl.so.2 for runtime/gather/nccl_dl.c; docs/simulator.md): a
// communicator per rank, collectives as operations on the ranks' simulated streams that meet
// and combine when every rank's stream reaches them. Strict: a collective outside
// ncclGroupStart/End on communicators that one thread created together (ncclCommInitAll)
// would deadlock on a GPU and is an error here; so are mismatched calls, a stream of another
// device and buffers outside device memory. A failed call inside a group fails the group:
// ncclGroupEnd returns the error and issues none of its calls (as NCCL does).
#include <cuda_runtime_api.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

extern "C" {
typedef enum {
  ncclSuccess = 0,
  ncclUnhandledCudaError = 1,
  ncclSystemError = 2,
  ncclInternalError = 3,
  ncclInvalidArgument = 4,
  ncclInvalidUsage = 5,
  ncclRemoteError = 6,
  ncclInProgress = 7
} ncclResult_t;
}

namespace {

enum { INT8, UINT8, INT32, UINT32, INT64, UINT64, FLOAT16, FLOAT32, FLOAT64 };
enum { SUM, PROD, MAX, MIN };

struct Clique {
  int n;
  std::mutex mu;
  std::condition_variable cv;
  bool aborted = false;
  ncclResult_t async = ncclSuccess;
};

struct Comm {
  std::shared_ptr<Clique> clique;
  int rank, device;
};

// One rank's call. The rank's own fields are copied from its communicator: an operation still
// queued after ncclCommAbort (which frees the communicator) must not read it.
struct Call {
  Comm *comm;
  int rank, device;
  const void *src;
  void *dst;
  size_t count;
  int type, op, root;
  cudaStream_t stream;
};

// One collective in flight: every rank's stream operation arrives, the root combines.
struct Collective {
  std::shared_ptr<Clique> clique;
  std::vector<Call> calls; // by rank
  int arrived = 0;
  bool done = false;
};

struct RankOp {
  std::shared_ptr<Collective> coll;
  int rank;
};

thread_local int tls_group = 0;
thread_local std::vector<Call> tls_calls;
thread_local ncclResult_t tls_group_error = ncclSuccess; // the group's first failed call
std::atomic<int> g_live_comms{0};
// Counted per device for the faults' N (GPUPAR_SIM_FAULT=KIND@D:N).
std::atomic<int> g_reduce_calls[16], g_rank_ops[16];

int count_on(std::atomic<int> *counts, int device) {
  return device >= 0 && device < 16 ? ++counts[device] : 1;
}

size_t type_size(int t) {
  switch (t) {
  case INT8:
  case UINT8:
    return 1;
  case FLOAT16:
    return 2;
  case INT32:
  case UINT32:
  case FLOAT32:
    return 4;
  case INT64:
  case UINT64:
  case FLOAT64:
    return 8;
  default:
    return 0;
  }
}

template <typename T> void combine(T *acc, const T *x, size_t count, int op) {
  for (size_t i = 0; i < count; i++)
    switch (op) {
    case SUM:
      acc[i] = (T)(acc[i] + x[i]);
      break;
    case PROD:
      acc[i] = (T)(acc[i] * x[i]);
      break;
    case MAX:
      acc[i] = x[i] > acc[i] ? x[i] : acc[i];
      break;
    case MIN:
      acc[i] = x[i] < acc[i] ? x[i] : acc[i];
      break;
    }
}

void combine_any(void *acc, const void *x, size_t count, int type, int op) {
  switch (type) {
  case INT8:
    combine((int8_t *)acc, (const int8_t *)x, count, op);
    break;
  case UINT8:
    combine((uint8_t *)acc, (const uint8_t *)x, count, op);
    break;
  case INT32:
    combine((int32_t *)acc, (const int32_t *)x, count, op);
    break;
  case UINT32:
    combine((uint32_t *)acc, (const uint32_t *)x, count, op);
    break;
  case INT64:
    combine((int64_t *)acc, (const int64_t *)x, count, op);
    break;
  case UINT64:
    combine((uint64_t *)acc, (const uint64_t *)x, count, op);
    break;
  case FLOAT32:
    combine((float *)acc, (const float *)x, count, op);
    break;
  case FLOAT64:
    combine((double *)acc, (const double *)x, count, op);
    break;
  }
}

int hang_limit_s() {
  const char *v = getenv("GPUPAR_SIM_HANG_S");
  return v && *v ? atoi(v) : 120;
}

// Runs on rank `rank`'s stream: meets the other ranks, the root combines.
int rank_op(void *p) {
  RankOp *r = (RankOp *)p;
  Collective &c = *r->coll;
  Clique &q = *c.clique;
  const Call &me = c.calls[r->rank];
  std::unique_lock<std::mutex> g(q.mu);
  if (q.aborted) // ncclCommAbort ended the collective before this rank's stream reached it
    return 0;
  if (gpupar_sim_fault("ncclerror", me.device)) {
    q.async = ncclSystemError; // this rank never arrives: the others wait until an abort
    gpupar_sim_report("NCCL: injected failure of rank %d (device %d)", r->rank, me.device);
    q.cv.notify_all();
    return 0;
  }
  if (gpupar_sim_fault_nth("ncclkernel", me.device, count_on(g_rank_ops, me.device))) {
    // The rank's kernel faults: its device is lost (sticky), no asynchronous error is raised and
    // the others wait for it until an abort.
    gpupar_sim_report("NCCL: injected kernel failure of rank %d: device %d lost", r->rank,
                      me.device);
    return (int)cudaErrorLaunchFailure;
  }
  ++c.arrived;
  q.cv.notify_all();
  auto limit = std::chrono::seconds(hang_limit_s());
  auto ready = [&] { return q.aborted || (r->rank == me.root ? c.arrived == q.n : c.done); };
  if (!q.cv.wait_for(g, limit, ready)) {
    gpupar_sim_report("NCCL: a collective hung for %d s (rank %d waits for the others; an "
                      "asynchronous error was %s): aborting the process",
                      hang_limit_s(), r->rank, q.async ? "raised" : "not raised");
    abort();
  }
  if (q.aborted)
    return 0;
  if (r->rank == me.root) {
    size_t bytes = me.count * type_size(me.type);
    std::vector<unsigned char> acc((const unsigned char *)c.calls[0].src,
                                   (const unsigned char *)c.calls[0].src + bytes);
    for (int i = 1; i < q.n; i++)
      combine_any(acc.data(), c.calls[i].src, me.count, me.type, me.op);
    memcpy(me.dst, acc.data(), bytes);
    c.done = true; // the sources may now change
    q.cv.notify_all();
  }
  return 0;
}

ncclResult_t check_call(const Call &c) {
  const Comm *m = c.comm;
  size_t es = type_size(c.type);
  if (!m || !es || c.type == FLOAT16 || c.op < SUM || c.op > MIN || c.root < 0 ||
      c.root >= m->clique->n) {
    gpupar_sim_report("NCCL: invalid reduction (type %d, op %d, root %d)", c.type, c.op, c.root);
    return ncclInvalidArgument;
  }
  int sd = gpupar_sim_stream_device(c.stream);
  if (sd != m->device) {
    gpupar_sim_report("NCCL: rank %d (device %d) called with a stream of device %d", m->rank,
                      m->device, sd);
    return ncclInvalidArgument;
  }
  if (!gpupar_sim_is_device_range(m->device, c.src, c.count * es) ||
      (m->rank == c.root && !gpupar_sim_is_device_range(m->device, c.dst, c.count * es))) {
    gpupar_sim_report("NCCL: rank %d: buffers of %zu elements are not memory of device %d", m->rank,
                      c.count, m->device);
    return ncclInvalidArgument;
  }
  return ncclSuccess;
}

// Issues the calls of one group: one per rank of one clique, all alike.
ncclResult_t issue(std::vector<Call> &calls) {
  while (!calls.empty()) {
    std::shared_ptr<Clique> q = calls[0].comm->clique;
    auto coll = std::make_shared<Collective>();
    coll->clique = q;
    coll->calls.resize((size_t)q->n);
    std::vector<bool> seen((size_t)q->n, false);
    std::vector<Call> rest;
    for (const Call &c : calls) {
      if (c.comm->clique != q) {
        rest.push_back(c);
        continue;
      }
      const Call &f = calls[0];
      if (seen[(size_t)c.comm->rank] || c.count != f.count || c.type != f.type || c.op != f.op ||
          c.root != f.root) {
        gpupar_sim_report("NCCL: the ranks' calls of a collective do not match");
        return ncclInvalidUsage;
      }
      seen[(size_t)c.comm->rank] = true;
      coll->calls[(size_t)c.comm->rank] = c;
    }
    for (int i = 0; i < q->n; i++)
      if (!seen[(size_t)i]) {
        gpupar_sim_report("NCCL: a group calls a collective on %d of %d ranks that this thread "
                          "drives (the others would wait for ever)",
                          (int)(calls.size() - rest.size()), q->n);
        return ncclInvalidUsage;
      }
    // Kernels launch rank by rank; a lost device refuses its own (NCCL returns
    // ncclUnhandledCudaError) and the ranks launched before it wait until an abort.
    for (int i = 0; i < q->n; i++) {
      const Call &c = coll->calls[(size_t)i];
      if (gpupar_sim_device_error(c.device) != cudaSuccess)
        return ncclUnhandledCudaError;
      gpupar_sim_enqueue(c.stream, rank_op, new RankOp{coll, i},
                         [](void *p) { delete (RankOp *)p; });
    }
    calls.swap(rest);
  }
  return ncclSuccess;
}

void report_leaks() {
  int n = g_live_comms.load();
  if (n > 0) // a warning until runtime/gather/nccl_dl.c frees its communicators at exit
    fprintf(stderr, "gpupar-sim: warning: NCCL: %d communicator(s) not destroyed at exit\n", n);
}

} // namespace

extern "C" {

ncclResult_t ncclGetVersion(int *version) {
  *version = 22809;
  return ncclSuccess;
}

const char *ncclGetErrorString(ncclResult_t r) {
  switch (r) {
  case ncclSuccess:
    return "no error";
  case ncclUnhandledCudaError:
    return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
  case ncclSystemError:
    return "unhandled system error (run with NCCL_DEBUG=INFO for details)";
  case ncclInternalError:
    return "internal error - please report this issue to the NCCL developers";
  case ncclInvalidArgument:
    return "invalid argument (run with NCCL_DEBUG=WARN for details)";
  case ncclInvalidUsage:
    return "invalid usage (run with NCCL_DEBUG=WARN for details)";
  case ncclRemoteError:
    return "remote process exited or there was a network error";
  case ncclInProgress:
    return "NCCL operation in progress";
  }
  return "unknown result code";
}

const char *ncclGetLastError(void *comm) {
  (void)comm;
  return "";
}

ncclResult_t ncclCommInitAll(void **comms, int n, const int *devlist) {
  static std::once_flag once;
  std::call_once(once, [] { atexit(report_leaks); });
  int count = 0;
  if (!comms || n < 1 || cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return ncclUnhandledCudaError;
  }
  if (gpupar_sim_fault("ncclinit", -1))
    return ncclUnhandledCudaError;
  auto q = std::make_shared<Clique>();
  q->n = n;
  for (int i = 0; i < n; i++) {
    int d = devlist ? devlist[i] : i;
    for (int j = 0; j < i; j++)
      if ((devlist ? devlist[j] : j) == d) {
        gpupar_sim_report("NCCL: ncclCommInitAll with device %d twice", d);
        return ncclInvalidUsage;
      }
    if (d < 0 || d >= count)
      return ncclInvalidArgument;
  }
  for (int i = 0; i < n; i++) {
    comms[i] = new Comm{q, i, devlist ? devlist[i] : i};
    ++g_live_comms;
  }
  return ncclSuccess;
}

ncclResult_t ncclCommDestroy(void *comm) {
  if (!comm)
    return ncclInvalidArgument;
  delete (Comm *)comm;
  --g_live_comms;
  return ncclSuccess;
}

ncclResult_t ncclCommAbort(void *comm) {
  if (!comm)
    return ncclInvalidArgument;
  Comm *m = (Comm *)comm;
  {
    std::lock_guard<std::mutex> g(m->clique->mu);
    m->clique->aborted = true;
    m->clique->cv.notify_all();
  }
  return ncclCommDestroy(comm);
}

ncclResult_t ncclCommGetAsyncError(void *comm, ncclResult_t *err) {
  if (!comm || !err)
    return ncclInvalidArgument;
  Comm *m = (Comm *)comm;
  std::lock_guard<std::mutex> g(m->clique->mu);
  *err = m->clique->async;
  return ncclSuccess;
}

ncclResult_t ncclCommCount(const void *comm, int *count) {
  *count = ((const Comm *)comm)->clique->n;
  return ncclSuccess;
}

ncclResult_t ncclCommCuDevice(const void *comm, int *device) {
  *device = ((const Comm *)comm)->device;
  return ncclSuccess;
}

ncclResult_t ncclCommUserRank(const void *comm, int *rank) {
  *rank = ((const Comm *)comm)->rank;
  return ncclSuccess;
}

ncclResult_t ncclGroupStart(void) {
  if (tls_group++ == 0)
    tls_group_error = ncclSuccess;
  return ncclSuccess;
}

ncclResult_t ncclGroupEnd(void) {
  if (tls_group <= 0) {
    gpupar_sim_report("NCCL: ncclGroupEnd without ncclGroupStart");
    return ncclInvalidUsage;
  }
  if (--tls_group > 0)
    return ncclSuccess;
  std::vector<Call> calls;
  calls.swap(tls_calls);
  if (ncclResult_t r = tls_group_error) { // NCCL frees the group's calls, launches none
    tls_group_error = ncclSuccess;
    return r;
  }
  return issue(calls);
}

namespace {

// Records a call's failure: inside a group it fails the whole group (ncclGroupEnd returns it).
ncclResult_t group_fail(ncclResult_t r) {
  if (tls_group > 0 && tls_group_error == ncclSuccess)
    tls_group_error = r;
  return r;
}

} // namespace

ncclResult_t ncclReduce(const void *src, void *dst, size_t count, int type, int op, int root,
                        void *comm, cudaStream_t stream) {
  Comm *m = (Comm *)comm;
  Call c{m, m ? m->rank : -1, m ? m->device : -1, src, dst, count, type, op, root, stream};
  if (ncclResult_t r = check_call(c))
    return group_fail(r);
  if (gpupar_sim_fault_nth("ncclreduce", c.device, count_on(g_reduce_calls, c.device))) {
    // A synchronous failure (NCCL returns ncclUnhandledCudaError when a CUDA call of the enqueue
    // fails); inside a group, the group fails with it.
    gpupar_sim_report("NCCL: injected failure of ncclReduce on rank %d (device %d)", c.rank,
                      c.device);
    return group_fail(ncclUnhandledCudaError);
  }
  if (tls_group == 0 && c.comm->clique->n > 1) {
    gpupar_sim_report("NCCL: ncclReduce outside ncclGroupStart/ncclGroupEnd on a communicator of "
                      "%d ranks that one thread drives (ncclCommInitAll): it would deadlock",
                      c.comm->clique->n);
    return ncclInvalidUsage;
  }
  tls_calls.push_back(c);
  if (tls_group == 0) {
    std::vector<Call> calls;
    calls.swap(tls_calls);
    return issue(calls);
  }
  return ncclSuccess;
}

} // extern "C"
