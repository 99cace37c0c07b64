/* histwide: a 65536-bin histogram of 16-bit keys, an array reduction whose section (256 KiB of
 * int counters) is too large for a block's shared memory: kernels update the chunk's buffer in
 * global memory, where warp aggregation of the atomics matters. */
#include "common.h"

#define BINS 65536

static void histwide(long n, const unsigned short *keys, int *hist) {
#pragma gpupar reduction(+ : hist[0 : BINS])
  for (long i = 0; i < n; i++)
    hist[keys[i]] += 1;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 26;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  unsigned short *keys = bench_alloc(n * sizeof *keys);
  int *ref = bench_alloc(BINS * sizeof *ref), *hist = bench_alloc(BINS * sizeof *hist);
  memset(ref, 0, BINS * sizeof *ref);
  unsigned long long seed = 7;
  for (long i = 0; i < n; i++) {
    double u = bench_rand(&seed);
    keys[i] = (unsigned short)(32768 + 32767 * u * u * u); /* peaked: contended bins */
  }
  for (long i = 0; i < n; i++)
    ref[keys[i]]++;
  double times[64];
  int ok = 1;
  for (int r = -1; r < reps; r++) {
    memset(hist, 0, BINS * sizeof *hist);
    double t0 = bench_now();
    histwide(n, keys, hist);
    if (r >= 0)
      times[r] = bench_now() - t0;
    ok &= memcmp(hist, ref, BINS * sizeof *hist) == 0;
  }
  bench_report("histwide", n, times, reps, (double)n * sizeof *keys, (double)n, ok);
  return ok ? 0 : 1;
}
