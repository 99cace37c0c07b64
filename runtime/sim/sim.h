// The gpupar CUDA simulator's internals (docs/simulator.md): devices, memory, streams and the
// kernel executor shared by core.cpp (devices, memory, errors, faults), stream.cpp (streams,
// events, copies) and kernel.cpp (fibers).
#ifndef GPUPAR_SIM_SIM_H
#define GPUPAR_SIM_SIM_H

#include <cuda_runtime_api.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace gpusim {

constexpr int kMaxDevices = 16;

struct Stream;

struct Device {
  int ordinal = 0;
  std::atomic<int> sticky{0}; // a sticky error (cudaError_t): the device is lost
  std::mutex mu;
  size_t total = 0, used = 0;
  int mallocs = 0, launches = 0, set_calls = 0, events = 0; // counted for the faults' N
  bool peer[kMaxDevices] = {};
  Stream *null_stream = nullptr;
  std::vector<Stream *> streams; // every live stream of the device (for device sync)
};

// One device allocation: `size` bytes at `ptr`, the mapping [map, map + map_len) includes a
// guard page before and after.
struct Alloc {
  int device;
  char *ptr;
  size_t size;
  char *map;
  size_t map_len;
};

// Pinned host memory from cudaHostAlloc: page-aligned mappings of their own.
struct Pinned {
  char *ptr;
  size_t size;
  size_t map_len;
  int inflight = 0; // pending copies reading or writing it: the pages are read-only meanwhile
};

// Host memory the program registered (cudaHostRegister): pages stay the program's; while a copy
// over part of it is in flight, the pages wholly inside that copy are read-only. As CUDA pins the
// physical pages, the pages wholly inside the range are moved to a shared memory file mapped a
// second time at `pages`, through which copies go: a program that unmaps the range and gets new
// memory at its addresses while it is registered has the devices copy the old pages, as on a GPU.
struct Registered {
  char *ptr;
  size_t size;
  int inflight = 0;
  uintptr_t inner_lo = 0, inner_hi = 0; // the pages wholly inside [ptr, ptr + size)
  char *pages = nullptr;                // their second mapping, or null (no whole page)
};

struct Config {
  int gpus = 1;
  unsigned long long seed = 1;
  int delay_us = 20;
  size_t mem = 1ull << 30;
  int sms = 2;
  bool p2p = true;
  std::string faults; // GPUPAR_SIM_FAULT
};

const Config &config();
Device *device(int ordinal); // NULL when out of range
int device_count();          // devices the simulator has (0 when the driver is "missing")

// Errors: the calling thread's last error, returned as well.
cudaError_t fail(cudaError_t e);
cudaError_t fail_report(cudaError_t e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int current_device();
// Returns the sticky error of the device (cudaSuccess when none).
cudaError_t sticky(int ordinal);
void set_sticky(int ordinal, cudaError_t e, const char *why);

// Memory lookups (thread-safe).
bool find_alloc(const void *p, Alloc *out);
// Whether [p, p + n) lies in an allocation (of `device` unless -1).
bool device_range(int device, const void *p, size_t n);
// The pinned allocation (cudaHostAlloc) or registered range (cudaHostRegister) holding
// [p, p + n), or false.
bool pinned_range(const void *p, size_t n, char **base);
// Whether [p, p + n) touches a page that a registered range pins (cudaHostRegister pins whole
// pages; CUDA refuses a copy over memory partly registered and partly not).
bool touches_registered(const void *p, size_t n);
// Protects (on) or releases (off) pinned memory at `base` for a copy in flight over [p, p + n):
// a pinned allocation as a whole, a registered range only on the pages wholly inside the copy
// (the pages it shares with the rest of the program's memory stay writable).
void pinned_hold(char *base, const void *p, size_t n, bool on);
// Writes to pinned memory at `base` from a stream worker (lifts the protection meanwhile).
void pinned_write(char *base, void *dst, const void *src, size_t n);
// Reads pinned memory at `base` from a stream worker.
void pinned_read(char *base, void *dst, const void *src, size_t n);

// Injected faults: returns true when GPUPAR_SIM_FAULT has `kind@device[:n]` and this is the
// n-th or later event of that kind (n counted by the caller, 1-based).
bool fault_at(const char *kind, int device, int nth);

// Streams.
struct Op {
  std::function<int()> run;   // returns a cudaError_t; non-zero is sticky for the device
  std::function<void()> done; // always called after run (or when it is skipped)
};

struct Stream {
  int device;
  unsigned flags;
  std::mutex mu;
  std::condition_variable cv, idle;
  std::deque<Op> queue;
  bool busy = false, stop = false;
  std::thread worker;
  std::mt19937_64 rng;
};

Stream *stream_new(int device, unsigned flags);
void stream_delete(Stream *s);
bool stream_valid(Stream *s);
Stream *resolve(cudaStream_t s); // NULL stream -> the current device's; unknown -> NULL
void enqueue(Stream *s, Op op);
void wait_idle(Stream *s);
void device_sync(int ordinal);

// Kernels (kernel.cpp): runs the launch on the calling worker thread; returns a cudaError_t.
struct Launch {
  unsigned grid[3], block[3];
  size_t shmem;
  void (*body)(void *);
  void *args;
  void (*release)(void *);
  int device;
};
int run_kernel(const Launch &l);
// Installs the SIGSEGV handler (kernels' illegal addresses, host writes to pinned memory).
void install_fault_handler();
// Called by the handler: whether the fault belongs to a kernel (then it does not return).
void kernel_fault(void *addr);
bool in_kernel();

} // namespace gpusim

#endif
