// What the host side of a transfer costs, for the data path's choices (docs/performance.md):
// registering and unregistering a program range (cudaHostRegister), allocating pinned staging
// (cudaHostAlloc), copies from pageable memory, and the host's own memcpy. Prints one HOSTCOPY
// line per measurement. Usage: hostcopy [MiB]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#include "cuda_check.h"

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 256, bytes = mib << 20;
  char *a = static_cast<char *>(std::malloc(bytes)), *b = static_cast<char *>(std::malloc(bytes));
  void *d, *pinned;
  if (!a || !b)
    return 1;
  std::memset(a, 1, bytes); // touched: registration and copies see resident pages
  std::memset(b, 2, bytes);
  CHECK(cudaMalloc(&d, bytes));
  CHECK(cudaFree(0));
  for (int rep = 0; rep < 3; rep++) {
    double t0 = now();
    CHECK(cudaHostRegister(a, bytes, cudaHostRegisterPortable));
    double t1 = now();
    CHECK(cudaMemcpy(d, a, bytes, cudaMemcpyHostToDevice));
    double t2 = now();
    CHECK(cudaHostUnregister(a));
    double t3 = now();
    CHECK(cudaMemcpy(d, a, bytes, cudaMemcpyHostToDevice));
    double t4 = now();
    CHECK(cudaMemcpy(a, d, bytes, cudaMemcpyDeviceToHost));
    double t5 = now();
    CHECK(cudaHostAlloc(&pinned, bytes, cudaHostAllocPortable));
    double t6 = now();
    CHECK(cudaFreeHost(pinned));
    double t7 = now();
    std::memcpy(b, a, bytes);
    double t8 = now();
    std::printf("HOSTCOPY mib=%zu rep=%d register_ms=%.2f h2d_registered_gbs=%.1f "
                "unregister_ms=%.2f h2d_pageable_gbs=%.1f d2h_pageable_gbs=%.1f "
                "hostalloc_ms=%.2f freehost_ms=%.2f memcpy_gbs=%.1f\n",
                mib, rep, (t1 - t0) * 1e3, bytes / (t2 - t1) / 1e9, (t3 - t2) * 1e3,
                bytes / (t4 - t3) / 1e9, bytes / (t5 - t4) / 1e9, (t6 - t5) * 1e3, (t7 - t6) * 1e3,
                bytes / (t8 - t7) / 1e9);
  }
  return 0;
}
