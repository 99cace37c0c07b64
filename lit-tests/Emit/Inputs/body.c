#include <math.h>

void locals(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float t = b[i] * 2, u[3] = {b[i], 1.0, t};
    int k = 0;
    while (k < 3) { t += u[k]; k++; }
    a[i] = t;
  }
}

void inner(int n, int m, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float sum = 0;
    for (int j = 0; j < m; j++)
      sum += b[i * m + j];
    for (int j = m - 1; j >= 0; j--)
      a[i * m + j] = sum;
  }
}

void transpose(int n, int m, float *t, const float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j += 2)
      t[i * m + j] = a[j * n + i];
}

void control(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (b[i] < 0)
      continue;
    switch (i % 3) {
    case 0:
      a[i] = 1;
      break;
    default:
      a[i] = b[i];
    }
  }
}

void math(int n, float *a, const float *b, const double *d) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float s = sqrt(b[i]);
    a[i] = s + sqrtf(b[i]) + pow(b[i], 2) + fabsf(b[i]) + fmin(d[i], 1.0) + atan2(b[i], 1) +
           floor(d[i]) + expf(b[i]) + (isnan(b[i]) ? 1 : 0);
  }
}
