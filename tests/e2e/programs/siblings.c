/* Loops of one body that reuse a variable declared before them (C89 style: `int i, j, k;`):
 * each loop's accesses must take that loop's own bounds. A later loop over `j` with a wider
 * range than the first must still have its elements copied in and back, and a triangular one
 * must stay offloaded. Each kernel is checked element by element against the same code run
 * serially (no pragma); the columns no loop reaches must keep their values. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 61
#define W (3 * N)

static float a[N][W], b[N][W], a2[N][W];
static double C[N][N], A[N][N], C2[N][N];
static int failures;

static void init(unsigned seed) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < W; j++) {
      seed = seed * 1103515245u + 12345u;
      a[i][j] = a2[i][j] = -1.0f - (float)j;
      b[i][j] = (float)(seed >> 8 & 0xfff) / 64.0f;
    }
    for (int j = 0; j < N; j++) {
      seed = seed * 1103515245u + 12345u;
      A[i][j] = (double)(seed >> 8 & 0xffff) / 65536.0;
      C[i][j] = C2[i][j] = (double)(i - j) / N;
    }
  }
}

/* Within a relative 1e-6: a GPU may contract a * b + c into one fused multiply-add. */
static void same(const char *what, const float *got, const float *want, long n) {
  for (long k = 0; k < n; k++)
    if (fabs((double)got[k] - want[k]) > 1e-6 * (1 + fabs((double)want[k]))) {
      printf("%s: element %ld is %.9g, expected %.9g\n", what, k, got[k], want[k]);
      failures++;
      return;
    }
}

static void same_d(const char *what, const double *got, const double *want, long n) {
  for (long k = 0; k < n; k++)
    if (fabs(got[k] - want[k]) > 1e-9 * (1 + fabs(want[k]))) {
      printf("%s: element %ld is %.17g, expected %.17g\n", what, k, got[k], want[k]);
      failures++;
      return;
    }
}

/* The second loop over j reaches twice as far as the first. */
static void widening(int n) {
  int i, j;
#pragma gpupar
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      a[i][j] = b[i][j] + 1.0f;
    for (j = 0; j < 2 * n; j++)
      a[i][j] += b[i][j] * 2.0f;
  }
}

static void widening_serial(int n) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      a2[i][j] = b[i][j] + 1.0f;
    for (j = 0; j < 2 * n; j++)
      a2[i][j] += b[i][j] * 2.0f;
  }
}

/* The wider loop first, then a narrower one that starts further right. */
static void narrowing(int n) {
  int i, j;
#pragma gpupar
  for (i = 0; i < n; i++) {
    for (j = 0; j < 3 * n; j++)
      a[i][j] = b[i][j] * 0.5f;
    for (j = n; j < 2 * n; j++)
      a[i][j] -= b[i][j - n];
  }
}

static void narrowing_serial(int n) {
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < 3 * n; j++)
      a2[i][j] = b[i][j] * 0.5f;
    for (j = n; j < 2 * n; j++)
      a2[i][j] -= b[i][j - n];
  }
}

/* PolyBench syrk as written there: both triangular loops share `j`. */
static void syrk(int n, int m, double alpha, double beta) {
  int i, j, k;
#pragma gpupar
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

static void syrk_serial(int n, int m, double alpha, double beta) {
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C2[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C2[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(void) {
  /* n below the array sizes leaves rows and columns no loop touches. */
  const int n = N - 2;
  for (int rep = 0; rep < 2; rep++) { /* twice: the runtime's second call may choose otherwise */
    init(1 + (unsigned)rep);
    widening(n);
    widening_serial(n);
    same("widening", &a[0][0], &a2[0][0], (long)N * W);
    narrowing(n);
    narrowing_serial(n);
    same("narrowing", &a[0][0], &a2[0][0], (long)N * W);
    syrk(n, N - 5, 1.5, 1.2);
    syrk_serial(n, N - 5, 1.5, 1.2);
    same_d("syrk", &C[0][0], &C2[0][0], (long)N * N);
  }
  if (failures) {
    printf("siblings: %d mismatches\n", failures);
    return 1;
  }
  printf("siblings: ok\n");
  return 0;
}
