// cuBLAS single-precision matrix multiply: the reference for bench/kernels/matmul.c. Times
// C = A*B for n x n matrices on the device (kernel time, data already there) and prints a RESULT
// line for bench/report.py. Usage: cublas_sgemm n reps
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    if ((call) != 0) {                                                                             \
      std::fprintf(stderr, "cublas_sgemm: %s failed\n", #call);                                    \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1024, reps = argc > 2 ? std::atoi(argv[2]) : 5;
  size_t cells = (size_t)n * n;
  std::vector<float> host(cells);
  for (size_t k = 0; k < cells; k++)
    host[k] = (float)((k * 2654435761u) % 1000) / 1000.0f - 0.5f;
  float *A, *B, *C;
  CHECK(cudaMalloc(&A, cells * 4));
  CHECK(cudaMalloc(&B, cells * 4));
  CHECK(cudaMalloc(&C, cells * 4));
  CHECK(cudaMemcpy(A, host.data(), cells * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, host.data(), cells * 4, cudaMemcpyHostToDevice));
  cublasHandle_t h;
  CHECK(cublasCreate(&h));
  const float one = 1.0f, zero = 0.0f;
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::vector<float> ms(reps);
  for (int r = -1; r < reps; r++) {
    CHECK(cudaEventRecord(a));
    CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, C, n));
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    if (r >= 0)
      CHECK(cudaEventElapsedTime(&ms[r], a, b));
  }
  std::sort(ms.begin(), ms.end());
  double s = ms[reps / 2] * 1e-3;
  std::printf("RESULT name=matmul size=%d median_s=%.9f bytes=%.0f flops=%.0f ok=1\n", n, s,
              12.0 * cells, 2.0 * n * (double)cells);
  return 0;
}
