/* Scalars assigned before use in the iteration (`k = i * m + j; a[k] = ...`) are substituted into
 * subscripts, so these loops offload. Each is checked element by element against the same loop
 * run serially (no pragma). */
#include <stdio.h>
#include <stdlib.h>

static void nest(int n, int m, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int k;
      k = i * m + j;
      a[k] = 2 * b[k] + (float)j;
    }
}

static int pairs(int n, float *a, const float *b) {
  int k = -1;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    k = 2 * i;
    a[k] = b[k] + b[k + 1];
    a[k + 1] = b[k] - b[k + 1];
  }
  return k; /* the last iteration's value */
}

int main(void) {
  const int n = 613, m = 409;
  float *a = malloc(sizeof(float) * (size_t)(n * m)), *b = malloc(sizeof(float) * (size_t)(n * m));
  if (!a || !b)
    return 2;
  for (int i = 0; i < n * m; i++)
    b[i] = (float)(i % 113) * 0.5f;
  int bad = 0;
  nest(n, m, a, b);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      bad += a[i * m + j] != 2 * b[i * m + j] + (float)j;
  int last = pairs(n * m / 2, a, b);
  for (int i = 0; i < n * m / 2; i++)
    bad += a[2 * i] != b[2 * i] + b[2 * i + 1] || a[2 * i + 1] != b[2 * i] - b[2 * i + 1];
  bad += last != 2 * (n * m / 2 - 1);
  double s = 0;
  for (int i = 0; i < n * m; i++)
    s += a[i];
  printf("assigned: %.2f %d %d\n", s, last, bad);
  free(a), free(b);
  if (bad) {
    printf("assigned: %d mismatches\n", bad);
    return 1;
  }
  printf("assigned: ok\n");
  return 0;
}
