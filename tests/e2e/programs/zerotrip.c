/* Struct members read once before a loop, inside inner loops of its body: the serial loop reads
 * them only when those loops run, so the offloaded one must not read them otherwise. Each loop is
 * called with a NULL struct pointer and an inner loop of no iteration (the serial program never
 * dereferences it), then normally; every element is checked against a serial recomputation done
 * here (non-zero exit on a mismatch) and printed as a checksum. Values are exact in binary. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int in;
  int weight;
  float *x;
  float **w; /* w[k][j]: input k to unit j */
} layer;

/* y[i] = i + weight * sum of x[k] over [lo, cnt) */
static void sums(const layer *v, long lo, long cnt, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (long k = lo; k < cnt; k++)
      s += v->x[k] * v->weight;
    y[i] = s + (float)i;
  }
}

/* A bound read from memory, net->in, in a loop inside another one. */
static void nested(const layer *net, unsigned r0, float *y, int n) {
#pragma gpupar
  for (int j = 0; j < n; j++) {
    float s = 0;
    for (unsigned r = r0; r > 0; r--)
      for (int k = 0; k < net->in; k++)
        s += net->w[k][j] * (float)r;
    y[j] = s - (float)j;
  }
}

/* A member in a subscript: a[i * v->in + k]. */
static void strided(const layer *v, int cnt, const float *a, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float s = 1;
    for (int k = 0; k < cnt; k++)
      s += a[i * v->in + k];
    y[i] = s;
  }
}

/* Reads in two loops one after the other. */
static void siblings(const layer *v, int a, int b, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float s = 2;
    for (int k = 0; k < a; k++)
      s += v->x[k + i % 3];
    for (int k = 0; k < b; k++)
      s -= v->x[k];
    y[i] = s;
  }
}

static long check(const float *got, const float *want, int n, double *sum) {
  long bad = 0;
  for (int i = 0; i < n; i++) {
    bad += got[i] != want[i];
    *sum += got[i];
  }
  return bad;
}

int main(void) {
  enum { N = 4099, IN = 37 };
  float *x = malloc((N + IN) * sizeof *x), *a = malloc((size_t)N * IN * sizeof *a);
  float *y = malloc(N * sizeof *y), *want = malloc(N * sizeof *want);
  float **w = malloc(IN * sizeof *w), *block = malloc((size_t)IN * N * sizeof *block);
  if (!x || !a || !y || !want || !w || !block)
    return 2;
  for (int k = 0; k < N + IN; k++)
    x[k] = (float)((k * 7) % 13) - 6.0f;
  for (int k = 0; k < N * IN; k++)
    a[k] = (float)((k * 5) % 11) / 4.0f;
  for (int k = 0; k < IN; k++) {
    w[k] = block + (size_t)k * N;
    for (int j = 0; j < N; j++)
      w[k][j] = (float)((k * 31 + j * 17) % 23) / 32.0f;
  }
  layer net = {IN, 3, x, w};
  long bad = 0;
  double sum = 0;

  /* A NULL struct and inner loops of no iteration: nothing of it is read. */
  for (int i = 0; i < N; i++)
    y[i] = -1, want[i] = (float)i;
  sums(NULL, 5, 5, y, N);
  bad += check(y, want, N, &sum);
  for (int j = 0; j < N; j++)
    y[j] = -1, want[j] = -(float)j;
  nested(NULL, 0, y, N);
  bad += check(y, want, N, &sum);
  for (int i = 0; i < N; i++)
    y[i] = -1, want[i] = 1;
  strided(NULL, 0, a, y, N);
  bad += check(y, want, N, &sum);
  for (int i = 0; i < N; i++)
    y[i] = -1, want[i] = 2;
  siblings(NULL, 0, 0, y, N);
  bad += check(y, want, N, &sum);

  /* The same loops reading the struct. */
  for (int i = 0; i < N; i++) {
    float s = 0;
    for (long k = 3; k < IN; k++)
      s += x[k] * net.weight;
    y[i] = -1, want[i] = s + (float)i;
  }
  sums(&net, 3, IN, y, N);
  bad += check(y, want, N, &sum);
  for (int j = 0; j < N; j++) {
    float s = 0;
    for (unsigned r = 3; r > 0; r--)
      for (int k = 0; k < IN; k++)
        s += w[k][j] * (float)r;
    y[j] = -1, want[j] = s - (float)j;
  }
  nested(&net, 3, y, N);
  bad += check(y, want, N, &sum);
  for (int i = 0; i < N; i++) {
    float s = 1;
    for (int k = 0; k < IN; k++)
      s += a[i * IN + k];
    y[i] = -1, want[i] = s;
  }
  strided(&net, IN, a, y, N);
  bad += check(y, want, N, &sum);
  for (int i = 0; i < N; i++) {
    float s = 2;
    for (int k = 0; k < 4; k++)
      s += x[k + i % 3];
    for (int k = 0; k < 7; k++)
      s -= x[k];
    y[i] = -1, want[i] = s;
  }
  siblings(&net, 4, 7, y, N);
  bad += check(y, want, N, &sum);
  for (int i = 0; i < N; i++) {
    float s = 2;
    for (int k = 0; k < 6; k++)
      s -= x[k];
    y[i] = -1, want[i] = s;
  }
  siblings(&net, 0, 6, y, N); /* only the second loop runs */
  bad += check(y, want, N, &sum);

  printf("zerotrip: checksum %.6e, %ld mismatches\n", sum, bad);
  free(block);
  free(w);
  free(want);
  free(y);
  free(a);
  free(x);
  return bad != 0;
}
