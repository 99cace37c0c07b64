// The simulator's devices, memory, errors and injected faults, and the device and memory entry
// points of the CUDA runtime API (docs/simulator.md).
#include "sim.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace gpusim {

namespace {

thread_local int tls_device = 0;
thread_local cudaError_t tls_last = cudaSuccess;

Config g_config;
Device g_devices[kMaxDevices];
std::once_flag g_once;

std::mutex g_mem_mu;
std::map<uintptr_t, Alloc> g_allocs;          // by ptr
std::map<uintptr_t, Pinned> g_pinned;         // by ptr
std::map<uintptr_t, Registered> g_registered; // by ptr
std::map<uintptr_t, int> g_held_pages;        // registered pages: copies in flight over them
size_t g_page = 4096;

size_t parse_size(const char *s) {
  char *end = nullptr;
  unsigned long long v = strtoull(s, &end, 10);
  switch (end && *end ? *end : 0) {
  case 'G':
  case 'g':
    v <<= 30;
    break;
  case 'M':
  case 'm':
    v <<= 20;
    break;
  case 'K':
  case 'k':
    v <<= 10;
    break;
  default:
    break;
  }
  return (size_t)v;
}

void init() {
  g_page = (size_t)sysconf(_SC_PAGESIZE);
  const char *v;
  if ((v = getenv("GPUPAR_SIM_GPUS")) && *v)
    g_config.gpus = atoi(v);
  if (g_config.gpus < 0)
    g_config.gpus = 0;
  if (g_config.gpus > kMaxDevices)
    g_config.gpus = kMaxDevices;
  if ((v = getenv("GPUPAR_SIM_SEED")) && *v)
    g_config.seed = strtoull(v, nullptr, 0);
  if ((v = getenv("GPUPAR_SIM_DELAY_US")) && *v)
    g_config.delay_us = atoi(v);
  if ((v = getenv("GPUPAR_SIM_MEM")) && *v)
    g_config.mem = parse_size(v);
  if ((v = getenv("GPUPAR_SIM_SMS")) && *v && atoi(v) > 0)
    g_config.sms = atoi(v);
  if ((v = getenv("GPUPAR_SIM_P2P")) && *v)
    g_config.p2p = atoi(v) != 0;
  if ((v = getenv("GPUPAR_SIM_FAULT")))
    g_config.faults = v;
  for (int i = 0; i < kMaxDevices; i++) {
    g_devices[i].ordinal = i;
    g_devices[i].total = g_config.mem;
  }
  install_fault_handler();
}

} // namespace

const Config &config() {
  std::call_once(g_once, init);
  return g_config;
}

int device_count() {
  const Config &c = config();
  return fault_at("nodriver", -1, 1) ? 0 : c.gpus;
}

Device *device(int ordinal) {
  return ordinal >= 0 && ordinal < device_count() ? &g_devices[ordinal] : nullptr;
}

cudaError_t fail(cudaError_t e) {
  if (e != cudaSuccess)
    tls_last = e;
  return e;
}

cudaError_t fail_report(cudaError_t e, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  gpupar_sim_report("%s (%s)", msg, cudaGetErrorName(e));
  return fail(e);
}

int current_device() { return tls_device; }

cudaError_t sticky(int ordinal) {
  Device *d = ordinal >= 0 && ordinal < kMaxDevices ? &g_devices[ordinal] : nullptr;
  return d ? (cudaError_t)d->sticky.load() : cudaSuccess;
}

void set_sticky(int ordinal, cudaError_t e, const char *why) {
  int none = 0;
  if (g_devices[ordinal].sticky.compare_exchange_strong(none, (int)e))
    gpupar_sim_report("device %d lost: %s (%s, sticky)", ordinal, why, cudaGetErrorName(e));
}

// GPUPAR_SIM_FAULT: comma-separated `kind[@device][:nth]`.
bool fault_at(const char *kind, int dev, int nth) {
  const std::string &f = g_config.faults;
  size_t pos = 0;
  while (pos <= f.size()) {
    size_t comma = f.find(',', pos);
    std::string item = f.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    pos = comma == std::string::npos ? f.size() + 1 : comma + 1;
    size_t at = item.find('@'), colon = item.find(':');
    std::string name = item.substr(0, std::min(at, colon));
    if (name != kind)
      continue;
    int fdev = at == std::string::npos ? -1 : atoi(item.c_str() + at + 1);
    int fnth = colon == std::string::npos ? 1 : atoi(item.c_str() + colon + 1);
    if ((fdev < 0 || dev < 0 || fdev == dev) && nth >= fnth)
      return true;
  }
  return false;
}

