/* PolyBench's covariance and correlation as their flat OpenMP ports write them: the symmetric
 * matrix stored through one flat array, 'symmat[j1*(M+1) + j2]' and 'symmat[j2*(M+1) + j1]' with j2
 * >= j1. With the column part proven to lie within a row (0 <= j2 <= M), the dependence test splits
 * each subscript into row and column and proves the iterations independent. Every element is
 * checked against a serial recomputation (exit status 1 if any differs). */
#include <stdio.h>
#include <stdlib.h>

#define M 203
#define N 157

static void covariance(float *symmat, const float *data) {
  int j1, j2, i;
#pragma gpupar private(j2, i)
  for (j1 = 1; j1 < M + 1; j1++) {
    for (j2 = j1; j2 < M + 1; j2++) {
      symmat[j1 * (M + 1) + j2] = 0.0f;
      for (i = 1; i < N + 1; i++)
        symmat[j1 * (M + 1) + j2] += data[i * (M + 1) + j1] * data[i * (M + 1) + j2];
      symmat[j2 * (M + 1) + j1] = symmat[j1 * (M + 1) + j2];
    }
  }
}

/* Correlation's form: the diagonal written in the outer loop, `symmat[j1*(M+1) + j1]` (the
 * coefficient M + 2 splits as row j1, column j1), the rest from the inner loop. */
static void correlation(float *symmat, const float *data) {
  int j1, j2, i;
#pragma gpupar private(j2, i)
  for (j1 = 1; j1 < M; j1++) {
    symmat[j1 * (M + 1) + j1] = 1.0f;
    for (j2 = j1 + 1; j2 < M + 1; j2++) {
      symmat[j1 * (M + 1) + j2] = 0.0f;
      for (i = 1; i < N + 1; i++)
        symmat[j1 * (M + 1) + j2] += data[i * (M + 1) + j1] * data[i * (M + 1) + j2];
      symmat[j2 * (M + 1) + j1] = symmat[j1 * (M + 1) + j2];
    }
  }
}

int main(void) {
  float *data = malloc(sizeof(float) * (N + 1) * (M + 1));
  float *symmat = malloc(sizeof(float) * (M + 1) * (M + 1));
  float *want = malloc(sizeof(float) * (M + 1) * (M + 1));
  if (!data || !symmat || !want)
    return 2;
  for (int i = 0; i < (N + 1) * (M + 1); i++)
    data[i] = (float)((i * 37) % 23) / 8.0f;
  for (int i = 0; i < (M + 1) * (M + 1); i++)
    symmat[i] = want[i] = -1.0f;
  for (int rep = 0; rep < 2; rep++)
    covariance(symmat, data);
  for (int j1 = 1; j1 < M + 1; j1++)
    for (int j2 = j1; j2 < M + 1; j2++) {
      float s = 0.0f;
      for (int i = 1; i < N + 1; i++)
        s += data[i * (M + 1) + j1] * data[i * (M + 1) + j2];
      want[j1 * (M + 1) + j2] = want[j2 * (M + 1) + j1] = s;
    }
  long bad = 0;
  double sum = 0;
  for (int i = 0; i < (M + 1) * (M + 1); i++) {
    bad += symmat[i] != want[i];
    sum += symmat[i] * (double)(i % 7 + 1);
  }
  for (int i = 0; i < (M + 1) * (M + 1); i++)
    symmat[i] = want[i] = -1.0f;
  correlation(symmat, data);
  for (int j1 = 1; j1 < M; j1++) {
    want[j1 * (M + 1) + j1] = 1.0f;
    for (int j2 = j1 + 1; j2 < M + 1; j2++) {
      float s = 0.0f;
      for (int i = 1; i < N + 1; i++)
        s += data[i * (M + 1) + j1] * data[i * (M + 1) + j2];
      want[j1 * (M + 1) + j2] = want[j2 * (M + 1) + j1] = s;
    }
  }
  for (int i = 0; i < (M + 1) * (M + 1); i++) {
    bad += symmat[i] != want[i];
    sum += symmat[i] * (double)(i % 5 + 1);
  }
  if (bad)
    fprintf(stderr, "flatsym: %ld elements differ from the serial computation\n", bad);
  printf("flatsym: sum=%.6e\n", sum);
  free(data);
  free(symmat);
  free(want);
  return bad ? 1 : 0;
}
