/* histogram: 256-bin histogram of bytes, an array reduction. */
#include "common.h"

#define BINS 256

static void histogram(long n, const unsigned char *data, long *hist) {
#pragma gpupar reduction(+ : hist[0 : BINS])
  for (long i = 0; i < n; i++)
    hist[data[i]] += 1;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 26;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  unsigned char *data = bench_alloc(n);
  unsigned long long seed = 5;
  for (long i = 0; i < n; i++) {
    double u = bench_rand(&seed);
    data[i] = (unsigned char)(128 + 127 * u * fabs(u)); /* peaked: contended bins */
  }
  long ref[BINS] = {0}, hist[BINS];
  for (long i = 0; i < n; i++)
    ref[data[i]]++;
  double times[64];
  int ok = 1;
  for (int r = -1; r < reps; r++) {
    memset(hist, 0, sizeof hist);
    double t0 = bench_now();
    histogram(n, data, hist);
    if (r >= 0)
      times[r] = bench_now() - t0;
    ok &= memcmp(hist, ref, sizeof hist) == 0;
  }
  bench_report("histogram", n, times, reps, (double)n, (double)n, ok);
  return ok ? 0 : 1;
}
