/* memcpy, memmove and memset of whole elements in offloaded loops: rows copied between arrays,
 * rows cleared (`sizeof *z` and `sizeof(double)` spellings), a local buffer filled from a row and
 * cleared, a row shifted in place by memmove, and a byte count that is not whole elements (that
 * loop stays serial, with a warning). Every element is compared with the same loops run serially
 * (exit status 1 on a mismatch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1501
#define M 37

static void run(int n, int m, double *out, const double *in, double *z, double *sums, double *r,
                float *b, const float *c, int parallel) {
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++)
    memcpy(&out[i * m], &in[i * m], m * sizeof(double));
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++)
    memset(z + i * m + 1, 0, (m - 2) * sizeof *z);
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++) {
    double tmp[8], s = 0;
    memcpy(tmp, &in[i * m + 3], sizeof tmp);
    for (int k = 0; k < 8; k++)
      s += tmp[k] * (k + 1);
    memset(tmp, 0, sizeof tmp);
    sums[i] = s + tmp[i % 8];
  }
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++)
    memmove(&r[i * m + 1], &r[i * m], (m - 1) * sizeof(double));
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++)
    memcpy(&b[i * m], &c[i * m], m * 2); /* bytes, not elements: stays serial */
}

int main(void) {
  size_t total = (size_t)N * M;
  double *in = malloc(total * sizeof *in), *out[2], *z[2], *sums[2], *r[2];
  float *b[2], *c = malloc(total * sizeof *c);
  if (!in || !c)
    return 2;
  for (int v = 0; v < 2; v++) {
    out[v] = malloc(total * sizeof(double)), z[v] = malloc(total * sizeof(double));
    sums[v] = malloc(N * sizeof(double)), r[v] = malloc(total * sizeof(double));
    b[v] = malloc(total * sizeof(float));
    if (!out[v] || !z[v] || !sums[v] || !r[v] || !b[v])
      return 2;
  }
  for (size_t k = 0; k < total; k++) {
    in[k] = (double)(k % 101) * 0.5 - 7;
    c[k] = (float)(k % 13);
    for (int v = 0; v < 2; v++)
      out[v][k] = -1, z[v][k] = 3, r[v][k] = (double)(k % 29), b[v][k] = -2;
  }
  run(N, M, out[0], in, z[0], sums[0], r[0], b[0], c, 1);
  run(N, M, out[1], in, z[1], sums[1], r[1], b[1], c, 0);
  long bad = 0;
  double s = 0;
  for (size_t k = 0; k < total; k++) {
    bad += out[0][k] != out[1][k] || z[0][k] != z[1][k] || r[0][k] != r[1][k] ||
           b[0][k] != b[1][k];
    s += out[0][k] + z[0][k] + r[0][k] + b[0][k];
  }
  for (int i = 0; i < N; i++)
    bad += sums[0][i] != sums[1][i], s += sums[0][i];
  if (bad)
    fprintf(stderr, "memcalls: %ld elements differ from the serial computation\n", bad);
  printf("memcalls: sum %.17g first %g %g %g %g\n", s, out[0][0], z[0][1], r[0][1], sums[0][0]);
  for (int v = 0; v < 2; v++)
    free(out[v]), free(z[v]), free(sums[v]), free(r[v]), free(b[v]);
  free(in), free(c);
  return bad ? 1 : 0;
}
