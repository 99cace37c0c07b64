/* saxpy: y = a*x + y. Bandwidth bound: 12 bytes and 2 flops per element. */
#include "common.h"

static void saxpy(long n, float a, const float *x, float *y) {
#pragma gpupar
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 24;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  float *x = bench_alloc(n * sizeof *x), *y = bench_alloc(n * sizeof *y);
  unsigned long long seed = 1;
  for (long i = 0; i < n; i++) {
    x[i] = (float)bench_rand(&seed);
    y[i] = (float)bench_rand(&seed);
  }
  double *ref = bench_alloc(n * sizeof *ref), *got = bench_alloc(n * sizeof *got);
  const float a = 1.5f;
  int calls = reps + 1; /* warm-up + timed calls: y gets a*x added each time */
  for (long i = 0; i < n; i++) {
    float v = y[i];
    for (int c = 0; c < calls; c++)
      v = a * x[i] + v;
    ref[i] = v;
  }
  double times[64];
  if (bench_resident(argc, argv)) {
#pragma gpupar data map(to : x[0 : n]) map(tofrom : y[0 : n])
    {
      BENCH_TIME(times, reps, saxpy(n, a, x, y));
    }
  } else {
    BENCH_TIME(times, reps, saxpy(n, a, x, y));
  }
  for (long i = 0; i < n; i++)
    got[i] = y[i];
  double err = bench_rel_err(got, ref, n);
  bench_report("saxpy", n, times, reps, 12.0 * n, 2.0 * n, err < 1e-6);
  return err < 1e-6 ? 0 : 1;
}
