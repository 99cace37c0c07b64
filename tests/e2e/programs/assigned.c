/* Scalars assigned before use in the iteration (`k = i * m + j; a[k] = ...`) are substituted into
 * subscripts, so these loops offload; also scalars assigned several times, each read taking the
 * last assignment before it (Rodinia lud's perimeter blocks: `j_global = offset; j_global +=
 * BS * (chunk + 1);`, reset for the second phase). Each is checked element by element against
 * the same loop run serially (no pragma). */
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

#define BS 16
/* Top and left perimeter blocks of one lud step: chunk c scales the block right of the diagonal
 * block and adds to the block below it, each reading the diagonal block. */
static void perimeter(float *a, int size, int offset, int chunks, int parallel) {
  int c;
#pragma gpupar private(c) if (parallel)
  for (c = 0; c < chunks; c++) {
    int i, j, i_global, j_global, i_here, j_here;
    i_global = offset;
    j_global = offset;
    j_global += BS * (c + 1);
    for (j = 0; j < BS; j++)
      for (i = 0; i < BS; i++) {
        i_here = i_global + i;
        j_here = j_global + j;
        a[i_here * size + j_here] =
            a[i_here * size + j_here] * 0.5f + a[(offset + i) * size + offset + j];
      }
    j_global = offset;
    i_global += BS * (c + 1);
    for (i = 0; i < BS; i++)
      for (j = 0; j < BS; j++) {
        i_here = i_global + i;
        j_here = j_global + j;
        a[i_here * size + j_here] -= a[(offset + j) * size + offset + j];
      }
  }
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
  const int size = 16 * 9, offset = 16;
  const int chunks = (size - offset - BS) / BS;
  float *lu = malloc(sizeof(float) * size * size), *ref = malloc(sizeof(float) * size * size);
  if (!lu || !ref)
    return 2;
  for (int i = 0; i < size * size; i++)
    lu[i] = ref[i] = (float)(i % 37) - 18.0f;
  perimeter(lu, size, offset, chunks, 1);
  perimeter(ref, size, offset, chunks, 0);
  for (int i = 0; i < size * size; i++)
    bad += lu[i] != ref[i];
  double s = 0;
  for (int i = 0; i < n * m; i++)
    s += a[i];
  printf("assigned: %.2f %d %d\n", s, last, bad);
  free(a), free(b), free(lu), free(ref);
  if (bad) {
    printf("assigned: %d mismatches\n", bad);
    return 1;
  }
  printf("assigned: ok\n");
  return 0;
}
