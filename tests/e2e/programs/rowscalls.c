/* Rodinia kmeans' idiom: the loop passes a row of one 'float **' matrix and a whole other one to
 * functions, which subscript them or pass rows on. Each result is checked element by element
 * against a serial recomputation (exit status 1 if any differs beyond a GPU's rounding). */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

static float **alloc_2d(int rows, int cols) {
  float **m = (float **)malloc(rows * sizeof(float *));
  float *block = (float *)malloc((size_t)rows * cols * sizeof(float));
  for (int r = 0; r < rows; r++)
    m[r] = block + (size_t)r * cols;
  return m;
}

static void free_2d(float **m) {
  free(m[0]);
  free(m);
}

static float dist2(const float *a, const float *b, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; k++)
    s += (a[k] - b[k]) * (a[k] - b[k]);
  return s;
}

static int find_nearest_point(float *pt, int nfeatures, float **pts, int npts) {
  int index = 0;
  float min_dist = FLT_MAX;
  for (int i = 0; i < npts; i++) {
    float d = 0.0f;
    for (int j = 0; j < nfeatures; j++)
      d += (pt[j] - pts[i][j]) * (pt[j] - pts[i][j]);
    if (d < min_dist) {
      min_dist = d;
      index = i;
    }
  }
  return index;
}

static int close_to(float got, float want) {
  float d = got > want ? got - want : want - got, m = want > 0 ? want : -want;
  return d <= 1e-5f * (m > 1.0f ? m : 1.0f);
}

static void scale_row(float *dst, const float *src, int n, float s) {
  for (int k = 0; k < n; k++)
    dst[k] = s * src[k] + 1.0f;
}

/* Column j of rows 0..n: Rodinia backprop's sum over a 'float **' column, in a function. */
static float colsum(float **w, int n, int j) {
  float s = 0.0f;
  for (int k = 0; k <= n; k++)
    s += w[k][j];
  return s;
}

static void colsums(float **w, float *sums, int n, int m) {
#pragma gpupar
  for (int j = 0; j < m; j++)
    sums[j] = colsum(w, n, j);
}

static void membership(float **feature, float **clusters, const float *centre, int *member,
                       float *best, int npoints, int nfeatures, int nclusters) {
  int i;
#pragma gpupar
  for (i = 0; i < npoints; i++) {
    int c = find_nearest_point(feature[i], nfeatures, clusters, nclusters);
    member[i] = c;
    best[i] = dist2(feature[i], centre, nfeatures);
  }
}

/* Both matrices as they are, and their rows passed on from there. */
static void scale_row_at(float **out, float **in, int r, int cols) {
  scale_row(out[r], in[r], cols, 0.5f * (float)(r % 7));
}

static void scale_rows(float **out, float **in, int rows, int cols) {
#pragma gpupar
  for (int r = 0; r < rows; r++)
    scale_row_at(out, in, r, cols);
}

int main(void) {
  enum { NPOINTS = 20011, NFEATURES = 17, NCLUSTERS = 5, ROWS = 3001, COLS = 129 };
  float **feature = alloc_2d(NPOINTS, NFEATURES), **clusters = alloc_2d(NCLUSTERS, NFEATURES);
  float **in = alloc_2d(ROWS, COLS), **out = alloc_2d(ROWS, COLS);
  int *member = malloc(NPOINTS * sizeof *member);
  float centre[NFEATURES];
  float *sums = malloc(COLS * sizeof *sums);
  float *best = malloc(NPOINTS * sizeof *best);
  if (!member || !best || !sums)
    return 2;
  for (int i = 0; i < NPOINTS; i++)
    for (int j = 0; j < NFEATURES; j++)
      feature[i][j] = (float)((i * 31 + j * 7) % 101) / 10.0f;
  for (int c = 0; c < NCLUSTERS; c++)
    for (int j = 0; j < NFEATURES; j++)
      clusters[c][j] = (float)((c * 53 + j * 11) % 97) / 10.0f;
  for (int j = 0; j < NFEATURES; j++)
    centre[j] = (float)(j % 5);
  for (int r = 0; r < ROWS; r++)
    for (int k = 0; k < COLS; k++) {
      in[r][k] = (float)((r * 3 + k) % 19);
      out[r][k] = -1.0f;
    }
  membership(feature, clusters, centre, member, best, NPOINTS, NFEATURES, NCLUSTERS);
  scale_rows(out, in, ROWS, COLS);
  colsums(in, sums, ROWS - 1, COLS);
  /* Sums of squares may be rounded differently where a GPU fuses a*b + c (FMA): distances are
   * compared within a relative 1e-5, and a member is right when its cluster is as near as the
   * serial choice up to that rounding (a near tie may go either way). Every other value is a sum
   * of small integers or an exact product, compared exactly. */
  long bad = 0, bad_member = 0, bad_best = 0, bad_out = 0, bad_sums = 0;
  for (int i = 0; i < NPOINTS; i++) {
    int c = find_nearest_point(feature[i], NFEATURES, clusters, NCLUSTERS);
    float want = dist2(feature[i], clusters[c], NFEATURES);
    bad_member += member[i] < 0 || member[i] >= NCLUSTERS ||
                  !close_to(dist2(feature[i], clusters[member[i]], NFEATURES), want);
    bad_best += !close_to(best[i], dist2(feature[i], centre, NFEATURES));
  }
  for (int r = 0; r < ROWS; r++)
    for (int k = 0; k < COLS; k++)
      bad_out += out[r][k] != 0.5f * (float)(r % 7) * in[r][k] + 1.0f;
  for (int j = 0; j < COLS; j++)
    bad_sums += sums[j] != colsum(in, ROWS - 1, j);
  bad = bad_member + bad_best + bad_out + bad_sums;
  if (bad)
    fprintf(stderr,
            "rowscalls: elements that differ from the serial computation: member %ld, best %ld, "
            "out %ld, sums %ld\n",
            bad_member, bad_best, bad_out, bad_sums);
  long sum = 0;
  for (int i = 0; i < NPOINTS; i++)
    sum += member[i] * (i % 13 + 1);
  printf("rowscalls: membership sum=%ld out[7][5]=%.3f\n", sum, out[7][5]);
  free_2d(feature);
  free_2d(clusters);
  free_2d(in);
  free_2d(out);
  free(member);
  free(best);
  free(sums);
  return bad ? 1 : 0;
}
