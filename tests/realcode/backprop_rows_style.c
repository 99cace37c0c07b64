/* FLAGS: -fopenmp */
/* OFFLOADS: 2 */
/* Rodinia's backprop as it is written: the weights are `float **` matrices allocated row by row
 * (alloc_2d_dbl), the layer's weighted sum is an OpenMP 'reduction' variable reset in every
 * iteration, and the weight update walks the column j of every row k. Both loops run over the
 * columns of the rows: each chunk of j gets the same columns of every row. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define IN 64
#define OUT 201
#define ETA 0.3f
#define MOMENTUM 0.3f

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

static float **alloc_2d_dbl(int m, int n) {
  int i;
  float **new = (float **)malloc((unsigned)(m * sizeof(float *)));
  if (new == NULL)
    return NULL;
  for (i = 0; i < m; i++)
    new[i] = (float *)malloc((unsigned)(n * sizeof(float)));
  return new;
}

static void free_2d(float **a, int m) {
  int i;
  for (i = 0; i < m; i++)
    free(a[i]);
  free(a);
}

static void layerforward(float *l1, float *l2, float **conn, int n1, int n2) {
  float sum;
  int j, k;
  l1[0] = 1.0f;
#ifdef _OPENMP
#pragma omp parallel for shared(conn, n1, n2, l1) private(k, j) reduction(+ : sum)
#endif
#pragma gpupar reduction(+ : sum)
  for (j = 1; j <= n2; j++) {
    sum = 0.0f;
    for (k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = squash(sum);
  }
}

static void adjust_weights(float *delta, int ndelta, float *ly, int nly, float **w, float **oldw) {
  float new_dw;
  int k, j;
  ly[0] = 1.0f;
#ifdef _OPENMP
#pragma omp parallel for shared(oldw, w, delta) private(j, k, new_dw)
#endif
#pragma gpupar
  for (j = 1; j <= ndelta; j++) {
    for (k = 0; k <= nly; k++) {
      new_dw = ((ETA * delta[j] * ly[k]) + (MOMENTUM * oldw[k][j]));
      w[k][j] += new_dw;
      oldw[k][j] = new_dw;
    }
  }
}

int main(void) {
  int j, k, bad = 0;
  float l1[IN + 1], l2[OUT + 1], delta[OUT + 1];
  float **w = alloc_2d_dbl(IN + 1, OUT + 1), **oldw = alloc_2d_dbl(IN + 1, OUT + 1);
  float **rw = alloc_2d_dbl(IN + 1, OUT + 1), **rold = alloc_2d_dbl(IN + 1, OUT + 1);
  if (!w || !oldw || !rw || !rold)
    return 2;
  for (k = 0; k <= IN; k++) {
    l1[k] = (float)((k * 13) % 17) / 17.0f - 0.5f;
    for (j = 0; j <= OUT; j++) {
      rw[k][j] = w[k][j] = (float)(((k + 3) * (j + 5)) % 23) / 23.0f - 0.5f;
      rold[k][j] = oldw[k][j] = (float)((k + j) % 7) / 70.0f;
    }
  }
  layerforward(l1, l2, w, IN, OUT);
  for (j = 1; j <= OUT; j++) {
    float s = 0.0f;
    for (k = 0; k <= IN; k++)
      s += w[k][j] * l1[k];
    s = squash(s);
    if (fabsf(s - l2[j]) > 1e-5f) {
      printf("layerforward mismatch at %d: %g vs %g\n", j, l2[j], s);
      bad = 1;
    }
    delta[j] = l2[j] - 0.5f;
  }
  adjust_weights(delta, OUT, l1, IN, w, oldw);
  for (j = 1; j <= OUT; j++)
    for (k = 0; k <= IN; k++) {
      float d = ((ETA * delta[j] * l1[k]) + (MOMENTUM * rold[k][j]));
      rw[k][j] += d;
      rold[k][j] = d;
    }
  for (k = 0; k <= IN; k++)
    for (j = 0; j <= OUT; j++)
      if (fabsf(w[k][j] - rw[k][j]) > 1e-5f || fabsf(oldw[k][j] - rold[k][j]) > 1e-5f) {
        printf("adjust_weights mismatch at [%d][%d]: %g %g vs %g %g\n", k, j, w[k][j], oldw[k][j],
               rw[k][j], rold[k][j]);
        bad = 1;
      }
  printf("l2[1] %.4f l2[%d] %.4f w[%d][%d] %.4f\n", l2[1], OUT, l2[OUT], IN, OUT, w[IN][OUT]);
  free_2d(w, IN + 1);
  free_2d(oldw, IN + 1);
  free_2d(rw, IN + 1);
  free_2d(rold, IN + 1);
  return bad;
}
