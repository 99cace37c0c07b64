// The simulator's streams (one worker thread each, seeded random delays before every operation),
// events and copies (docs/simulator.md).
#include "sim.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <chrono>
#include <set>

namespace gpusim {

namespace {

std::mutex g_handles_mu;
std::set<Stream *> g_streams;
std::atomic<unsigned> g_stream_serial{0};

double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

void worker_main(Stream *s) {
  // An alternate signal stack: a kernel's fault handler must not run on an exhausted fiber stack.
  stack_t alt;
  alt.ss_sp = malloc(1 << 16);
  alt.ss_size = 1 << 16;
  alt.ss_flags = 0;
  sigaltstack(&alt, nullptr);
  const int delay = config().delay_us;
  for (;;) {
    Op op;
    {
      std::unique_lock<std::mutex> g(s->mu);
      s->cv.wait(g, [s] { return s->stop || !s->queue.empty(); });
      if (s->queue.empty())
        break;
      op = std::move(s->queue.front());
      s->queue.pop_front();
      s->busy = true;
    }
    if (delay > 0) // operations of different streams interleave differently with each seed
      std::this_thread::sleep_for(std::chrono::microseconds(s->rng() % (unsigned)(delay + 1)));
    int e = op.run && !sticky(s->device) ? op.run() : 0; // a lost device runs nothing
    if (e != 0)
      set_sticky(s->device, (cudaError_t)e, "asynchronous error on a stream");
    if (op.done)
      op.done();
    {
      std::lock_guard<std::mutex> g(s->mu);
      s->busy = false;
      if (s->queue.empty())
        s->idle.notify_all();
    }
  }
  stack_t off;
  memset(&off, 0, sizeof off);
  off.ss_flags = SS_DISABLE;
  sigaltstack(&off, nullptr);
  free(alt.ss_sp);
}

} // namespace

Stream *stream_new(int dev, unsigned flags) {
  Stream *s = new Stream;
  s->device = dev;
  s->flags = flags;
  s->rng.seed(config().seed * 1000003u + g_stream_serial++);
  s->worker = std::thread(worker_main, s);
  {
    std::lock_guard<std::mutex> g(g_handles_mu);
    g_streams.insert(s);
  }
  Device *d = device(dev);
  std::lock_guard<std::mutex> g(d->mu);
  d->streams.push_back(s);
  return s;
}

void stream_delete(Stream *s) {
  wait_idle(s);
  {
    std::lock_guard<std::mutex> g(g_handles_mu);
    g_streams.erase(s);
  }
  Device *d = device(s->device);
  {
    std::lock_guard<std::mutex> g(d->mu);
    for (size_t i = 0; i < d->streams.size(); i++)
      if (d->streams[i] == s)
        d->streams.erase(d->streams.begin() + (long)i--);
  }
  {
    std::lock_guard<std::mutex> g(s->mu);
    s->stop = true;
    s->cv.notify_all();
  }
  s->worker.join();
  delete s;
}

bool stream_valid(Stream *s) {
  std::lock_guard<std::mutex> g(g_handles_mu);
  return g_streams.count(s) != 0;
}

Stream *resolve(cudaStream_t h) {
  if (!h) {
    Device *d = device(current_device());
    if (!d)
      return nullptr;
    static std::mutex mu;
    std::lock_guard<std::mutex> g(mu);
    if (!d->null_stream)
      d->null_stream = stream_new(d->ordinal, 0);
    return d->null_stream;
  }
  Stream *s = (Stream *)h;
  return stream_valid(s) ? s : nullptr;
}

void enqueue(Stream *s, Op op) {
  std::lock_guard<std::mutex> g(s->mu);
  s->queue.push_back(std::move(op));
  s->cv.notify_one();
}

void wait_idle(Stream *s) {
  std::unique_lock<std::mutex> g(s->mu);
  s->idle.wait(g, [s] { return s->queue.empty() && !s->busy; });
}

void device_sync(int ordinal) {
  Device *d = device(ordinal);
  if (!d)
    return;
  std::vector<Stream *> all;
  {
    std::lock_guard<std::mutex> g(d->mu);
    all = d->streams;
  }
  for (Stream *s : all)
    if (stream_valid(s))
      wait_idle(s);
}

} // namespace gpusim

