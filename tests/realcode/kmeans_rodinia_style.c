/* FLAGS: -fopenmp */
/* OFFLOADS: 2 */
/* Rodinia kmeans' membership step as its OpenMP version writes it: the loop passes a row of the
 * features ('feature[i]', one block with row pointers) and the whole centres matrix (rows
 * allocated one by one) to find_nearest_point, and counts the points that changed cluster with
 * an OpenMP reduction; then the centres' new coordinates, one feature per iteration, summed
 * over the points of each cluster in a function that takes the 'float **' matrix. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

#define NPOINTS 5003
#define NFEATURES 34
#define NCLUSTERS 5

static float **alloc_2d(int rows, int cols) {
  float **m = (float **)malloc(rows * sizeof(float *));
  int i;
  m[0] = (float *)malloc((size_t)rows * cols * sizeof(float));
  for (i = 1; i < rows; i++)
    m[i] = m[i - 1] + cols;
  return m;
}

static float euclid_dist_2(float *pt1, float *pt2, int numdims) {
  int i;
  float ans = 0.0;
  for (i = 0; i < numdims; i++)
    ans += (pt1[i] - pt2[i]) * (pt1[i] - pt2[i]);
  return (ans);
}

static int find_nearest_point(float *pt, int nfeatures, float **pts, int npts) {
  int index, i;
  float max_dist = FLT_MAX;
  index = 0;
  for (i = 0; i < npts; i++) {
    float dist;
    dist = euclid_dist_2(pt, pts[i], nfeatures);
    if (dist < max_dist) {
      max_dist = dist;
      index = i;
    }
  }
  return (index);
}

static float member_sum(float **feature, int *membership, int npoints, int c, int j) {
  int i;
  float s = 0.0f;
  for (i = 0; i < npoints; i++)
    s += (float)(membership[i] == c) * feature[i][j];
  return s;
}

static float assign(float **feature, float **clusters, int *membership, int npoints, int nfeatures,
                    int nclusters) {
  int i, index;
  float delta = 0.0;
#ifdef _OPENMP
#pragma omp parallel for shared(feature, clusters, membership) private(i, index)                   \
    reduction(+ : delta)
#endif
#pragma gpupar reduction(+ : delta)
  for (i = 0; i < npoints; i++) {
    index = find_nearest_point(feature[i], nfeatures, clusters, nclusters);
    if (membership[i] != index)
      delta += 1.0;
    membership[i] = index;
  }
  return delta;
}

static void new_centres(float **feature, int *membership, float **sums, int npoints, int nfeatures,
                        int c) {
  int j;
#ifdef _OPENMP
#pragma omp parallel for
#endif
#pragma gpupar
  for (j = 0; j < nfeatures; j++)
    sums[c][j] = member_sum(feature, membership, npoints, c, j);
}

int main(void) {
  float **feature = alloc_2d(NPOINTS, NFEATURES), **sums = alloc_2d(NCLUSTERS, NFEATURES);
  float **clusters = (float **)malloc(NCLUSTERS * sizeof(float *));
  int *membership = (int *)malloc(NPOINTS * sizeof(int));
  int i, j, c, bad = 0, round;
  float delta = 0.0f;
  for (i = 0; i < NPOINTS; i++) {
    membership[i] = -1;
    for (j = 0; j < NFEATURES; j++)
      feature[i][j] = (float)((i * 31 + j * 7) % 101);
  }
  for (c = 0; c < NCLUSTERS; c++) {
    clusters[c] = (float *)malloc(NFEATURES * sizeof(float));
    for (j = 0; j < NFEATURES; j++)
      clusters[c][j] = (float)((c * 23 + j * 11) % 97);
  }
  for (round = 0; round < 3; round++) {
    delta += assign(feature, clusters, membership, NPOINTS, NFEATURES, NCLUSTERS);
    for (i = 0; i < NPOINTS; i++)
      bad += membership[i] != find_nearest_point(feature[i], NFEATURES, clusters, NCLUSTERS);
    for (c = 0; c < NCLUSTERS; c++)
      new_centres(feature, membership, sums, NPOINTS, NFEATURES, c);
    for (c = 0; c < NCLUSTERS; c++) {
      int n = 0;
      for (i = 0; i < NPOINTS; i++)
        n += membership[i] == c;
      for (j = 0; j < NFEATURES; j++) {
        float want = 0.0f;
        for (i = 0; i < NPOINTS; i++)
          want += membership[i] == c ? feature[i][j] : 0.0f;
        bad += sums[c][j] != want;
        if (n > 0)
          clusters[c][j] = sums[c][j] / (float)n;
      }
    }
  }
  printf("kmeans: changed %.0f times, %d wrong memberships or centre sums\n", delta, bad);
  for (c = 0; c < NCLUSTERS; c++)
    printf("centre %d: %.4f %.4f\n", c, clusters[c][0], clusters[c][NFEATURES - 1]);
  return bad ? 1 : 0;
}