bool find_alloc(const void *p, Alloc *out) {
  std::lock_guard<std::mutex> g(g_mem_mu);
  auto it = g_allocs.upper_bound((uintptr_t)p);
  if (it == g_allocs.begin())
    return false;
  --it;
  const Alloc &a = it->second;
  if ((const char *)p < a.ptr || (const char *)p >= a.ptr + a.size)
    return false;
  *out = a;
  return true;
}

bool device_range(int dev, const void *p, size_t n) {
  Alloc a;
  if (!find_alloc(p, &a) || (dev >= 0 && a.device != dev))
    return false;
  return (size_t)((const char *)p - a.ptr) + n <= a.size;
}

// The entry of `m` (by start address) holding [p, p + n), or nullptr.
template <class M> static typename M::mapped_type *holding(M &m, const void *p, size_t n) {
  auto it = m.upper_bound((uintptr_t)p);
  if (it == m.begin())
    return nullptr;
  --it;
  auto &b = it->second;
  if ((const char *)p < b.ptr || (const char *)p + n > b.ptr + b.size)
    return nullptr;
  return &b;
}

bool pinned_range(const void *p, size_t n, char **base) {
  std::lock_guard<std::mutex> g(g_mem_mu);
  if (Pinned *b = holding(g_pinned, p, n)) {
    *base = b->ptr;
    return true;
  }
  if (Registered *r = holding(g_registered, p, n)) {
    *base = r->ptr;
    return true;
  }
  return false;
}

bool touches_registered(const void *p, size_t n) {
  std::lock_guard<std::mutex> g(g_mem_mu);
  uintptr_t lo = (uintptr_t)p, hi = lo + n;
  for (const auto &entry : g_registered) {
    const Registered &r = entry.second;
    uintptr_t plo = (uintptr_t)r.ptr / g_page * g_page,
              phi = ((uintptr_t)r.ptr + r.size + g_page - 1) / g_page * g_page;
    if (lo < phi && plo < hi)
      return true;
  }
  return false;
}

// The pages wholly inside [p, p + n): [*lo, *hi).
static void inner_pages(const void *p, size_t n, uintptr_t *lo, uintptr_t *hi) {
  *lo = ((uintptr_t)p + g_page - 1) / g_page * g_page;
  *hi = ((uintptr_t)p + n) / g_page * g_page;
  if (*hi < *lo)
    *hi = *lo;
}

// Counts a copy in flight over the registered range [p, p + n) (g_mem_mu held).
static void hold_registered(Registered *r, const void *p, size_t n, bool on) {
  r->inflight += on ? 1 : -1;
  uintptr_t lo, hi;
  inner_pages(p, n, &lo, &hi);
  for (uintptr_t pg = lo; pg < hi; pg += g_page) {
    int &count = g_held_pages[pg];
    count += on ? 1 : -1;
    if (on && count == 1)
      mprotect((void *)pg, g_page, PROT_READ);
    if (count == 0) {
      if (!on)
        mprotect((void *)pg, g_page, PROT_READ | PROT_WRITE);
      g_held_pages.erase(pg);
    }
  }
}

void pinned_hold(char *base, const void *p, size_t n, bool on) {
  std::lock_guard<std::mutex> g(g_mem_mu);
  auto reg = g_registered.find((uintptr_t)base);
  if (reg != g_registered.end()) {
    hold_registered(&reg->second, p, n, on);
    return;
  }
  auto it = g_pinned.find((uintptr_t)base);
  if (it == g_pinned.end())
    return;
  Pinned &b = it->second;
  int before = b.inflight;
  b.inflight += on ? 1 : -1;
  if ((before == 0) != (b.inflight == 0))
    mprotect(b.ptr, b.map_len, b.inflight ? PROT_READ : PROT_READ | PROT_WRITE);
}

// Copies between the program's registered memory [host, host + n) and `other` the way DMA
// does: the whole pages through their pinned mapping, the pages shared with the rest of the
// program's memory directly (g_mem_mu held).
static void registered_copy(const Registered &r, char *host, char *other, size_t n,
                            bool to_host) {
  uintptr_t a = (uintptr_t)host, b = a + n;
  uintptr_t lo = r.pages ? std::max(a, r.inner_lo) : b, hi = r.pages ? std::min(b, r.inner_hi) : b;
  if (lo >= hi)
    lo = hi = b;
  auto piece = [&](uintptr_t from, uintptr_t to, char *at) {
    if (to > from)
      to_host ? memcpy(at, other + (from - a), to - from) : memcpy(other + (from - a), at, to - from);
  };
  piece(a, lo, (char *)a);
  piece(lo, hi, r.pages + (lo - r.inner_lo));
  piece(hi, b, (char *)hi);
}

