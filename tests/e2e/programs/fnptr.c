/* Functions with pointer parameters called from offloaded loops: a dot product on 3-vectors,
 * a row update with an inner loop, an image read at an affine and at a computed index (map),
 * a helper calling a helper, a helper writing through one pointer and reading another, a helper
 * reading file-scope constants, a helper with pointer locals (`double *dst = row + 1;`), and a
 * helper given two pointers into the array it writes (each iteration its own pair of elements;
 * with `&sm[i], &sm[i]` an iteration would read what the next writes: an error), and a helper
 * whose 5x5 block parameter starts one row into an iteration's block, so that it writes the next
 * iteration's first element (a chain: it must stay serial). Prints a hash of
 * every result, and compares every element with the same loops run serially, exactly: inputs are
 * multiples of 1/4 and small, so every product and sum is exact and a device contracting a*b+c gets
 * the same doubles (exit status 1 on a mismatch). */
#include <stdio.h>
#include <stdlib.h>

#define N 3001
#define M 7
#define W 61

static double dot3(const double *a, const double *b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
static void axpy_row(double *y, const double *x, double s, int n) {
  for (int j = 0; j < n; j++)
    y[j] += s * x[j];
}
static float at(const float *img, int w, int x, int y) { return img[y * w + x]; }
static double norm3(const double *v) { return dot3(v, v); }
static void scale3(double *dst, const double *src, double s) {
  for (int k = 0; k < 3; k++)
    dst[k] = s * src[k];
}
static void smooth(double *dst, const double *src) { dst[0] = 0.5 * (src[0] + src[1]); }
static void carry(double p[5][5], double q[5][5]) { p[4][0] = q[0][0] + 1; }
/* File-scope constants a helper reads: the .cu gets copies with their values. */
static const double quarter = 0.25;
const int shift = 3;
static const unsigned long long big = 12345678901ull;
static double weigh(double v) { return v * quarter + shift + (double)(big % 7); }
static void shift_row(double *row, const double *src, int n) {
  double *dst = row + 1;
  const double *s = &src[2];
  for (int j = 0; j < n - 3; j++)
    dst[j] = s[j] * 2;
}

static unsigned long long hash(const double *x, int n) {
  unsigned long long h = 0;
  for (int i = 0; i < n; i++)
    h = h * 31 + (unsigned long long)(long long)(x[i] * 16);
  return h;
}

int main(void) {
  double *p = malloc(3 * N * sizeof *p), *q = malloc(3 * N * sizeof *q);
  double *out = malloc(N * sizeof *out), *Y = malloc(N * M * sizeof *Y), *X = malloc(M * sizeof *X);
  double *s3 = malloc(3 * N * sizeof *s3), *sm = malloc((N + 1) * sizeof *sm);
  float *img = malloc((N / W + 2) * W * sizeof *img), *r = malloc(N * sizeof *r);
  float *r2 = malloc(N * sizeof *r2);
  double *rout = malloc(N * sizeof *rout), *rY = malloc(N * M * sizeof *rY);
  double *rs3 = malloc(3 * N * sizeof *rs3), *rsm = malloc((N + 1) * sizeof *rsm);
  float *rr = malloc(N * sizeof *rr), *rr2 = malloc(N * sizeof *rr2);
  double *cw = malloc(N * sizeof *cw), *sh = malloc(N * M * sizeof *sh);
  if (!p || !q || !out || !Y || !X || !s3 || !sm || !img || !r || !r2 || !rout || !rY || !rs3 ||
      !rsm || !rr || !rr2 || !cw || !sh)
    return 2;
  int n = N, m = M, w = W;
  for (int i = 0; i < 3 * N; i++)
    p[i] = (i % 17) * 0.25 - 2, q[i] = (i % 11) * 0.5 - 1;
  for (int i = 0; i < N * M; i++)
    Y[i] = rY[i] = (i % 5) * 1.0, sh[i] = -1;
  for (int j = 0; j < M; j++)
    X[j] = j - 3.0;
  for (int i = 0; i < (N / W + 2) * W; i++)
    img[i] = (float)(i % 23) - 11.0f;
  for (int i = 0; i <= N; i++)
    sm[i] = rsm[i] = i % 9;

#pragma gpupar
  for (int i = 0; i < n; i++) {
    out[i] = dot3(&p[3 * i], &q[3 * i]) + norm3(q + 3 * i);
    axpy_row(&Y[i * m], X, 0.5, m);
    scale3(&s3[3 * i], &p[3 * i], 2.0);
  }
  /* The row index is affine in i: at(img, w, 1, i) reads img[i*w + 1]. */
#pragma gpupar
  for (int i = 0; i < n / w; i++)
    r2[i] = at(img, w, 1, i) + at(img, w, w - 1, i + 1);
  /* Computed indices: the whole map section is copied. */
#pragma gpupar map(to : img[0 : (n / w + 1) * w])
  for (int i = 0; i < n; i++)
    r[i] = at(img, w, i % w, i / w);
  /* Two pointers into the array it writes: sm[2*i] from sm[2*i] and sm[2*i + 1]. */
#pragma gpupar
  for (int i = 0; i < n / 2; i++)
    smooth(&sm[2 * i], &sm[2 * i]);
#pragma gpupar
  for (int i = 0; i < n; i++)
    cw[i] = weigh(p[i]);
#pragma gpupar
  for (int i = 0; i < n; i++)
    shift_row(&sh[i * m], &Y[i * m], m);

  /* The serial reference: the same loops without the pragma. */
  for (int i = 0; i < n; i++) {
    rout[i] = dot3(&p[3 * i], &q[3 * i]) + norm3(q + 3 * i);
    axpy_row(&rY[i * m], X, 0.5, m);
    scale3(&rs3[3 * i], &p[3 * i], 2.0);
  }
  for (int i = 0; i < n / w; i++)
    rr2[i] = at(img, w, 1, i) + at(img, w, w - 1, i + 1);
  for (int i = 0; i < n; i++)
    rr[i] = at(img, w, i % w, i / w);
  for (int i = 0; i < n / 2; i++)
    smooth(&rsm[2 * i], &rsm[2 * i]);
  /* p = &blk[i][1] reaches blk[i + 1][0][0]: each iteration reads what the previous wrote. */
  enum { B = 40 };
  static double blk[B + 1][5][5], rblk[B + 1][5][5];
#pragma gpupar
  for (int i = 0; i < B; i++)
    carry(&blk[i][1], blk[i]);
  for (int i = 0; i < B; i++)
    carry(&rblk[i][1], rblk[i]);
  long bad = 0;
  for (int i = 0; i <= B; i++)
    bad += blk[i][0][0] != rblk[i][0][0] || blk[i][0][0] != i;
  for (int i = 0; i < N; i++)
    bad += out[i] != rout[i] || r[i] != rr[i] || (i < N / W && r2[i] != rr2[i]);
  for (int i = 0; i < N * M; i++)
    bad += Y[i] != rY[i];
  for (int i = 0; i < 3 * N; i++)
    bad += s3[i] != rs3[i];
  for (int i = 0; i <= N; i++)
    bad += sm[i] != rsm[i];
  for (int i = 0; i < N; i++)
    bad += cw[i] != p[i] * 0.25 + 3 + (double)(12345678901ull % 7);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      bad += sh[i * M + j] != (j >= 1 && j < M - 2 ? Y[i * M + j + 1] * 2 : -1);
  if (bad)
    fprintf(stderr, "fnptr: %ld elements differ from the serial computation\n", bad);

  double rd[N], r2d[N];
  for (int i = 0; i < N; i++)
    rd[i] = r[i], r2d[i] = i < N / W ? r2[i] : 0;
  printf("fnptr: out %llx Y %llx s3 %llx r %llx r2 %llx sm %llx\n", hash(out, N), hash(Y, N * M),
         hash(s3, 3 * N), hash(rd, N), hash(r2d, N), hash(sm, N + 1));
  printf("first %g %g %g %g %g last %g %g %g\n", out[0], Y[0], s3[0], rd[0], r2d[0], out[N - 1],
         Y[N * M - 1], sm[N]);
  free(p), free(q), free(out), free(Y), free(X), free(s3), free(sm), free(img), free(r), free(r2);
  free(rout), free(rY), free(rs3), free(rsm), free(rr), free(rr2), free(cw), free(sh);
  return bad ? 1 : 0;
}
