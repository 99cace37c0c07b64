/* Arrays that overlap: dst is src shifted by one element, so each iteration reads what the
 * previous one wrote. gpupar's run-time alias guard must notice and run the loop serially; the
 * output must equal the serial build's. The disjoint call must still be offloaded. Likewise a
 * global the loop keeps the last value of, passed as the array the loop reads: each iteration
 * reads what it has just written. Every element is checked against a serial recomputation (exit
 * status 1 on a mismatch). */
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, const float *src, float *dst) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    dst[i] = 0.5f * src[i] + 1.0f;
}

static double last;

/* `weight` is a separate array, or `&last` itself: then dst[i] reads 2 * src[i] back. */
static void keep_last(int n, const double *src, const double *weight, double *dst) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    last = 2.0 * src[i];
    dst[i] = last + weight[0];
  }
}

static long check_last(int n) {
  double src[64], dst[64], one = 1.0;
  long bad = 0;
  for (int i = 0; i < n; i++)
    src[i] = i % 9 - 4;
  keep_last(n, src, &one, dst); /* separate: offloaded */
  for (int i = 0; i < n; i++)
    bad += dst[i] != 2.0 * src[i] + 1.0;
  bad += last != 2.0 * src[n - 1];
  keep_last(n, src, &last, dst); /* the loop's own variable: serial */
  for (int i = 0; i < n; i++)
    bad += dst[i] != 4.0 * src[i];
  bad += last != 2.0 * src[n - 1];
  printf("alias: last=%.9g dst=%.9g\n", last, dst[n - 1]);
  return bad;
}

int main(void) {
  int n = 4099;
  float *buf = malloc((n + 1) * sizeof *buf), *out = malloc(n * sizeof *out);
  if (!buf || !out)
    return 2;
  float *ref = malloc((n + 1) * sizeof *ref), *ref_out = malloc(n * sizeof *ref_out);
  if (!ref || !ref_out)
    return 2;
  for (int i = 0; i <= n; i++)
    buf[i] = ref[i] = (float)(i % 17);
  scale(n, buf, out);     /* disjoint */
  scale(n, buf, buf + 1); /* overlapping: a recurrence when run serially */
  /* The serial reference: the same loop without the pragma. 0.5f * x is exact, so a device that
   * contracts 0.5f * x + 1.0f into one rounding gets the same float: compared exactly. */
  for (int i = 0; i < n; i++)
    ref_out[i] = 0.5f * ref[i] + 1.0f;
  for (int i = 0; i < n; i++)
    ref[i + 1] = 0.5f * ref[i] + 1.0f;
  long bad = check_last(64);
  for (int i = 0; i < n; i++)
    bad += out[i] != ref_out[i];
  for (int i = 0; i <= n; i++)
    bad += buf[i] != ref[i];
  if (bad)
    fprintf(stderr, "alias: %ld elements differ from the serial computation\n", bad);
  double s1 = 0, s2 = 0;
  for (int i = 0; i < n; i++) {
    s1 += out[i];
    s2 += buf[i + 1] * (i % 5 + 1);
  }
  printf("alias: disjoint=%.9g overlapping=%.9g last=%.9g\n", s1, s2, buf[n]);
  free(buf);
  free(out);
  free(ref);
  free(ref_out);
  return bad ? 1 : 0;
}
