/* A data region keeps both grids on the devices across all sweeps: the arrays move to the
 * devices once at the start and back once at the end. Output must equal the serial build's, and
 * every element of both grids is checked against a serial recomputation (exit status 1 if not). */
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, const double *in, double *out) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    out[i] = (in[i - 1] + 2.0 * in[i] + in[i + 1]) * 0.25;
}

int main(void) {
  int n = 20011, sweeps = 40;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *ra = malloc(n * sizeof *ra), *rb = malloc(n * sizeof *rb);
  if (!a || !b || !ra || !rb)
    return 2;
  for (int i = 0; i < n; i++)
    a[i] = b[i] = ra[i] = rb[i] = (i % 97) * 0.5 + (i == n / 2 ? 1000.0 : 0.0);
  double *u = a, *v = b;
#pragma gpupar data map(tofrom : a [0:n]) map(tofrom : b [0:n])
  {
    for (int s = 0; s < sweeps; s++) {
      sweep(n, u, v);
      double *t = u;
      u = v;
      v = t;
    }
  }
  /* The serial reference: the same sweeps without gpupar. 2.0 * x and * 0.25 are exact, so a
   * device that contracts in[i - 1] + 2.0 * in[i] into one rounding gets the same double:
   * compared exactly. */
  double *ru = ra, *rv = rb;
  for (int s = 0; s < sweeps; s++) {
    for (int i = 1; i < n - 1; i++)
      rv[i] = (ru[i - 1] + 2.0 * ru[i] + ru[i + 1]) * 0.25;
    double *t = ru;
    ru = rv;
    rv = t;
  }
  long bad = 0;
  for (int i = 0; i < n; i++)
    bad += u[i] != ru[i] || v[i] != rv[i];
  if (bad)
    fprintf(stderr, "region: %ld elements differ from the serial computation\n", bad);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += u[i] * (i % 13 + 1);
  printf("region: sum=%.12e mid=%.12e\n", sum, u[n / 2]);
  free(a);
  free(b);
  free(ra);
  free(rb);
  return bad ? 1 : 0;
}
