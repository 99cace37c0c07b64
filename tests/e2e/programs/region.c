/* A data region keeps both grids on the devices across all sweeps: the arrays move to the
 * devices once at the start and back once at the end. Output must equal the serial build's. */
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
  if (!a || !b)
    return 2;
  for (int i = 0; i < n; i++)
    a[i] = b[i] = (i % 97) * 0.5 + (i == n / 2 ? 1000.0 : 0.0);
  double *u = a, *v = b;
#pragma gpupar data map(tofrom: a[0:n]) map(tofrom: b[0:n])
  {
    for (int s = 0; s < sweeps; s++) {
      sweep(n, u, v);
      double *t = u;
      u = v;
      v = t;
    }
  }
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += u[i] * (i % 13 + 1);
  printf("region: sum=%.12e mid=%.12e\n", sum, u[n / 2]);
  free(a);
  free(b);
  return 0;
}
