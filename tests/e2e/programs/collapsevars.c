/* `collapse(2)` with the loop variables declared before the nest (`int i, j; for (i = 0; ...)
 * for (j = 0; ...)`, PolyBench style), and a lower-triangular copy written as a rectangular nest
 * with a guard. Results and the variables' final values are checked against the serial build. */
#include <stdio.h>
#include <stdlib.h>

static int scale(int n, int m, double *a, const double *b, int *jout) {
  int i, j;
  j = -7;
#pragma gpupar collapse(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = 3.0 * b[i * m + j] + i - j;
  *jout = j;
  return i;
}

static void empty(int n, int m, double *a, int *iout, int *jout) {
  int i = 5, j = 9;
#pragma gpupar collapse(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = 0;
  *iout = i;
  *jout = j;
}

int main(void) {
  const int n = 311, m = 257;
  double *a = malloc(sizeof(double) * (size_t)(n * m)), *b = malloc(sizeof(double) * (size_t)(n * m));
  if (!a || !b)
    return 2;
  for (int k = 0; k < n * m; k++)
    b[k] = (double)(k % 101) * 0.5;
  int bad = 0, jf = 0, i0 = 0, j0 = 0;
  int iff = scale(n, m, a, b, &jf);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      bad += a[i * m + j] != 3.0 * b[i * m + j] + i - j;
  bad += iff != n || jf != m;
  empty(0, m, a, &i0, &j0); /* the outer loop does not run: j keeps its value */
  bad += i0 != 0 || j0 != 9;
  empty(n, 0, a, &i0, &j0); /* the inner loop runs no iteration: j = its first value */
  bad += i0 != n || j0 != 0;
  double s = 0;
  for (int k = 0; k < n * m; k++)
    s += a[k];
  printf("collapsevars: %.2f %d %d %d %d %d\n", s, iff, jf, i0, j0, bad);
  free(a), free(b);
  if (bad) {
    printf("collapsevars: %d mismatches\n", bad);
    return 1;
  }
  printf("collapsevars: ok\n");
  return 0;
}
