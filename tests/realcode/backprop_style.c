/* FLAGS: -fopenmp */
/* A layer of a neural network as OpenMP codes write it: the weighted sum is a 'reduction'
 * variable that every iteration resets before use, then squashed into the output. */
#include <math.h>
#include <stdio.h>

#define IN 64
#define OUT 200
static float w[IN + 1][OUT + 1], l1[IN + 1], l2[OUT + 1], ref[OUT + 1];

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

static void layerforward(float *in, float *out, float (*conn)[OUT + 1], int n1, int n2) {
  float sum;
  int j, k;
  in[0] = 1.0f;
#ifdef _OPENMP
#pragma omp parallel for shared(conn, n1, n2, in) private(k, j) reduction(+: sum)
#endif
#pragma gpupar reduction(+: sum)
  for (j = 1; j <= n2; j++) {
    sum = 0.0f;
    for (k = 0; k <= n1; k++)
      sum += conn[k][j] * in[k];
    out[j] = squash(sum);
  }
}

int main(void) {
  int j, k, bad = 0;
  for (k = 0; k <= IN; k++) {
    l1[k] = (float)((k * 13) % 17) / 17.0f - 0.5f;
    for (j = 0; j <= OUT; j++)
      w[k][j] = (float)(((k + 3) * (j + 5)) % 23) / 23.0f - 0.5f;
  }
  layerforward(l1, l2, w, IN, OUT);
  for (j = 1; j <= OUT; j++) {
    float s = 0.0f;
    for (k = 0; k <= IN; k++)
      s += w[k][j] * l1[k];
    ref[j] = squash(s);
    if (fabsf(ref[j] - l2[j]) > 1e-5f) {
      printf("mismatch at %d: %g vs %g\n", j, l2[j], ref[j]);
      bad = 1;
    }
  }
  printf("l2[1] %.5f l2[%d] %.5f\n", l2[1], OUT, l2[OUT]);
  return bad;
}
