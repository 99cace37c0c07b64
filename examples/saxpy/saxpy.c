/* saxpy: y = a*x + y, the bandwidth-bound "hello world" of offloading.
 * Usage: saxpy [n]. Checks every element against a serial computation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void saxpy(int n, float a, const float *x, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000003;
  if (n < 0) {
    fprintf(stderr, "saxpy: n must be non-negative\n");
    return 2;
  }
  float *x = malloc((size_t)n * sizeof *x);
  float *y = malloc((size_t)n * sizeof *y);
  float *ref = malloc((size_t)n * sizeof *ref);
  if (n && (!x || !y || !ref)) {
    fprintf(stderr, "saxpy: out of memory\n");
    return 2;
  }
  for (int i = 0; i < n; i++) {
    x[i] = (float)((i * 37) % 1001) / 7.0f - 50.0f;
    y[i] = (float)((i * 91) % 997) / 3.0f;
  }
  const float a = 2.5f;
  for (int i = 0; i < n; i++)
    ref[i] = a * x[i] + y[i];

  saxpy(n, a, x, y);

  /* Devices may fuse a*x+y into one rounding (an FMA), which differs from the host's by up to
   * half a unit in the last place of a*x: where a*x and y nearly cancel, that is large against
   * the result, so the bound scales with |a*x| + |result|. */
  long bad = 0;
  double checksum = 0;
  for (int i = 0; i < n; i++) {
    float scale = fabsf(a * x[i]) + fabsf(ref[i]);
    if (!(fabsf(y[i] - ref[i]) <= 1e-6f * scale + 1e-30f)) {
      if (bad++ < 5)
        fprintf(stderr, "saxpy: y[%d] = %.9g, expected %.9g\n", i, y[i], ref[i]);
    }
    checksum += y[i];
  }
  printf("saxpy: n=%d checksum=%.6e %s\n", n, checksum, bad ? "FAILED" : "ok");
  free(x);
  free(y);
  free(ref);
  return bad ? 1 : 0;
}