// Moves the pages wholly inside the registered range to a shared memory file and maps them a
// second time (Registered::pages). Only those pages: the others hold the program's other data,
// which other threads may be writing. Where that fails the copies go to the addresses.
static void pin_pages(Registered *r) {
  inner_pages(r->ptr, r->size, &r->inner_lo, &r->inner_hi);
  size_t len = r->inner_hi - r->inner_lo;
  if (len == 0)
    return;
  int fd = memfd_create("gpupar-sim-pinned", MFD_CLOEXEC);
  if (fd < 0)
    return;
  void *pages = MAP_FAILED;
  if (ftruncate(fd, (off_t)len) == 0)
    pages = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (pages != MAP_FAILED) {
    memcpy(pages, (void *)r->inner_lo, len);
    if (mmap((void *)r->inner_lo, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) ==
        MAP_FAILED) {
      munmap(pages, len);
      pages = MAP_FAILED;
    }
  }
  close(fd);
  r->pages = pages == MAP_FAILED ? nullptr : (char *)pages;
}

void pinned_read(char *base, void *dst, const void *src, size_t n) {
  std::lock_guard<std::mutex> g(g_mem_mu);
  auto reg = g_registered.find((uintptr_t)base);
  if (reg != g_registered.end())
    registered_copy(reg->second, (char *)src, (char *)dst, n, false);
  else
    memcpy(dst, src, n);
}

void pinned_write(char *base, void *dst, const void *src, size_t n) {
  std::lock_guard<std::mutex> g(g_mem_mu);
  auto reg = g_registered.find((uintptr_t)base);
  if (reg != g_registered.end()) { /* the whole pages go through their own, writable mapping */
    registered_copy(reg->second, (char *)dst, (char *)src, n, true);
    return;
  }
  auto it = g_pinned.find((uintptr_t)base);
  Pinned *b = it == g_pinned.end() ? nullptr : &it->second;
  if (b && b->inflight)
    mprotect(b->ptr, b->map_len, PROT_READ | PROT_WRITE);
  memcpy(dst, src, n);
  if (b && b->inflight)
    mprotect(b->ptr, b->map_len, PROT_READ);
}

// Whether `addr` is in pinned memory that a copy in flight protects (signal handler: no lock;
// a torn read only changes the message).
static bool pinned_inflight(const void *addr) {
  if (g_held_pages.count((uintptr_t)addr / g_page * g_page))
    return true;
  for (auto &kv : g_pinned)
    if ((const char *)addr >= kv.second.ptr && (const char *)addr < kv.second.ptr + kv.second.size)
      return kv.second.inflight > 0;
  return false;
}

static void on_segv(int sig, siginfo_t *info, void *uctx) {
  (void)uctx;
  if (in_kernel())
    kernel_fault(info->si_addr); // does not return
  if (pinned_inflight(info->si_addr)) {
    static const char msg[] = "gpupar-sim: host write to pinned memory while a copy from or to "
                              "it is in flight (the program would race with the DMA)\n";
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
  }
  signal(sig, SIG_DFL); // the fault repeats and kills the process as usual
}

void install_fault_handler() {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, nullptr);
  sigaction(SIGBUS, &sa, nullptr);
}

} // namespace gpusim

using namespace gpusim;

extern "C" {

void gpupar_sim_report(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "gpupar-sim: error: %s\n", msg);
}

int gpupar_sim_fault(const char *item, int dev) {
  config();
  return fault_at(item, dev, 1);
}

int gpupar_sim_fault_nth(const char *item, int dev, int nth) {
  config();
  return fault_at(item, dev, nth);
}

int gpupar_sim_is_device_range(int dev, const void *p, size_t n) { return device_range(dev, p, n); }

cudaError_t gpupar_sim_device_error(int dev) { return sticky(dev); }

