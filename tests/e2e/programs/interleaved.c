/* Arrays that lie in one allocation with their elements apart. Burkardt's fft step writes
 * c = &y[0] and d = &y[2*mj] in interleaved blocks; sgefa's msaxpy updates the submatrix y of a
 * column-major matrix while it reads the row a, which lies between y's columns, and the column
 * x. The run-time alias guard passes them term by term, and each array's copies and write-backs
 * keep to its own elements. A pass whose d lies one complex number further, so that its blocks
 * meet c's next ones, must run serially. Every element is compared with the same computation
 * run as written (the loops' `if` false); interleaved.sh checks where the calls ran. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Whether the loops run as gpupar loops; 0 runs them as written, for the reference. */
static int offload = 1;

/* One radix-2 pass: n complex numbers, blocks of mj. */
static void step(int n, int mj, const double *a, const double *b, double *c, double *d,
                 const double *w, double sgn) {
  int lj = n / (2 * mj);
#pragma gpupar if (offload)
  for (int j = 0; j < lj; j++) {
    int jw = j * mj, jc = j * 2 * mj;
    double w0 = w[jw * 2 + 0], w1 = sgn < 0.0 ? -w[jw * 2 + 1] : w[jw * 2 + 1];
    for (int k = 0; k < mj; k++) {
      double ar = a[(jw + k) * 2 + 0], ai = a[(jw + k) * 2 + 1];
      double br = b[(jw + k) * 2 + 0], bi = b[(jw + k) * 2 + 1];
      c[(jc + k) * 2 + 0] = ar + br;
      c[(jc + k) * 2 + 1] = ai + bi;
      d[(jc + k) * 2 + 0] = w0 * (ar - br) - w1 * (ai - bi);
      d[(jc + k) * 2 + 1] = w1 * (ar - br) + w0 * (ai - bi);
    }
  }
}

/* y[i + j*n] += a[j*n] * x[i] over the trailing submatrix. */
static void msaxpy(int nr, int nc, const float *a, int n, const float *x, float *y) {
#pragma gpupar if (offload)
  for (int j = 0; j < nc; j++)
    for (int i = 0; i < nr; i++)
      y[i + j * n] += a[j * n] * x[i];
}

/* Every pass of a transform of n points, ping-ponging between x and y as Burkardt's cfft2; then
 * a pass whose d lies one complex number further than 2*mj. */
static void fft(int n, double *x, double *y, const double *w) {
  int from_x = 1;
  for (int mj = 1; mj <= n / 2; mj *= 2, from_x = !from_x) {
    double *src = from_x ? x : y, *dst = from_x ? y : x;
    step(n, mj, src, src + n, dst, dst + 2 * mj, w, 1.0);
  }
  step(n / 2, 4, x, x + n / 2, y, y + 2 * 4 + 2, w, -1.0);
}

/* LU without pivoting of a column-major n x n matrix, as sgefa's msgefa. */
static void lu(int n, float *A) {
  for (int k = 0; k < n - 1; k++) {
    float t = -1.0f / A[k + k * n];
    for (int i = k + 1; i < n; i++)
      A[i + k * n] *= t;
    msaxpy(n - k - 1, n - k - 1, &A[k + (k + 1) * n], n, &A[k + 1 + k * n],
           &A[k + 1 + (k + 1) * n]);
  }
}

static long differ(const double *got, const double *want, int n, const char *what) {
  long bad = 0;
  for (int i = 0; i < n; i++)
    if (!(fabs(got[i] - want[i]) <= 1e-9 * (1.0 + fabs(want[i]))))
      if (bad++ < 3)
        fprintf(stderr, "%s[%d] = %.17g, serial %.17g\n", what, i, got[i], want[i]);
  return bad;
}

int main(void) {
  enum { N = 1024, M = 48 };
  double *x = malloc(4 * N * sizeof *x), *w = malloc(N * sizeof *w);
  float *A = malloc(2 * M * M * sizeof *A);
  if (!x || !w || !A)
    return 2;
  double *y = x + 2 * N, *xs = malloc(4 * N * sizeof *xs);
  float *As = A + M * M;
  if (!xs)
    return 2;
  for (int i = 0; i < N / 2; i++) {
    w[2 * i] = cos(3.141592653589793 * i / (N / 2));
    w[2 * i + 1] = sin(3.141592653589793 * i / (N / 2));
  }
  for (int i = 0; i < 4 * N; i++)
    x[i] = xs[i] = (i * 37 % 101) / 50.0 - 1.0;
  for (int i = 0; i < M * M; i++)
    A[i] = As[i] = (float)((i * 13 % 29) - 14) / 16.0f + (i % (M + 1) == 0 ? (float)M : 0.0f);
  fft(N, x, y, w);
  lu(M, A);
  /* A pass inside a data region that holds both c and d: serially, since a region's copies
   * take whole write hulls. */
#pragma gpupar data map(tofrom : x[0 : 4 * N])
  {
    step(N, 4, x, x + N, y, y + 8, w, 1.0);
  }
  offload = 0; /* the same computation as written, on the copies */
  fft(N, xs, xs + 2 * N, w);
  lu(M, As);
  step(N, 4, xs, xs + N, xs + 2 * N, xs + 2 * N + 8, w, 1.0);
  long bad = differ(x, xs, 4 * N, "x");
  for (int i = 0; i < M * M; i++)
    if (!(fabsf(A[i] - As[i]) <= 1e-4f * (1.0f + fabsf(As[i]))) && bad++ < 6)
      fprintf(stderr, "A[%d] = %.9g, serial %.9g\n", i, A[i], As[i]);
  printf("interleaved: x[5]=%.9g y[7]=%.9g A[last]=%.6g\n", x[5], y[7], A[M * M - 1]);
  free(x);
  free(w);
  free(A);
  free(xs);
  if (bad) {
    fprintf(stderr, "interleaved: %ld elements differ from the serial run\n", bad);
    return 1;
  }
  return 0;
}
