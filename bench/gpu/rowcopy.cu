// What a device-to-host copy of rows with gaps between them costs (docs/performance.md,
// "Write-back": arrays written in whole rows come back by one cudaMemcpy2DAsync), against one
// contiguous copy of the same span, into registered program memory. Prints one ROWCOPY line per
// row width. Usage: rowcopy [MiB]
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
  char *host = static_cast<char *>(std::malloc(bytes));
  void *dev;
  if (!host)
    return 1;
  std::memset(host, 1, bytes);
  CHECK(cudaMalloc(&dev, bytes));
  CHECK(cudaHostRegister(host, bytes, cudaHostRegisterPortable));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  const size_t widths[] = {512, 2048, 8192, 16368, 32752, 65520};
  for (size_t w : widths) {
    size_t pitch = w + 16, rows = bytes / pitch;
    double best2d = 1e30, best1d = 1e30;
    for (int rep = 0; rep < 5; rep++) {
      double t0 = now();
      CHECK(cudaMemcpy2DAsync(host, pitch, dev, pitch, w, rows, cudaMemcpyDeviceToHost, s));
      CHECK(cudaStreamSynchronize(s));
      double t1 = now();
      CHECK(cudaMemcpyAsync(host, dev, rows * pitch, cudaMemcpyDeviceToHost, s));
      CHECK(cudaStreamSynchronize(s));
      double t2 = now();
      best2d = t1 - t0 < best2d ? t1 - t0 : best2d;
      best1d = t2 - t1 < best1d ? t2 - t1 : best1d;
    }
    std::printf("ROWCOPY width=%zu pitch=%zu rows=%zu rows_gbs=%.1f span_gbs=%.1f rows_ms=%.3f "
                "span_ms=%.3f\n",
                w, pitch, rows, (double)(w * rows) / best2d / 1e9,
                (double)(pitch * rows) / best1d / 1e9, best2d * 1e3, best1d * 1e3);
  }
  CHECK(cudaHostUnregister(host));
  return 0;
}
