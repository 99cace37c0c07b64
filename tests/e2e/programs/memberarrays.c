/* Pointer members of structs used as arrays, read once before each loop: `v->x[i]` through `->`
 * and `.`, a nested `m->v->x[i]`, and a `float **` member `net->w[k][j]` (rows copied per row,
 * like a local `float **w`). Values are exact in binary, so a device that contracts a*b+c
 * computes the same results. Every element is checked against a serial recomputation done here
 * (non-zero exit on a mismatch) and printed as a checksum. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  float *x;
  float *y;
} vec;

typedef struct {
  vec *v;
  int weight;
} model;

typedef struct {
  int in, hid;
  float **w; /* w[k][j]: input k to hidden j */
  float *input;
  float *hidden;
} layer;

/* y[i] = a * x[i] + y[i], the same member read and written. */
static void axpy(vec *v, float a) {
#pragma gpupar
  for (int i = 0; i < v->n; i++)
    v->y[i] = a * v->x[i] + v->y[i];
}

/* Through a struct value. */
static void shift(vec v, float *out) {
#pragma gpupar
  for (int i = 1; i < v.n; i++)
    out[i] = v.x[i - 1] - v.y[i];
}

/* Through two pointers, with reads at constant offsets, beside an int member read once. */
static void smooth(model *m, float *out) {
#pragma gpupar
  for (int i = 1; i < m->v->n - 1; i++)
    out[i] = m->weight * (m->v->x[i - 1] + m->v->x[i] + m->v->x[i + 1]);
}

/* hidden[j] = sum over k of w[k][j] * input[k]: one thread per hidden unit. */
static void forward(layer *net) {
#pragma gpupar
  for (int j = 0; j < net->hid; j++) {
    float s = 0;
    for (int k = 0; k < net->in; k++)
      s += net->w[k][j] * net->input[k];
    net->hidden[j] = s;
  }
}

static long check(const float *got, const float *want, int lo, int hi, double *sum) {
  long bad = 0;
  for (int i = lo; i < hi; i++) {
    bad += got[i] != want[i];
    *sum += got[i];
  }
  return bad;
}

int main(void) {
  enum { N = 30011, IN = 61, HID = 2003 };
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  float *out = malloc(N * sizeof *out), *want = malloc(N * sizeof *want);
  float *input = malloc(IN * sizeof *input), *hidden = malloc(HID * sizeof *hidden);
  float **w = malloc(IN * sizeof *w), *block = malloc((size_t)IN * HID * sizeof *block);
  if (!x || !y || !out || !want || !input || !hidden || !w || !block)
    return 2;
  vec v = {N, x, y};
  model m = {&v, 3};
  layer net = {IN, HID, w, input, hidden};
  for (int k = 0; k < IN; k++) {
    input[k] = (float)((k * 7) % 13) - 6.0f;
    w[k] = block + (size_t)k * HID;
    for (int j = 0; j < HID; j++)
      w[k][j] = (float)((k * 31 + j * 17) % 23) / 32.0f;
  }
  long bad = 0;
  double sum = 0;
  for (int call = 0; call < 2; call++) {
    for (int i = 0; i < N; i++)
      x[i] = (float)((i * 13 + call) % 101) / 8.0f;
    for (int i = 0; i < N; i++)
      y[i] = (float)((i * 7) % 37) - 18.0f;
    v.x = x, v.y = y; /* read again at each call */

    for (int i = 0; i < N; i++)
      want[i] = 1.5f * x[i] + y[i];
    axpy(&v, 1.5f);
    bad += check(y, want, 0, N, &sum);

    for (int i = 0; i < N; i++)
      out[i] = want[i] = -7;
    for (int i = 1; i < N; i++)
      want[i] = x[i - 1] - y[i];
    shift(v, out);
    bad += check(out, want, 0, N, &sum);

    for (int i = 0; i < N; i++)
      out[i] = want[i] = -9;
    for (int i = 1; i < N - 1; i++)
      want[i] = m.weight * (x[i - 1] + x[i] + x[i + 1]);
    smooth(&m, out);
    bad += check(out, want, 0, N, &sum);

    for (int j = 0; j < HID; j++)
      hidden[j] = -1;
    forward(&net);
    for (int j = 0; j < HID; j++) {
      float s = 0;
      for (int k = 0; k < IN; k++)
        s += w[k][j] * input[k];
      want[j] = s;
    }
    bad += check(hidden, want, 0, HID, &sum);

  }
  printf("memberarrays: checksum %.6e, %ld mismatches\n", sum, bad);
  free(block);
  free(w);
  free(hidden);
  free(input);
  free(want);
  free(out);
  free(y);
  free(x);
  return bad != 0;
}
