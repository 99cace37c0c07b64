/* matmul: C = A * B for n x n single-precision matrices (flat, row-major). 2n^3 flops. */
#include "common.h"

static void matmul(long n, const float *A, const float *B, float *C) {
#pragma gpupar collapse(2)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float acc = 0.0f;
      for (long k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1024;
  int reps = argc > 2 ? atoi(argv[2]) : 3;
  size_t cells = (size_t)n * n;
  float *A = bench_alloc(cells * sizeof *A), *B = bench_alloc(cells * sizeof *B);
  float *C = bench_alloc(cells * sizeof *C);
  double *ref = bench_alloc(cells * sizeof *ref), *got = bench_alloc(cells * sizeof *got);
  unsigned long long seed = 3;
  for (size_t k = 0; k < cells; k++)
    A[k] = (float)bench_rand(&seed), B[k] = (float)bench_rand(&seed);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double acc = 0;
      for (long k = 0; k < n; k++)
        acc += (double)A[i * n + k] * B[k * n + j];
      ref[i * n + j] = acc;
    }
  double times[64];
  BENCH_TIME(times, reps, matmul(n, A, B, C));
  for (size_t k = 0; k < cells; k++)
    got[k] = C[k];
  double err = bench_rel_err(got, ref, cells);
  bench_report("matmul", n, times, reps, 12.0 * cells, 2.0 * n * cells, err < 1e-4);
  return err < 1e-4 ? 0 : 1;
}
