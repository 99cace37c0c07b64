// Measures the bandwidth floors the benchmarks are compared with: device memory (a large
// device-to-device copy, counting bytes read plus written) and host<->device over the bus
// (pinned buffers). Prints one FLOOR line for bench/report.py.
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

// Median of `reps` timings (ms) of `bytes` moved by `copy`, as GB/s.
template <class F> static int rate(F copy, double bytes, double *gbs) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  float ms[9];
  for (int r = -1; r < 9; r++) {
    CHECK(cudaEventRecord(a));
    CHECK(copy());
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    if (r >= 0)
      CHECK(cudaEventElapsedTime(&ms[r], a, b));
  }
  for (int i = 1; i < 9; i++)
    for (int j = i; j > 0 && ms[j] < ms[j - 1]; j--) {
      float t = ms[j];
      ms[j] = ms[j - 1];
      ms[j - 1] = t;
    }
  *gbs = bytes / (ms[4] * 1e-3) / 1e9;
  return 0;
}

int main() {
  const size_t bytes = (size_t)1 << 30;
  void *d0, *d1, *h;
  CHECK(cudaMalloc(&d0, bytes));
  CHECK(cudaMalloc(&d1, bytes));
  CHECK(cudaMallocHost(&h, bytes));
  CHECK(cudaMemset(d0, 1, bytes));
  double dev = 0, h2d = 0, d2h = 0;
  if (rate([&] { return cudaMemcpy(d1, d0, bytes, cudaMemcpyDeviceToDevice); }, 2.0 * bytes,
           &dev) ||
      rate([&] { return cudaMemcpy(d0, h, bytes, cudaMemcpyHostToDevice); }, (double)bytes, &h2d) ||
      rate([&] { return cudaMemcpy(h, d0, bytes, cudaMemcpyDeviceToHost); }, (double)bytes, &d2h))
    return 1;
  std::printf("FLOOR dev_gbs=%.1f h2d_gbs=%.1f d2h_gbs=%.1f\n", dev, h2d, d2h);
  return 0;
}
