// CHECK(call): returns 1 from the enclosing function (main) when a CUDA runtime call fails,
// after printing the program, the call and CUDA's message. For the GPU helpers of bench/gpu.
#ifndef BENCH_GPU_CUDA_CHECK_H
#define BENCH_GPU_CUDA_CHECK_H

#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s: %s: %s\n", __FILE__, #call, cudaGetErrorString(e_));               \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

#endif
