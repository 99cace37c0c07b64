#include <math.h>
void product(int m, int n, int p, const float *a, const float *b, float *c) {
#pragma gpupar collapse(2)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0;
      for (int k = 0; k < p; k++)
        acc += a[i * p + k] * b[k * n + j];
      c[i * n + j] = acc;
    }
}

void gemm(int n, float alpha, float beta, float C[][64], float A[][64], float B[][64]) {
  int i, j, k;
#pragma gpupar collapse(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < 64; j++) {
      C[i][j] *= beta;
      for (k = 0; k < 64; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

void distances(int m, int p, int d, const float *x, const float *y, float *out) {
#pragma gpupar collapse(2)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < p; j++) {
      float s = 0;
      for (int k = 0; k < d; k++) {
        float t = x[k * m + i] - y[j * d + k];
        s += t * t;
      }
      out[i * p + j] = sqrtf(s);
    }
}

// Not tiled: the inner loop's length depends on i.
void triangular(int n, float a[][64], float c[][64]) {
#pragma gpupar collapse(2) map(to: a[0:64])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++) {
      float acc = 0;
      for (int k = 0; k < i; k++)
        acc += a[i][k] * a[k][j];
      c[i][j] = acc;
    }
}

// Not tiled: a condition guards the reads (a tile would read them unconditionally).
void guarded(int n, const float *a, const float *b, float *c) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0;
      for (int k = 0; k < n; k++)
        if (k != i)
          acc += a[i * n + k] * b[k * n + j];
      c[i * n + j] = acc;
    }
}

// Not tiled: the inner loop writes an element that moves with k.
void moving(int n, const float *a, const float *b, float *c, float *w) {
#pragma gpupar collapse(2) independent
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0;
      for (int k = 0; k < n; k++) {
        acc += a[i * n + k] * b[k * n + j];
        w[(i * n + j) * n + k] = acc;
      }
      c[i * n + j] = acc;
    }
}

float weight(float v);

// Not tiled: the inner loop calls a function of the file (it may have effects of its own).
void called(int n, const float *a, const float *b, float *c) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0;
      for (int k = 0; k < n; k++)
        acc += weight(a[i * n + k]) * b[k * n + j];
      c[i * n + j] = acc;
    }
}

float weight(float v) { return v * 0.5f; }
