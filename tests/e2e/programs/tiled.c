/* Nests that run as tiles on devices (plugin Plan/Tiling.h): an inner loop over k reading x(i, k)
 * and y(k, j), staged in shared memory. Sizes are not multiples of the 128 x 128 tile or of the
 * 8-wide slice of k, so every edge is exercised. Each result is compared element by element with
 * the same computation run here serially (within the rounding a GPU's fused multiply-add
 * changes; exact elsewhere) and printed as a checksum. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { M = 150, N = 133, K = 77, P = 45, D = 13 };

static float A[M][K], B[K][N], G[M][N];
static double data[K][M], cov[M][M];
static float pts[M][D], ctr[P][D], dist[M * P];
static float T[M][M], L[M][M];

/* A flat product, rectangular. */
static void product(int m, int n, int k, const float *a, const float *b, float *c) {
#pragma gpupar collapse(2)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int q = 0; q < k; q++)
        acc += a[i * k + q] * b[q * n + j];
      c[i * n + j] = acc;
    }
}

/* The same product with its sizes and matrices in a struct (members read once). */
typedef struct {
  int m, n, k;
  const float *a, *b;
  float *c;
} matrices;

static void product_of(matrices *p) {
#pragma gpupar collapse(2)
  for (int i = 0; i < p->m; i++)
    for (int j = 0; j < p->n; j++) {
      float acc = 0.0f;
      for (int q = 0; q < p->k; q++)
        acc += p->a[i * p->k + q] * p->b[q * p->n + j];
      p->c[i * p->n + j] = acc;
    }
}

/* PolyBench gemm: the element itself accumulates, after a scaling. */
static void gemm(float alpha, float beta) {
  int i, j, k;
#pragma gpupar collapse(2)
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      G[i][j] *= beta;
      for (k = 0; k < K; k++)
        G[i][j] += alpha * A[i][k] * B[k][j];
    }
}

/* Covariance-style: both reads walk along i and j (data[k][i], data[k][j]); odd rows only, a
 * step of 2, and columns from 1. */
static void covariance(int n) {
#pragma gpupar collapse(2)
  for (int i = 1; i < M; i += 2)
    for (int j = 1; j < M; j++) {
      double s = 0;
      for (int k = 0; k <= n - 1; k++)
        s += data[k][i] * data[k][j];
      cov[i][j] = s / (n - 1);
    }
}

/* Distances between points and centres: a local in the inner loop, a library call after it. */
static void distances(void) {
#pragma gpupar collapse(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) {
      float s = 0;
      for (int k = 0; k < D; k++) {
        float d = pts[i][k] - ctr[j][k];
        s += d * d;
      }
      dist[i * P + j] = sqrtf(s);
    }
}

/* Not tiled: the inner loop's bound depends on i (each iteration its own length). */
static void lower(void) {
#pragma gpupar collapse(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      float s = 0;
      for (int k = 0; k < i; k++)
        s += L[i][k] * L[k][j];
      T[i][j] = s;
    }
}

static long bad;

static void check(const char *what, double got, double want, double mag) {
  if (!(fabs(got - want) <= 1e-5 * mag + 1e-30)) {
    if (bad < 5)
      printf("%s: %.9g, expected %.9g\n", what, got, want);
    bad++;
  }
}

int main(void) {
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N),
        *c = malloc(sizeof(float) * M * N);
  if (!a || !b || !c)
    return 2;
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      A[i][k] = a[i * K + k] = (float)((i * 7 + k * 3) % 17) / 8.0f - 1.0f;
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++)
      B[k][j] = b[k * N + j] = (float)((k * 5 + j * 11) % 19) / 4.0f - 2.0f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      G[i][j] = (float)((i + 2 * j) % 7);
  for (int k = 0; k < K; k++)
    for (int i = 0; i < M; i++)
      data[k][i] = (double)((k * 13 + i * 29) % 31) / 16.0;
  for (int i = 0; i < M; i++)
    for (int k = 0; k < D; k++)
      pts[i][k] = (float)((i * 3 + k) % 23) / 2.0f;
  for (int j = 0; j < P; j++)
    for (int k = 0; k < D; k++)
      ctr[j][k] = (float)((j * 5 + k * 7) % 29) / 3.0f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      L[i][j] = (float)((i * 17 + j * 5) % 11) / 8.0f, T[i][j] = -1;
  for (int i = 0; i < M * N; i++)
    c[i] = -1;

  double sum = 0;
  product(M, N, K, a, b, c);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0, mag = 0;
      for (int k = 0; k < K; k++)
        s += a[i * K + k] * b[k * N + j], mag += fabsf(a[i * K + k] * b[k * N + j]);
      check("product", c[i * N + j], s, mag);
      sum += c[i * N + j];
    }

  float *c2 = malloc(sizeof(float) * M * N);
  if (!c2)
    return 2;
  for (int i = 0; i < M * N; i++)
    c2[i] = -1;
  matrices mats = {M, N, K, a, b, c2};
  product_of(&mats);
  for (int i = 0; i < M * N; i++) {
    check("product_of", c2[i], c[i], fabs(c[i]) + 1e-3);
    sum += c2[i];
  }
  free(c2);

  static float G0[M][N];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      G0[i][j] = G[i][j];
  gemm(1.5f, 0.5f);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = G0[i][j] * 0.5f, mag = fabsf(s);
      for (int k = 0; k < K; k++)
        s += 1.5f * A[i][k] * B[k][j], mag += fabsf(1.5f * A[i][k] * B[k][j]);
      check("gemm", G[i][j], s, mag);
      sum += G[i][j];
    }

  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      cov[i][j] = -1;
  covariance(K);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      double s = 0, mag = 0;
      for (int k = 0; k < K; k++)
        s += data[k][i] * data[k][j], mag += fabs(data[k][i] * data[k][j]);
      int done = i % 2 == 1 && j >= 1;
      check("covariance", cov[i][j], done ? s / (K - 1) : -1, done ? mag / (K - 1) : 0);
      sum += cov[i][j];
    }

  distances();
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) {
      float s = 0;
      for (int k = 0; k < D; k++)
        s += (pts[i][k] - ctr[j][k]) * (pts[i][k] - ctr[j][k]);
      check("distances", dist[i * P + j], sqrtf(s), sqrtf(s));
      sum += dist[i * P + j];
    }

  lower();
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      float s = 0, mag = 0;
      for (int k = 0; k < i; k++)
        s += L[i][k] * L[k][j], mag += fabsf(L[i][k] * L[k][j]);
      check("lower", T[i][j], s, mag);
      sum += T[i][j];
    }

  printf("tiled: checksum %.6e, %ld mismatches\n", sum, bad);
  free(a);
  free(b);
  free(c);
  return bad != 0;
}