const char *cudaGetErrorName(cudaError_t e) {
  switch (e) {
#define NAME(x)                                                                                    \
  case x:                                                                                          \
    return #x
    NAME(cudaSuccess);
    NAME(cudaErrorInvalidValue);
    NAME(cudaErrorMemoryAllocation);
    NAME(cudaErrorInitializationError);
    NAME(cudaErrorInvalidConfiguration);
    NAME(cudaErrorInvalidPitchValue);
    NAME(cudaErrorInvalidDevicePointer);
    NAME(cudaErrorInvalidMemcpyDirection);
    NAME(cudaErrorInsufficientDriver);
    NAME(cudaErrorDevicesUnavailable);
    NAME(cudaErrorNoDevice);
    NAME(cudaErrorInvalidDevice);
    NAME(cudaErrorNoKernelImageForDevice);
    NAME(cudaErrorECCUncorrectable);
    NAME(cudaErrorInvalidResourceHandle);
    NAME(cudaErrorNotReady);
    NAME(cudaErrorIllegalAddress);
    NAME(cudaErrorLaunchOutOfResources);
    NAME(cudaErrorLaunchTimeout);
    NAME(cudaErrorPeerAccessAlreadyEnabled);
    NAME(cudaErrorPeerAccessNotEnabled);
    NAME(cudaErrorAssert);
    NAME(cudaErrorHostMemoryAlreadyRegistered);
    NAME(cudaErrorHostMemoryNotRegistered);
    NAME(cudaErrorHardwareStackError);
    NAME(cudaErrorIllegalInstruction);
    NAME(cudaErrorMisalignedAddress);
    NAME(cudaErrorInvalidAddressSpace);
    NAME(cudaErrorInvalidPc);
    NAME(cudaErrorLaunchFailure);
    NAME(cudaErrorUnknown);
#undef NAME
  }
  return "cudaErrorUnknown";
}

const char *cudaGetErrorString(cudaError_t e) {
  switch (e) {
  case cudaSuccess:
    return "no error";
  case cudaErrorInvalidValue:
    return "invalid argument";
  case cudaErrorMemoryAllocation:
    return "out of memory";
  case cudaErrorInsufficientDriver:
    return "CUDA driver version is insufficient for CUDA runtime version";
  case cudaErrorNoDevice:
    return "no CUDA-capable device is detected";
  case cudaErrorInvalidDevice:
    return "invalid device ordinal";
  case cudaErrorDevicesUnavailable:
    return "CUDA-capable device(s) is/are busy or unavailable";
  case cudaErrorNoKernelImageForDevice:
    return "no kernel image is available for execution on the device";
  case cudaErrorInvalidResourceHandle:
    return "invalid resource handle";
  case cudaErrorNotReady:
    return "device not ready";
  case cudaErrorIllegalAddress:
    return "an illegal memory access was encountered";
  case cudaErrorLaunchFailure:
    return "unspecified launch failure";
  case cudaErrorPeerAccessAlreadyEnabled:
    return "peer access is already enabled";
  case cudaErrorInvalidConfiguration:
    return "invalid configuration argument";
  case cudaErrorInvalidPitchValue:
    return "invalid pitch argument";
  case cudaErrorIllegalInstruction:
    return "an illegal instruction was encountered";
  default:
    return cudaGetErrorName(e);
  }
}

cudaError_t cudaGetLastError(void) {
  cudaError_t e = tls_last;
  tls_last = cudaSuccess;
  if (e == cudaSuccess) // a sticky error cannot be cleared
    e = sticky(tls_device);
  return e;
}

cudaError_t cudaPeekAtLastError(void) { return tls_last ? tls_last : sticky(tls_device); }

cudaError_t cudaGetDeviceCount(int *count) {
  config();
  *count = 0;
  if (fault_at("nodriver", -1, 1))
    return fail(cudaErrorInsufficientDriver);
  if (g_config.gpus == 0)
    return fail(cudaErrorNoDevice);
  *count = g_config.gpus;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int dev) {
  config();
  if (!device(dev))
    return fail(cudaErrorInvalidDevice);
  memset(prop, 0, sizeof *prop);
  snprintf(prop->name, sizeof prop->name, "gpupar simulated GPU %d", dev);
  prop->totalGlobalMem = g_config.mem;
  prop->sharedMemPerBlock = 48 << 10;
  prop->warpSize = 32;
  prop->maxThreadsPerBlock = 1024;
  prop->multiProcessorCount = g_config.sms;
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->major = 9;
  prop->minor = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int dev) {
  config();
  if (!device(dev))
    return fail(cudaErrorInvalidDevice);
  switch (attr) {
  case cudaDevAttrClockRate:
    *value = 1500000;
    return cudaSuccess;
  case cudaDevAttrMultiProcessorCount:
    *value = g_config.sms;
    return cudaSuccess;
  }
  return fail(cudaErrorInvalidValue);
}

