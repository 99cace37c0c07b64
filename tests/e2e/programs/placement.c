/* One loop called again and again with enough data to offload: under GPUPAR_DEVICES=auto the
 * cost model times a device call, explores the host threads once, then runs the faster of the
 * two (docs/runtime.md, "Cost model"), so calls move between the devices and the host threads.
 * Every call's result is checked element by element against the same arithmetic done serially
 * here (a device may fuse a*x + y into one rounding: the bound scales with the terms). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 19)
#define CALLS 10

static void axpy(long n, float a, const float *x, float *y) {
#pragma gpupar
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *ref = malloc(N * sizeof *ref);
  if (!x || !y || !ref) {
    fprintf(stderr, "placement: out of memory\n");
    return 2;
  }
  for (long i = 0; i < N; i++) {
    x[i] = (float)(i % 1013) / 1013.0f - 0.5f;
    y[i] = ref[i] = (float)(i % 797) / 797.0f;
  }
  long bad = 0;
  for (int c = 0; c < CALLS; c++) {
    float a = 0.25f * (float)(c + 1);
    axpy(N, a, x, y);
    for (long i = 0; i < N; i++) {
      float want = a * x[i] + ref[i], scale = fabsf(a * x[i]) + fabsf(ref[i]);
      if (!(fabsf(y[i] - want) <= 1e-6f * scale + 1e-30f) && bad++ < 5)
        fprintf(stderr, "placement: call %d: y[%ld] = %.9g, expected %.9g\n", c, i, y[i], want);
      ref[i] = y[i]; /* the next call starts from this call's result */
    }
  }
  printf("placement: %d calls of %d elements %s\n", CALLS, N, bad ? "FAILED" : "ok");
  free(x);
  free(y);
  free(ref);
  return bad ? 1 : 0;
}
