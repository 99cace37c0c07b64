/* OFFLOADS: 1 */
/* A blocked LU decomposition written as Rodinia's lud_omp is: C89 declarations at the top of the
 * loop body, subscripts through macros, block offsets set by `=` and stepped by `+=` and set again
 * for a second phase, and the interior update indexed by `chunk / n` and `chunk % n` (a run-time
 * n: that loop stays serial, with a warning). Prints a hash of every element of the factors and
 * checks L*U against the input matrix. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BS 16
#define AA(_i, _j) a[offset * size + _i * size + _j + offset]
#define BB(_i, _j) a[_i * size + _j]

static void diagonal(float *a, int size, int offset) {
  int i, j, k;
  for (i = 0; i < BS; i++) {
    for (j = i; j < BS; j++)
      for (k = 0; k < i; k++)
        AA(i, j) = AA(i, j) - AA(i, k) * AA(k, j);
    float temp = 1.f / AA(i, i);
    for (j = i + 1; j < BS; j++) {
      for (k = 0; k < i; k++)
        AA(j, i) = AA(j, i) - AA(j, k) * AA(k, i);
      AA(j, i) = AA(j, i) * temp;
    }
  }
}

static void lud(float *a, int size) {
  int offset, chunk_idx, size_inter, chunks_in_inter_row, chunks_per_inter;
  for (offset = 0; offset < size - BS; offset += BS) {
    diagonal(a, size, offset);
    size_inter = size - offset - BS;
    chunks_in_inter_row = size_inter / BS;
#ifdef OPEN
#pragma gpupar private(chunk_idx) shared(size, chunks_in_inter_row, offset, a)
#endif
    for (chunk_idx = 0; chunk_idx < chunks_in_inter_row; chunk_idx++) {
      int i, j, k, i_global, j_global, i_here, j_here;
      float sum;
      float temp[BS * BS];
      for (i = 0; i < BS; i++)
        for (j = 0; j < BS; j++)
          temp[i * BS + j] = a[size * (i + offset) + offset + j];
      i_global = offset;
      j_global = offset;
      j_global += BS * (chunk_idx + 1);
      for (j = 0; j < BS; j++)
        for (i = 0; i < BS; i++) {
          sum = 0.f;
          for (k = 0; k < i; k++)
            sum += temp[BS * i + k] * BB((i_global + k), (j_global + j));
          i_here = i_global + i;
          j_here = j_global + j;
          BB(i_here, j_here) = BB(i_here, j_here) - sum;
        }
      j_global = offset;
      i_global += BS * (chunk_idx + 1);
      for (i = 0; i < BS; i++)
        for (j = 0; j < BS; j++) {
          sum = 0.f;
          for (k = 0; k < j; k++)
            sum += BB((i_global + i), (j_global + k)) * temp[BS * k + j];
          i_here = i_global + i;
          j_here = j_global + j;
          a[size * i_here + j_here] =
              (a[size * i_here + j_here] - sum) / a[size * (offset + j) + offset + j];
        }
    }
    chunks_per_inter = chunks_in_inter_row * chunks_in_inter_row;
#ifdef OPEN
#pragma gpupar private(chunk_idx) shared(size, chunks_per_inter, chunks_in_inter_row, offset, a)
#endif
    for (chunk_idx = 0; chunk_idx < chunks_per_inter; chunk_idx++) {
      int i, j, k, i_global, j_global;
      float temp_top[BS * BS], temp_left[BS * BS], sum[BS] = {0.f};
      i_global = offset + BS * (1 + chunk_idx / chunks_in_inter_row);
      j_global = offset + BS * (1 + chunk_idx % chunks_in_inter_row);
      for (i = 0; i < BS; i++)
        for (j = 0; j < BS; j++) {
          temp_top[i * BS + j] = a[size * (i + offset) + j + j_global];
          temp_left[i * BS + j] = a[size * (i + i_global) + offset + j];
        }
      for (i = 0; i < BS; i++) {
        for (k = 0; k < BS; k++)
          for (j = 0; j < BS; j++)
            sum[j] += temp_left[BS * i + k] * temp_top[BS * k + j];
        for (j = 0; j < BS; j++) {
          BB((i + i_global), (j + j_global)) -= sum[j];
          sum[j] = 0.f;
        }
      }
    }
  }
  diagonal(a, size, offset);
}

int main(void) {
  int size = BS * 9, i, j, k;
  float *a = malloc(sizeof(float) * size * size), *orig = malloc(sizeof(float) * size * size);
  if (!a || !orig)
    return 2;
  for (i = 0; i < size; i++)
    for (j = 0; j < size; j++)
      orig[i * size + j] = a[i * size + j] =
          (i == j ? (float)size : 0.f) + (float)((i * 7 + j * 3) % 11) * 0.125f;
  lud(a, size);
  unsigned long long hash = 1469598103934665603ull;
  for (i = 0; i < size * size; i++) {
    unsigned char *b = (unsigned char *)&a[i];
    for (k = 0; k < (int)sizeof(float); k++)
      hash = (hash ^ b[k]) * 1099511628211ull;
  }
  /* L (unit lower) times U (upper) against the input. */
  double worst = 0;
  for (i = 0; i < size; i++)
    for (j = 0; j < size; j++) {
      double s = 0;
      for (k = 0; k <= (i < j ? i : j); k++)
        s += (k == i ? 1.0 : a[i * size + k]) * a[k * size + j];
      if (fabs(s - orig[i * size + j]) > worst)
        worst = fabs(s - orig[i * size + j]);
    }
  printf("lud_style: hash %016llx worst residual %s\n", hash, worst < 1e-3 ? "small" : "LARGE");
  free(a), free(orig);
  return worst < 1e-3 ? 0 : 1;
}