cudaError_t cudaSetDevice(int dev) {
  config();
  if (fault_at("nodriver", -1, 1))
    return fail(cudaErrorInsufficientDriver);
  Device *d = device(dev);
  if (!d)
    return fail(cudaErrorInvalidDevice);
  int nth;
  {
    std::lock_guard<std::mutex> g(d->mu);
    nth = ++d->set_calls;
  }
  // Another process holds the device in exclusive-process compute mode: CUDA 12 creates the
  // context here and fails; the calling thread's current device is unchanged.
  if (fault_at("busy", dev, nth))
    return fail(cudaErrorDevicesUnavailable);
  tls_device = dev;
  // CUDA 12 may return an earlier asynchronous error of the device here (the device is made
  // current all the same).
  if (cudaError_t e = sticky(dev); e != cudaSuccess && fault_at("setdevice", dev, 1))
    return fail(e);
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int *dev) {
  *dev = tls_device;
  return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) {
  config();
  device_sync(tls_device);
  return fail(sticky(tls_device));
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes) {
  config();
  Device *d = device(tls_device);
  if (!d)
    return fail(cudaErrorInvalidDevice);
  if (cudaError_t e = sticky(tls_device))
    return fail(e);
  std::lock_guard<std::mutex> g(d->mu);
  *free_bytes = d->total - d->used;
  *total_bytes = d->total;
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *can, int dev, int peer) {
  config();
  if (!device(dev) || !device(peer))
    return fail(cudaErrorInvalidDevice);
  *can = dev != peer && g_config.p2p;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned flags) {
  config();
  Device *d = device(tls_device);
  if (!d || !device(peer) || peer == tls_device)
    return fail(cudaErrorInvalidDevice);
  if (flags != 0)
    return fail(cudaErrorInvalidValue);
  if (!g_config.p2p)
    return fail_report(cudaErrorInvalidDevice, "peer access %d -> %d is not supported", tls_device,
                       peer);
  std::lock_guard<std::mutex> g(d->mu);
  if (d->peer[peer])
    return fail(cudaErrorPeerAccessAlreadyEnabled);
  d->peer[peer] = true;
  return cudaSuccess;
}

cudaError_t cudaMalloc(void **ptr, size_t bytes) {
  config();
  *ptr = nullptr;
  Device *d = device(tls_device);
  if (!d)
    return fail(cudaErrorInvalidDevice);
  if (cudaError_t e = sticky(tls_device))
    return fail(e);
  if (bytes == 0)
    return cudaSuccess;
  {
    std::lock_guard<std::mutex> g(d->mu);
    ++d->mallocs;
    if (fault_at("oom", tls_device, d->mallocs) || bytes > d->total - d->used)
      return fail(cudaErrorMemoryAllocation);
    d->used += bytes;
  }
  // The block ends (256-byte aligned, as cudaMalloc aligns) just before a guard page, and a
  // guard page precedes it: an access past either end faults as an illegal address.
  size_t body = (bytes + 255) & ~(size_t)255;
  size_t pages = (body + g_page - 1) / g_page * g_page;
  size_t len = pages + 2 * g_page;
  char *map =
      (char *)mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED) {
    std::lock_guard<std::mutex> g(d->mu);
    d->used -= bytes;
    return fail(cudaErrorMemoryAllocation);
  }
  mprotect(map, g_page, PROT_NONE);
  mprotect(map + g_page + pages, g_page, PROT_NONE);
  char *p = map + g_page + pages - body;
  memset(p, 0xa5, body); // device memory starts as garbage, never as zeros
  {
    std::lock_guard<std::mutex> g(g_mem_mu);
    g_allocs[(uintptr_t)p] = Alloc{tls_device, p, bytes, map, len};
  }
  *ptr = p;
  return cudaSuccess;
}

cudaError_t cudaFree(void *ptr) {
  config();
  if (!ptr)
    return cudaSuccess;
  Alloc a;
  if (!find_alloc(ptr, &a) || a.ptr != ptr)
    return fail_report(cudaErrorInvalidValue, "cudaFree(%p): not a device allocation", ptr);
  device_sync(a.device); // cudaFree waits for the device, as CUDA's does
  {
    std::lock_guard<std::mutex> g(g_mem_mu);
    g_allocs.erase((uintptr_t)ptr);
  }
  munmap(a.map, a.map_len);
  Device *d = &g_devices[a.device];
  std::lock_guard<std::mutex> g(d->mu);
  d->used -= a.size;
  return cudaSuccess;
}

cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned flags) {
  config();
  (void)flags;
  *ptr = nullptr;
  if (fault_at("nodriver", -1, 1))
    return fail(cudaErrorInsufficientDriver);
  if (fault_at("hostoom", -1, 1))
    return fail(cudaErrorMemoryAllocation);
  size_t len = (bytes + g_page - 1) / g_page * g_page;
  if (len == 0)
    len = g_page;
  char *p = (char *)mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return fail(cudaErrorMemoryAllocation);
  std::lock_guard<std::mutex> g(g_mem_mu);
  g_pinned[(uintptr_t)p] = Pinned{p, bytes, len, 0};
  *ptr = p;
  return cudaSuccess;
}

cudaError_t cudaMallocHost(void **ptr, size_t bytes) { return cudaHostAlloc(ptr, bytes, 0); }

cudaError_t cudaFreeHost(void *ptr) {
  config();
  if (!ptr)
    return cudaSuccess;
  Pinned b;
  {
    std::lock_guard<std::mutex> g(g_mem_mu);
    auto it = g_pinned.find((uintptr_t)ptr);
    if (it == g_pinned.end())
      return fail_report(cudaErrorInvalidValue, "cudaFreeHost(%p): not pinned memory", ptr);
    b = it->second;
  }
  if (b.inflight) // CUDA waits for the copies; a program freeing them in flight has a bug
    for (int i = 0; i < device_count(); i++)
      device_sync(i);
  std::lock_guard<std::mutex> g(g_mem_mu);
  g_pinned.erase((uintptr_t)ptr);
  munmap(b.ptr, b.map_len);
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t bytes, unsigned flags) {
  config();
  (void)flags;
  if (!ptr || bytes == 0)
    return fail_report(cudaErrorInvalidValue, "cudaHostRegister(%p, %zu): empty range", ptr, bytes);
  Alloc a;
  if (find_alloc(ptr, &a))
    return fail_report(cudaErrorInvalidValue, "cudaHostRegister(%p): device memory", ptr);
  if (fault_at("hostreg", -1, 1))
    return fail(cudaErrorMemoryAllocation);
  // CUDA pins whole pages: a range sharing a page with a registered or pinned one is refused.
  uintptr_t lo = (uintptr_t)ptr / g_page * g_page,
            hi = ((uintptr_t)ptr + bytes + g_page - 1) / g_page * g_page;
  std::lock_guard<std::mutex> g(g_mem_mu);
  for (auto &kv : g_registered) {
    uintptr_t rlo = (uintptr_t)kv.second.ptr / g_page * g_page,
              rhi = ((uintptr_t)kv.second.ptr + kv.second.size + g_page - 1) / g_page * g_page;
    if (rlo < hi && lo < rhi)
      return fail(cudaErrorHostMemoryAlreadyRegistered);
  }
  for (auto &kv : g_pinned)
    if ((uintptr_t)kv.second.ptr < hi && lo < (uintptr_t)kv.second.ptr + kv.second.map_len)
      return fail(cudaErrorHostMemoryAlreadyRegistered);
  Registered r{(char *)ptr, bytes, 0};
  pin_pages(&r);
  g_registered[(uintptr_t)ptr] = r;
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *ptr) {
  config();
  int inflight;
  {
    std::lock_guard<std::mutex> g(g_mem_mu);
    auto it = g_registered.find((uintptr_t)ptr);
    if (it == g_registered.end())
      return fail_report(cudaErrorHostMemoryNotRegistered,
                         "cudaHostUnregister(%p): not the start of a registered range", ptr);
    inflight = it->second.inflight;
  }
  if (inflight) // CUDA waits for the copies; a program unregistering them in flight has a bug
    for (int i = 0; i < device_count(); i++)
      device_sync(i);
  std::lock_guard<std::mutex> g(g_mem_mu);
  auto it = g_registered.find((uintptr_t)ptr);
  if (it != g_registered.end() && it->second.pages)
    munmap(it->second.pages, it->second.inner_hi - it->second.inner_lo);
  g_registered.erase((uintptr_t)ptr);
  return cudaSuccess;
}

} // extern "C"
