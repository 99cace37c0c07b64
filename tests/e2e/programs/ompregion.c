/* Loops whose `#pragma omp for` became `#pragma gpupar` inside `#pragma omp parallel` regions,
 * built with -fopenmp (openmp.sh): every thread of the team reaches each loop, and one of them
 * runs it (`omp single` in the host file), so each element is updated once, as by the `omp for`.
 * The split form `#pragma omp parallel` + `#pragma gpupar` keeps its region as `parallel for` on
 * the CPU fallback. A loop in an `omp single` block, and one in each iteration of an `omp
 * parallel for`, are run by the threads that reach them. Every element is compared with the
 * same loops run without pragmas (exit status 1 on a mismatch). */
#include <stdio.h>

#define N 4099
#define R 24
#define C 301

static double a[N], b[N], ref[N], m[R][C], mref[R][C];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = ref[i] = b[i] = (double)(i % 97) - 40.0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      m[r][c] = mref[r][c] = (double)((r * 7 + c) % 13);
  double sum = 0, rsum = 0;
#pragma omp parallel
  {
    double k = 2.0; /* private to each thread of the region */
#pragma gpupar
    for (int i = 0; i < N; i++)
      a[i] += k * b[i];
#pragma gpupar reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += a[i];
  }
  for (int i = 0; i < N; i++)
    ref[i] += 2.0 * b[i];
  for (int i = 0; i < N; i++)
    rsum += ref[i];

#pragma omp parallel
#pragma gpupar
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 0.5 + b[i];
  for (int i = 0; i < N; i++)
    ref[i] = ref[i] * 0.5 + b[i];

#pragma omp parallel
  {
#pragma omp single
    {
#pragma gpupar
      for (int i = 0; i < N; i++)
        a[i] -= 1.0;
    }
  }
  for (int i = 0; i < N; i++)
    ref[i] -= 1.0;

#pragma omp parallel for
  for (int r = 0; r < R; r++) {
#pragma gpupar
    for (int c = 0; c < C; c++)
      m[r][c] += r + c;
  }
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      mref[r][c] += r + c;

  long bad = sum != rsum;
  double check = 0;
  for (int i = 0; i < N; i++)
    bad += a[i] != ref[i], check += a[i];
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      bad += m[r][c] != mref[r][c], check += m[r][c];
  if (bad)
    fprintf(stderr, "ompregion: %ld results differ from the loops without pragmas\n", bad);
  printf("ompregion: sum %.1f check %.1f\n", sum, check);
  return bad ? 1 : 0;
}
