/* Functions called from offloaded loops that read the program's global variables: a linear
 * congruential generator whose constants are ordinary globals, reached through another helper
 * (Rodinia particlefilter's randu and randn), and a helper reading a global struct and a global
 * the program changes between two runs of the same loop (each run sends the value it has then),
 * a row helper whose trip count and offset are globals (the sections use their values), and
 * helpers reading a constant table and a global 2-D array the program fills at run time (the
 * loop copies them to each device like its other arrays), and helpers reading and writing
 * through global pointers that main allocates (older benchmark code's `double *data;`).
 * Every element is compared with the same loops run serially, exactly: the generator is integer
 * arithmetic and one division, and the other products are of small integers and halves, so a
 * device contracting a*b+c gets the same doubles (exit status 1 on a mismatch). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20011

long M = INT_MAX;
unsigned A = 1103515245u;
unsigned C = 12345u;
struct shift {
  double by;
  int times;
} move = {0.5, 3};
double gain = 2.0;
int width = 5, off = 3;
static const double weights[4] = {0.5, 1.0, 2.0, 4.0};
double grid[3][4];
double *data, *result;

static double randu(int *seed, int index) {
  unsigned num = A * (unsigned)seed[index] + C;
  seed[index] = (int)(num % M);
  return seed[index] / (double)M;
}
static double randsum(int *seed, int index) { return randu(seed, index) + randu(seed, index); }
static double moved(double x) { return x * gain + move.by * move.times; }
static double weight(int k) { return weights[k & 3]; }
static double cell(int r, int c) { return grid[r % 3][c % 4]; }
static double blend(const double *x, int k) { return x[k] * weight(k) + cell(k, 2 * k + 1); }
static double first(int i) { return data[i * width]; }
static void twice_row(int i) {
  for (int j = 0; j < width; j++)
    result[i * width + j] = data[i * width + j] * 2 + first(i);
}
static void shifted_row(double *y, const double *x) {
  for (int j = 0; j < width; j++)
    y[j] = x[j + off] * 2;
}

int main(void) {
  int *seed = malloc(N * sizeof *seed), *rseed = malloc(N * sizeof *rseed);
  double *u = malloc(N * sizeof *u), *ru = malloc(N * sizeof *ru);
  double *k = malloc(N * sizeof *k), *y2 = malloc(N * sizeof *y2), *y3 = malloc(N * sizeof *y3);
  double *z = malloc(N * sizeof *z);
  double *rows = malloc(N * width * sizeof *rows), *src = malloc((N * width + off) * sizeof *src);
  data = malloc(N * width * sizeof *data), result = malloc(N * width * sizeof *result);
  if (!seed || !rseed || !u || !ru || !k || !y2 || !y3 || !rows || !src || !z || !data || !result)
    return 2;
  int n = N;
  for (int i = 0; i < N; i++) {
    seed[i] = rseed[i] = i * 7919 + 17;
    k[i] = i % 97 - 48;
  }
  for (int i = 0; i < N * width + off; i++)
    src[i] = i % 1000;
  for (int i = 0; i < N * width; i++)
    data[i] = i % 53, result[i] = -1;
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++)
      grid[r][c] = r * 4 + c - 5;

#pragma gpupar
  for (int i = 0; i < n; i++)
    u[i] = randsum(seed, i);
#pragma gpupar
  for (int i = 0; i < n; i++)
    y2[i] = moved(k[i]);
  gain = 3.0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    y3[i] = moved(k[i]);
#pragma gpupar
  for (int i = 0; i < n; i++)
    z[i] = blend(k, i);
#pragma gpupar
  for (int i = 0; i < n; i++)
    twice_row(i);
#pragma gpupar
  for (int i = 0; i < n; i++)
    shifted_row(&rows[i * width], &src[i * width]);

  /* The serial reference: the same generator, and the helper's formula with each gain. */
  for (int i = 0; i < n; i++)
    ru[i] = randsum(rseed, i);
  long bad = 0;
  for (int i = 0; i < N; i++) {
    bad += seed[i] != rseed[i] || u[i] != ru[i];
    bad += y2[i] != k[i] * 2.0 + 1.5 || y3[i] != k[i] * 3.0 + 1.5;
    bad += z[i] != k[i] * weights[i & 3] + grid[i % 3][(2 * i + 1) % 4];
  }
  for (int i = 0; i < N * width; i++)
    bad += rows[i] != src[i + off] * 2 || result[i] != data[i] * 2 + data[i / width * width];
  if (bad)
    fprintf(stderr, "globals: %ld elements differ from the serial computation\n", bad);
  double su = 0, sy = 0;
  long long ss = 0;
  for (int i = 0; i < N; i++)
    su += u[i], sy += y2[i] + y3[i] + rows[i * width] + z[i], ss += seed[i];
  printf("globals: seeds %lld u %.17g y %.17g first %d %.17g last %d %.17g\n", ss, su, sy, seed[0],
         u[0], seed[N - 1], u[N - 1]);
  free(seed), free(rseed), free(u), free(ru), free(k), free(y2), free(y3);
  free(rows), free(src), free(z), free(data), free(result);
  return bad ? 1 : 0;
}
