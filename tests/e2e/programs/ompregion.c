/* Loops whose `#pragma omp for` became `#pragma gpupar` inside `#pragma omp parallel` regions,
 * built with -fopenmp (openmp.sh): every thread of the team reaches each loop, and one of them
 * runs it (`omp single` in the host file), so each element is updated once, as by the `omp for`.
 * A loop that stays serial runs so too, and each waits first for the threads' `omp for nowait`
 * before it. The split form `#pragma omp parallel` + `#pragma gpupar`
 * keeps its region as `parallel for` on the CPU fallback. A loop in an `omp single` block, and one
 * in each iteration of an `omp parallel for`, are run by the threads that reach them. So are the
 * loops of static functions: once for the team when every call comes from a region (`scale`, also
 * through `step`), once per call when the calls come from an `omp parallel for` (`add_row`). Every
 * element is compared with the same loops run without pragmas (exit status 1 on a mismatch). */
#include <stdio.h>

#define N 4099
#define R 24
#define C 301

static double a[N], b[N], ref[N], b2[N], c2[N], rc2[N], m[R][C], mref[R][C];

/* Called from a region, through `step`: every thread calls it, one runs the loop. */
static void scale(double *x, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[i] *= 3.0;
}

static void step(double *x, int n) { scale(x, n); }

/* Called in each iteration of an `omp parallel for`: each call runs its own row. */
static void add_row(double *row, int n, double v) {
#pragma gpupar
  for (int c = 0; c < n; c++)
    row[c] += v;
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = ref[i] = b[i] = (double)(i % 97) - 40.0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      m[r][c] = mref[r][c] = (double)((r * 7 + c) % 13);
  double sum = 0, rsum = 0, carry = 0, rcarry = 0;
  long bad = 0;
#pragma omp parallel
  {
    double k = 2.0; /* private to each thread of the region */
#pragma gpupar
    for (int i = 0; i < N; i++)
      a[i] += k * b[i];
#pragma gpupar reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += a[i];
#pragma gpupar
    for (int i = 0; i < N; i++) { /* stays serial (a value carried when b[i] > 0) */
      if (b[i] > 0)
        carry = carry * 0.5 + 1.0;
      a[i] += carry;
    }
  }
  for (int i = 0; i < N; i++)
    ref[i] += 2.0 * b[i];
  for (int i = 0; i < N; i++)
    rsum += ref[i];
  for (int i = 0; i < N; i++) {
    if (b[i] > 0)
      rcarry = rcarry * 0.5 + 1.0;
    ref[i] += rcarry;
  }

  /* NPB LU's pipeline: an `omp for nowait` before the loop, whose rows other threads wrote. */
#pragma omp parallel
  {
#pragma omp for nowait schedule(static)
    for (int i = 0; i < N; i++)
      c2[i] = a[i] + 1.0;
#pragma gpupar
    for (int i = 0; i < N; i++)
      b2[i] = c2[N - 1 - i] * 2.0;
  }
  for (int i = 0; i < N; i++)
    rc2[i] = ref[i] + 1.0;
  for (int i = 0; i < N; i++)
    bad += b2[i] != rc2[N - 1 - i] * 2.0;

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

#pragma omp parallel
  {
    step(a, N);
#pragma omp barrier
    scale(a, N);
  }
  for (int i = 0; i < N; i++)
    ref[i] = ref[i] * 3.0 * 3.0;

#pragma omp parallel for
  for (int r = 0; r < R; r++)
    add_row(m[r], C, 0.5 * r);
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      mref[r][c] += 0.5 * r;

  bad += sum != rsum;
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