using namespace gpusim;

// Events: a handle owns a shared state that operations in flight keep alive.
struct EventState {
  int device;
  unsigned flags;
  std::mutex mu;
  std::condition_variable cv;
  unsigned long long issued = 0, done = 0;
  double t_ms = 0;
};
struct CUevent_st {
  std::shared_ptr<EventState> st;
};

namespace {
std::mutex g_events_mu;
std::set<cudaEvent_t> g_events;

bool event_valid(cudaEvent_t e) {
  std::lock_guard<std::mutex> g(g_events_mu);
  return g_events.count(e) != 0;
}

// The stream for an operation of the calling thread: it must belong to the current device.
cudaError_t stream_for_call(cudaStream_t h, const char *what, Stream **out) {
  *out = nullptr;
  config();
  if (!device(current_device()))
    return fail(cudaErrorInvalidDevice);
  Stream *s = resolve(h);
  if (!s)
    return fail_report(cudaErrorInvalidResourceHandle, "%s: unknown or destroyed stream %p", what,
                       (void *)h);
  if (s->device != current_device())
    return fail_report(cudaErrorInvalidResourceHandle,
                       "%s: stream %p belongs to device %d but device %d is current", what,
                       (void *)h, s->device, current_device());
  if (cudaError_t e = sticky(s->device))
    return fail(e);
  *out = s;
  return cudaSuccess;
}

// Runs `op` on `s`; when `wait` is set, returns after it ran.
void submit(Stream *s, Op op, bool wait) {
  if (!wait) {
    enqueue(s, std::move(op));
    return;
  }
  auto flag = std::make_shared<std::pair<std::mutex, std::condition_variable>>();
  auto finished = std::make_shared<bool>(false);
  std::function<void()> done = op.done;
  op.done = [done, flag, finished] {
    if (done)
      done();
    std::lock_guard<std::mutex> g(flag->first);
    *finished = true;
    flag->second.notify_all();
  };
  enqueue(s, std::move(op));
  std::unique_lock<std::mutex> g(flag->first);
  flag->second.wait(g, [&] { return *finished; });
}

// A host range of a copy: pinned (asynchronous, protected meanwhile) or pageable (synchronous).
cudaError_t host_side(const void *p, size_t n, const char *what, char **pinned) {
  *pinned = nullptr;
  if (!p)
    return fail_report(cudaErrorInvalidValue, "%s: NULL host pointer", what);
  Alloc a;
  if (find_alloc(p, &a))
    return fail_report(cudaErrorInvalidValue,
                       "%s: %p is device memory (of device %d), not host "
                       "memory",
                       what, p, a.device);
  char *base = nullptr;
  if (pinned_range(p, 1, &base) && !pinned_range(p, n, &base))
    return fail_report(cudaErrorInvalidValue,
                       "%s: %zu bytes at %p run past the end of a pinned "
                       "buffer",
                       what, n, p);
  if (!pinned_range(p, n, pinned) && touches_registered(p, n))
    return fail_report(cudaErrorInvalidValue,
                       "%s: %zu bytes at %p span memory registered with cudaHostRegister "
                       "(its pages) and memory not registered: CUDA refuses such a copy",
                       what, n, p);
  return cudaSuccess;
}

cudaError_t device_side(int dev, const void *p, size_t n, const char *what) {
  Alloc a;
  if (!find_alloc(p, &a))
    return fail_report(cudaErrorInvalidValue, "%s: %p is not device memory", what, p);
  if (a.device != dev)
    return fail_report(cudaErrorInvalidValue, "%s: %p is memory of device %d, used on device %d",
                       what, p, a.device, dev);
  if ((size_t)((const char *)p - a.ptr) + n > a.size)
    return fail_report(cudaErrorInvalidValue,
                       "%s: %zu bytes at offset %zu overrun an allocation "
                       "of %zu bytes",
                       what, n, (size_t)((const char *)p - a.ptr), a.size);
  return cudaSuccess;
}

/* `rows` rows of `width` bytes, `dpitch` and `spitch` bytes apart (cudaMemcpy2DAsync); one row
 * for the other copies. The checks cover each side's whole span. */
cudaError_t copy_async(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t rows, enum cudaMemcpyKind kind, cudaStream_t h, const char *what,
                       bool sync) {
  Stream *s;
  if (cudaError_t e = stream_for_call(h, what, &s))
    return e;
  if (width > dpitch || width > spitch)
    return fail_report(cudaErrorInvalidPitchValue, "%s: rows of %zu bytes, pitches %zu and %zu",
                       what, width, dpitch, spitch);
  if (width == 0 || rows == 0)
    return cudaSuccess;
  size_t n = (rows - 1) * dpitch + width, sn = (rows - 1) * spitch + width;
  int dev = s->device;
  if (kind == cudaMemcpyDefault) {
    Alloc a;
    bool ddst = find_alloc(dst, &a), dsrc = find_alloc(src, &a);
    kind = ddst && dsrc ? cudaMemcpyDeviceToDevice
           : ddst       ? cudaMemcpyHostToDevice
           : dsrc       ? cudaMemcpyDeviceToHost
                        : cudaMemcpyHostToHost;
  }
  char *pinned = nullptr;
  cudaError_t e = cudaSuccess;
  switch (kind) {
  case cudaMemcpyHostToDevice:
    if (!(e = device_side(dev, dst, n, what)))
      e = host_side(src, sn, what, &pinned);
    break;
  case cudaMemcpyDeviceToHost:
    if (!(e = device_side(dev, src, sn, what)))
      e = host_side(dst, n, what, &pinned);
    break;
  case cudaMemcpyDeviceToDevice:
    if (!(e = device_side(dev, dst, n, what)))
      e = device_side(dev, src, sn, what);
    break;
  default:
    return fail_report(cudaErrorInvalidMemcpyDirection, "%s: host-to-host copy", what);
  }
  if (e)
    return e;
  Op op;
  bool to_pinned = kind == cudaMemcpyDeviceToHost && pinned;
  op.run = [=] {
    for (size_t r = 0; r < rows; r++) {
      char *to = (char *)dst + r * dpitch;
      const char *from = (const char *)src + r * spitch;
      if (to_pinned)
        pinned_write(pinned, to, from, width);
      else if (pinned && kind == cudaMemcpyHostToDevice)
        pinned_read(pinned, to, from, width);
      else
        memcpy(to, from, width);
    }
    return 0;
  };
  if (pinned) {
    const void *host = kind == cudaMemcpyDeviceToHost ? (const void *)dst : src;
    size_t hn = kind == cudaMemcpyDeviceToHost ? n : sn;
    pinned_hold(pinned, host, hn, true);
    op.done = [pinned, host, hn] { pinned_hold(pinned, host, hn, false); };
  }
  // Pageable host memory: CUDA stages it and returns when the host buffer may be reused.
  submit(s, std::move(op), sync || (!pinned && kind != cudaMemcpyDeviceToDevice));
  return sync ? fail(sticky(dev)) : cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *out, unsigned flags) {
  config();
  *out = nullptr;
  if (!device(current_device()))
    return fail(cudaErrorInvalidDevice);
  if (cudaError_t e = sticky(current_device()))
    return fail(e);
  *out = (cudaStream_t)stream_new(current_device(), flags);
  return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *out) { return cudaStreamCreateWithFlags(out, 0); }

cudaError_t cudaStreamDestroy(cudaStream_t h) {
  config();
  Stream *s = h ? (Stream *)h : nullptr;
  if (!s || !stream_valid(s))
    return fail_report(cudaErrorInvalidResourceHandle, "cudaStreamDestroy: unknown stream %p",
                       (void *)h);
  stream_delete(s);
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t h) {
  config();
  Stream *s = resolve(h);
  if (!s)
    return fail_report(cudaErrorInvalidResourceHandle, "cudaStreamSynchronize: unknown stream %p",
                       (void *)h);
  wait_idle(s);
  return fail(sticky(s->device));
}

cudaError_t cudaStreamQuery(cudaStream_t h) {
  config();
  Stream *s = resolve(h);
  if (!s)
    return fail(cudaErrorInvalidResourceHandle);
  if (cudaError_t e = sticky(s->device))
    return fail(e);
  std::lock_guard<std::mutex> g(s->mu);
  return s->queue.empty() && !s->busy ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind,
                            cudaStream_t stream) {
  return copy_async(dst, n, src, n, n, 1, kind, stream, "cudaMemcpyAsync", false);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream) {
  return copy_async(dst, dpitch, src, spitch, width, height, kind, stream, "cudaMemcpy2DAsync",
                    false);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind) {
  return copy_async(dst, n, src, n, n, 1, kind, nullptr, "cudaMemcpy", true);
}

cudaError_t cudaMemsetAsync(void *dst, int value, size_t n, cudaStream_t h) {
  Stream *s;
  if (cudaError_t e = stream_for_call(h, "cudaMemsetAsync", &s))
    return e;
  if (cudaError_t e = device_side(s->device, dst, n, "cudaMemsetAsync"))
    return e;
  enqueue(s, Op{[=] {
                  memset(dst, value, n);
                  return 0;
                },
                nullptr});
  return cudaSuccess;
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_dev, const void *src, int src_dev, size_t n,
                                cudaStream_t h) {
  Stream *s;
  if (cudaError_t e = stream_for_call(h, "cudaMemcpyPeerAsync", &s))
    return e;
  if (!device(dst_dev) || !device(src_dev))
    return fail(cudaErrorInvalidDevice);
  if (cudaError_t e = device_side(dst_dev, dst, n, "cudaMemcpyPeerAsync (destination)"))
    return e;
  if (cudaError_t e = device_side(src_dev, src, n, "cudaMemcpyPeerAsync (source)"))
    return e;
  if (s->device != dst_dev && s->device != src_dev)
    return fail_report(cudaErrorInvalidResourceHandle,
                       "cudaMemcpyPeerAsync: stream of device %d copies %d -> %d", s->device,
                       src_dev, dst_dev);
  if (cudaError_t e = sticky(src_dev))
    return fail(e);
  enqueue(s, Op{[=] {
                  if (sticky(src_dev)) // the source device was lost meanwhile
                    return (int)cudaErrorLaunchFailure;
                  memcpy(dst, src, n);
                  return 0;
                },
                nullptr});
  return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *out, unsigned flags) {
  config();
  *out = nullptr;
  if (!device(current_device()))
    return fail(cudaErrorInvalidDevice);
  if (cudaError_t e = sticky(current_device()))
    return fail(e);
  Device *d = device(current_device());
  int nth;
  {
    std::lock_guard<std::mutex> g(d->mu);
    nth = ++d->events;
  }
  if (fault_at("event", d->ordinal, nth))
    return fail(cudaErrorMemoryAllocation);
  cudaEvent_t ev = new CUevent_st;
  ev->st = std::make_shared<EventState>();
  ev->st->device = current_device();
  ev->st->flags = flags;
  std::lock_guard<std::mutex> g(g_events_mu);
  g_events.insert(ev);
  *out = ev;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *out) { return cudaEventCreateWithFlags(out, 0); }

cudaError_t cudaEventDestroy(cudaEvent_t ev) {
  config();
  {
    std::lock_guard<std::mutex> g(g_events_mu);
    if (!ev || !g_events.erase(ev))
      return fail_report(cudaErrorInvalidResourceHandle, "cudaEventDestroy: unknown event %p",
                         (void *)ev);
  }
  delete ev; // operations in flight keep the state alive
  return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t h) {
  if (!event_valid(ev))
    return fail_report(cudaErrorInvalidResourceHandle, "cudaEventRecord: unknown event %p",
                       (void *)ev);
  Stream *s;
  if (cudaError_t e = stream_for_call(h, "cudaEventRecord", &s))
    return e;
  std::shared_ptr<EventState> st = ev->st;
  if (st->device != s->device)
    return fail_report(cudaErrorInvalidResourceHandle,
                       "cudaEventRecord: event of device %d recorded on a stream of device %d",
                       st->device, s->device);
  unsigned long long gen;
  {
    std::lock_guard<std::mutex> g(st->mu);
    gen = ++st->issued;
  }
  enqueue(s, Op{nullptr, [st, gen] {
                  std::lock_guard<std::mutex> g(st->mu);
                  if (gen > st->done) {
                    st->done = gen;
                    st->t_ms = now_ms();
                  }
                  st->cv.notify_all();
                }});
  return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t h, cudaEvent_t ev, unsigned flags) {
  if (!event_valid(ev))
    return fail_report(cudaErrorInvalidResourceHandle, "cudaStreamWaitEvent: unknown event %p",
                       (void *)ev);
  if (flags != 0)
    return fail(cudaErrorInvalidValue);
  Stream *s;
  if (cudaError_t e = stream_for_call(h, "cudaStreamWaitEvent", &s))
    return e;
  std::shared_ptr<EventState> st = ev->st; // may be of another device (as in CUDA)
  unsigned long long gen;
  {
    std::lock_guard<std::mutex> g(st->mu);
    gen = st->issued;
  }
  enqueue(s, Op{[st, gen] {
                  std::unique_lock<std::mutex> g(st->mu);
                  st->cv.wait(g, [&] { return st->done >= gen; });
                  return 0;
                },
                nullptr});
  return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t ev) {
  if (!event_valid(ev))
    return fail_report(cudaErrorInvalidResourceHandle, "cudaEventSynchronize: unknown event %p",
                       (void *)ev);
  std::shared_ptr<EventState> st = ev->st;
  {
    std::unique_lock<std::mutex> g(st->mu);
    unsigned long long gen = st->issued;
    st->cv.wait(g, [&] { return st->done >= gen; });
  }
  return fail(sticky(st->device));
}

cudaError_t cudaEventQuery(cudaEvent_t ev) {
  if (!event_valid(ev))
    return fail(cudaErrorInvalidResourceHandle);
  std::shared_ptr<EventState> st = ev->st;
  if (cudaError_t e = sticky(st->device))
    return fail(e);
  std::lock_guard<std::mutex> g(st->mu);
  return st->done >= st->issued ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
  if (!event_valid(a) || !event_valid(b))
    return fail_report(cudaErrorInvalidResourceHandle, "cudaEventElapsedTime: unknown event");
  if ((a->st->flags | b->st->flags) & cudaEventDisableTiming)
    return fail_report(cudaErrorInvalidResourceHandle,
                       "cudaEventElapsedTime: an event was created with cudaEventDisableTiming");
  double ta, tb;
  {
    std::lock_guard<std::mutex> g(a->st->mu);
    if (a->st->issued == 0 || a->st->done < a->st->issued)
      return fail(a->st->issued ? cudaErrorNotReady : cudaErrorInvalidResourceHandle);
    ta = a->st->t_ms;
  }
  {
    std::lock_guard<std::mutex> g(b->st->mu);
    if (b->st->issued == 0 || b->st->done < b->st->issued)
      return fail(b->st->issued ? cudaErrorNotReady : cudaErrorInvalidResourceHandle);
    tb = b->st->t_ms;
  }
  *ms = (float)(tb - ta);
  return cudaSuccess;
}

int gpupar_sim_live_streams(int dev) {
  config();
  Device *d = device(dev);
  if (!d)
    return -1;
  std::lock_guard<std::mutex> g(d->mu);
  return (int)d->streams.size() - (d->null_stream ? 1 : 0);
}

int gpupar_sim_stream_device(cudaStream_t h) {
  config();
  Stream *s = resolve(h);
  return s ? s->device : -1;
}

cudaError_t gpupar_sim_enqueue(cudaStream_t h, int (*fn)(void *), void *ctx,
                               void (*release)(void *)) {
  config();
  Stream *s = resolve(h);
  if (!s) {
    if (release)
      release(ctx);
    return fail(cudaErrorInvalidResourceHandle);
  }
  enqueue(s, Op{[=] { return sticky(s->device) ? 0 : fn(ctx); },
                [=] {
                  if (release)
                    release(ctx);
                }});
  return cudaSuccess;
}

} // extern "C"
