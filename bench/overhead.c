/* overhead: cost of one gpupar call that the runtime keeps on the CPU (tiny loop), measured as
 * the time per call of the gpupar build minus the serial build's. */
#include "kernels/common.h"

static void tiny(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    y[i] += 1.0f;
}

int main(int argc, char **argv) {
  long calls = argc > 1 ? atol(argv[1]) : 2000000;
  float y[4] = {0, 0, 0, 0};
  double times[5];
  for (int r = 0; r < 5; r++) {
    double t0 = bench_now();
    for (long c = 0; c < calls; c++)
      tiny(4, y);
    times[r] = (bench_now() - t0) / calls;
  }
  int ok = y[0] == (float)(5 * calls) || calls > (1 << 24);
  bench_report("overhead", calls, times, 5, 0, 0, ok);
  return ok ? 0 : 1;
}
