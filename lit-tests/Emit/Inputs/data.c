#include <stddef.h>
enum color { RED, GREEN = 5, BLUE = -3 };
float G[100];
static double S[64];
int gn = 10;
static const float K = 2.5f;

void arrays(int n, float *first) {
  float local[100];
#pragma gpupar
  for (int i = 0; i < n; i++)
    local[i] = G[i] + S[i];
  *first = local[0]; /* read after the loop: an array of the loop, not private to iterations */
}

void several(int n, const float *a, const float *b, float *c, double *d) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    c[i] = a[i] * b[i];
    d[i] = d[i] + a[i];
  }
}

void scalars(int n, float *a, enum color col, _Bool flag, unsigned char u) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = gn + K + col + flag + u + (col == GREEN ? BLUE : RED);
}

void stencil(int n, float *out, const float *in) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    out[i] = in[i - 1] + in[i] + in[i + 1];
}

void strided(int n, int m, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[2 * i + 1] = b[m * i + n / 2] + b[i];
}
