/* dot: s = sum x[i]*y[i] in double precision, a scalar reduction. 16 bytes, 2 flops each. */
#include "common.h"

static double dot(long n, const double *x, const double *y) {
  double s = 0.0;
#pragma gpupar reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 24;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  double *x = bench_alloc(n * sizeof *x), *y = bench_alloc(n * sizeof *y);
  unsigned long long seed = 4;
  for (long i = 0; i < n; i++)
    x[i] = bench_rand(&seed), y[i] = bench_rand(&seed);
  long double ref = 0, mag = 0;
  for (long i = 0; i < n; i++) {
    ref += (long double)x[i] * y[i];
    mag += fabsl((long double)x[i] * y[i]);
  }
  double times[64], s = 0;
  if (bench_resident(argc, argv)) {
#pragma gpupar data map(to : x[0 : n], y[0 : n])
    {
      BENCH_TIME(times, reps, s = dot(n, x, y));
    }
  } else {
    BENCH_TIME(times, reps, s = dot(n, x, y));
  }
  /* Summation order differs between backends: bound the error by the sum of magnitudes. */
  int ok = fabsl(s - ref) <= 1e-12L * mag;
  bench_report("dot", n, times, reps, 16.0 * n, 2.0 * n, ok);
  return ok ? 0 : 1;
}
