/* Struct members read once before the loop: a network layer in the style of Rodinia's backprop
 * (a struct holding sizes and `float **` weights, loop bounds `net->in` and `net->hid` read
 * from it) and a float member read where the loop writes ints. Every element is checked against
 * a serial recomputation (non-zero exit on a mismatch; sums within the rounding a GPU's fused
 * multiply-add changes) and printed as a checksum. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int in, hid;
  float bias;
  float *input;
  float **weights; /* weights[k][j]: input k to hidden j */
  float *hidden;
} layer;

/* hidden[j] = sum over k of weights[k][j] * input[k]: one thread per hidden unit. */
static void forward(layer *net) {
  float **w = net->weights;
  const float *x = net->input;
  float *h = net->hidden;
#pragma gpupar
  for (int j = 0; j < net->hid; j++) {
    float s = 0;
    for (int k = 0; k < net->in; k++)
      s += w[k][j] * x[k];
    h[j] = s;
  }
}

/* A float member read where only ints are written. */
static void quantise(const layer *net, int n, int *bin) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    bin[i] = (int)(i * net->bias) % 97;
}

int main(void) {
  enum { IN = 97, HID = 3001, N = 20011 };
  layer net = {IN, HID, 0.37f, NULL, NULL, NULL};
  net.input = malloc(IN * sizeof *net.input);
  net.weights = malloc(IN * sizeof *net.weights);
  float *block = malloc((size_t)IN * HID * sizeof *block);
  net.hidden = malloc(HID * sizeof *net.hidden);
  int *bin = malloc(N * sizeof *bin);
  if (!net.input || !net.weights || !block || !net.hidden || !bin)
    return 2;
  for (int k = 0; k < IN; k++) {
    net.input[k] = (float)((k * 7) % 13) - 6.0f;
    net.weights[k] = block + (size_t)k * HID;
    for (int j = 0; j < HID; j++)
      net.weights[k][j] = (float)((k * 31 + j * 17) % 23) / 23.0f;
  }
  long bad = 0;
  double sum = 0;
  for (int call = 0; call < 2; call++) {
    for (int j = 0; j < HID; j++)
      net.hidden[j] = -1;
    forward(&net);
    for (int j = 0; j < HID; j++) {
      /* A GPU may contract s + w*x into one rounding: within a few roundings of the terms. */
      float s = 0, mag = 0;
      for (int k = 0; k < IN; k++) {
        s += net.weights[k][j] * net.input[k];
        mag += fabsf(net.weights[k][j] * net.input[k]);
      }
      bad += !(fabsf(net.hidden[j] - s) <= 1e-5f * mag);
      sum += net.hidden[j];
    }
    net.bias += 0.25f; /* a new value each call: read again at each call */
    quantise(&net, N, bin);
    for (int i = 0; i < N; i++) {
      bad += bin[i] != (int)(i * net.bias) % 97;
      sum += bin[i];
    }
  }
  printf("members: checksum %.6e, %ld mismatches\n", sum, bad);
  free(bin);
  free(net.hidden);
  free(block);
  free(net.weights);
  free(net.input);
  return bad != 0;
}
