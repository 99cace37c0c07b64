/* jacobi2d: one 5-point Jacobi sweep on an n x n grid (flat arrays). 16 bytes and 4 flops per
 * interior point at best (each input read once, each output written once). */
#include "common.h"

static void sweep(long n, const double *in, double *out) {
#pragma gpupar
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1] +
                               in[i * n + j + 1]);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  size_t cells = (size_t)n * n;
  double *in = bench_alloc(cells * sizeof *in), *out = bench_alloc(cells * sizeof *out);
  double *ref = bench_alloc(cells * sizeof *ref);
  unsigned long long seed = 2;
  for (size_t k = 0; k < cells; k++)
    in[k] = bench_rand(&seed), out[k] = ref[k] = 0;
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      ref[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1] +
                               in[i * n + j + 1]);
  double times[64];
  if (bench_resident(argc, argv)) {
#pragma gpupar data map(to : in[0 : cells]) map(tofrom : out[0 : cells])
    {
      BENCH_TIME(times, reps, sweep(n, in, out));
    }
  } else {
    BENCH_TIME(times, reps, sweep(n, in, out));
  }
  double err = bench_rel_err(out, ref, cells);
  double pts = (double)(n - 2) * (n - 2);
  bench_report("jacobi2d", n, times, reps, 16.0 * pts, 4.0 * pts, err < 1e-12);
  return err < 1e-12 ? 0 : 1;
}
