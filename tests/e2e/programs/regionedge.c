/* Data regions next to loops that keep part of the data on the host: a loop reading a whole
 * allocated block of which the region maps a part (runs on the host, after the region's latest
 * bytes are brought back), and a loop whose `if` is false between two offloaded loops (the host
 * copy is brought up to date first, and its writes are not overwritten at the region's exit).
 * Every element is compared with the same loops run with every `if` false (exit status 1 on a
 * mismatch); before the fixes both read stale host bytes. */
#include <stdio.h>
#include <stdlib.h>

#define N 100003
#define PAD 1000

static void steps(int n, double *x, const int *idx, double *y, int par, int par2) {
#pragma gpupar data map(tofrom : x[0 : n])
  {
#pragma gpupar if (par)
    for (int i = 0; i < n; i++)
      x[i] = x[i] * 2 + i;
    /* x's block is larger than the region's part: its extent is the whole block. */
#pragma gpupar if (par)
    for (int i = 0; i < n; i++)
      y[i] = x[idx[i]] + 1;
#pragma gpupar if (par2)
    for (int i = 0; i < n; i++)
      x[i] = x[i] - y[i] / 4;
#pragma gpupar if (par)
    for (int i = 0; i < n; i++)
      x[i] = x[i] + y[i];
  }
}

int main(void) {
  double *x = malloc((N + PAD) * sizeof *x), *xs = malloc((N + PAD) * sizeof *xs);
  double *y = malloc(N * sizeof *y), *ys = malloc(N * sizeof *ys);
  int *idx = malloc(N * sizeof *idx);
  for (int i = 0; i < N + PAD; i++)
    x[i] = xs[i] = i % 7;
  for (int i = 0; i < N; i++)
    idx[i] = (int)((i * 37L) % N);
  steps(N, x, idx, y, 1, 0);
  steps(N, xs, idx, ys, 0, 0);
  long bad = 0;
  for (int i = 0; i < N; i++) {
    if (x[i] != xs[i] && bad++ < 3)
      printf("x[%d] is %.17g, serially %.17g\n", i, x[i], xs[i]);
    if (y[i] != ys[i] && bad++ < 3)
      printf("y[%d] is %.17g, serially %.17g\n", i, y[i], ys[i]);
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += x[i] + y[i];
  printf("regionedge: sum=%.17g\n", sum);
  if (bad)
    printf("regionedge: %ld elements differ\n", bad);
  free(x), free(xs), free(y), free(ys), free(idx);
  return bad != 0;
}
