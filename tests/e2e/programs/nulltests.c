/* Arrays compared with a null pointer in offloaded loops: optional weights tested in the body
 * (`w != NULL`, `w ? w[i] : 1`), and `assert(p != NULL)` or `if (!p)` in called functions. The
 * weighted calls run on the devices. With NULLTESTS_NULL set, the calls pass a null array too:
 * the runtime keeps those on the host, where the serial code takes the other branch
 * (nulltests.sh). Every element is compared with the same loop run serially (no pragma); exit
 * status 1 on a mismatch. */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10007

static long bad;

static void expect(double got, double want, const char *what, int i) {
  if (got != want && bad++ < 5)
    fprintf(stderr, "nulltests: %s[%d] is %.17g, serially %.17g\n", what, i, got, want);
}

static double scaled(const double *scale, const double *v, int i) {
  assert(scale != NULL);
  if (!v)
    return scale[i];
  return scale[i] * v[i];
}

static void weigh(int n, const double *v, const double *w, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (w != NULL)
      out[i] = v[i] * w[i];
    else
      out[i] = v[i];
  }
}

static void weigh_ref(int n, const double *v, const double *w, double *out) {
  for (int i = 0; i < n; i++) {
    if (w != NULL)
      out[i] = v[i] * w[i];
    else
      out[i] = v[i];
  }
}

static void shift(int n, const double *v, const double *w, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = (w ? w[i] : 1.0) + scaled(v, w, i);
}

static void shift_ref(int n, const double *v, const double *w, double *out) {
  for (int i = 0; i < n; i++)
    out[i] = (w ? w[i] : 1.0) + scaled(v, w, i);
}

int main(void) {
  double *v = malloc(N * sizeof *v), *w = malloc(N * sizeof *w);
  double *out = malloc(N * sizeof *out), *ref = malloc(N * sizeof *ref);
  if (!v || !w || !out || !ref)
    return 2;
  for (int i = 0; i < N; i++) {
    v[i] = (double)(i % 17) - 8.0;
    w[i] = (double)(i % 5) * 0.25;
  }
  const double *ws[2] = {w, NULL};
  for (int k = 0; k < (getenv("NULLTESTS_NULL") ? 2 : 1); k++) {
    weigh(N, v, ws[k], out);
    weigh_ref(N, v, ws[k], ref);
    for (int i = 0; i < N; i++)
      expect(out[i], ref[i], k ? "weigh(NULL)" : "weigh", i);
    shift(N, v, ws[k], out);
    shift_ref(N, v, ws[k], ref);
    for (int i = 0; i < N; i++)
      expect(out[i], ref[i], k ? "shift(NULL)" : "shift", i);
  }
  printf("out[100]=%.6f\n", out[100]);
  free(v);
  free(w);
  free(out);
  free(ref);
  return bad ? 1 : 0;
}
