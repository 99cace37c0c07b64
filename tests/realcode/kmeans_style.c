/* FLAGS: -fopenmp */
/* Rodinia-style kmeans and hotspot kernels over 'float **' matrices: the points' features as
 * one block with row pointers (alloc_2d), the cluster centres as rows allocated one by one, and
 * a temperature grid updated from neighbour rows. K&R-style declarations at the top of each
 * function, loop variables declared outside the loops, OpenMP pragmas beside gpupar ones. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

#define NPOINTS 4099
#define NFEATURES 17
#define NCLUSTERS 5
#define ROWS 130
#define COLS 97

static float **alloc_2d(int rows, int cols) {
  float **m = (float **)malloc(rows * sizeof(float *));
  int i;
  m[0] = (float *)malloc((size_t)rows * cols * sizeof(float));
  for (i = 1; i < rows; i++)
    m[i] = m[i - 1] + cols;
  return m;
}

static void find_membership(float **feature, float **clusters, int *membership, int npoints,
                            int nfeatures, int nclusters) {
  int i, j, c;
#ifdef _OPENMP
#pragma omp parallel for shared(feature, clusters, membership) private(i, j, c)
#endif
#pragma gpupar
  for (i = 0; i < npoints; i++) {
    int index = 0;
    float min_dist = FLT_MAX;
    for (c = 0; c < nclusters; c++) {
      float dist = 0.0f;
      for (j = 0; j < nfeatures; j++) {
        float d = feature[i][j] - clusters[c][j];
        dist += d * d;
      }
      if (dist < min_dist) {
        min_dist = dist;
        index = c;
      }
    }
    membership[i] = index;
  }
}

static void hotspot_step(float **temp, float **power, float **result, int rows, int cols, float cap,
                         float rx, float ry) {
  int r, c;
#ifdef _OPENMP
#pragma omp parallel for private(r, c)
#endif
#pragma gpupar
  for (r = 1; r < rows - 1; r++)
    for (c = 1; c < cols - 1; c++)
      result[r][c] =
          temp[r][c] +
          cap * (power[r][c] + (temp[r + 1][c] + temp[r - 1][c] - 2.0f * temp[r][c]) * ry +
                 (temp[r][c + 1] + temp[r][c - 1] - 2.0f * temp[r][c]) * rx);
}

int main(void) {
  float **feature = alloc_2d(NPOINTS, NFEATURES);
  float **clusters = (float **)malloc(NCLUSTERS * sizeof(float *));
  int *membership = (int *)malloc(NPOINTS * sizeof(int));
  float **temp = alloc_2d(ROWS, COLS), **power = alloc_2d(ROWS, COLS);
  float **result = alloc_2d(ROWS, COLS);
  int i, j, c, bad = 0;
  long sum = 0;
  double heat = 0.0;
  for (i = 0; i < NPOINTS; i++)
    for (j = 0; j < NFEATURES; j++)
      feature[i][j] = (float)((i * 31 + j * 7) % 101);
  for (c = 0; c < NCLUSTERS; c++) {
    clusters[c] = (float *)malloc(NFEATURES * sizeof(float));
    for (j = 0; j < NFEATURES; j++)
      clusters[c][j] = (float)((c * 23 + j * 11) % 97);
  }
  find_membership(feature, clusters, membership, NPOINTS, NFEATURES, NCLUSTERS);
  for (i = 0; i < NPOINTS; i++) {
    int best = 0;
    float min_dist = FLT_MAX;
    for (c = 0; c < NCLUSTERS; c++) {
      float dist = 0.0f;
      for (j = 0; j < NFEATURES; j++) {
        float d = feature[i][j] - clusters[c][j];
        dist += d * d;
      }
      if (dist < min_dist) {
        min_dist = dist;
        best = c;
      }
    }
    if (membership[i] != best)
      bad++;
    sum += membership[i] * (i % 13);
  }
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++) {
      temp[i][j] = (float)((i * 3 + j) % 29);
      power[i][j] = (float)((i + j * 5) % 7) * 0.5f;
      result[i][j] = -1.0f;
    }
  hotspot_step(temp, power, result, ROWS, COLS, 0.5f, 0.25f, 0.125f);
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++) {
      float want = -1.0f;
      if (i > 0 && i < ROWS - 1 && j > 0 && j < COLS - 1)
        want = temp[i][j] + 0.5f * (power[i][j] +
                                    (temp[i + 1][j] + temp[i - 1][j] - 2.0f * temp[i][j]) * 0.125f +
                                    (temp[i][j + 1] + temp[i][j - 1] - 2.0f * temp[i][j]) * 0.25f);
      if (result[i][j] != want)
        bad++;
      heat += result[i][j];
    }
  printf("kmeans: membership sum %ld; hotspot: heat %.3f\n", sum, heat);
  if (bad)
    printf("%d mismatches\n", bad);
  return bad != 0;
}
