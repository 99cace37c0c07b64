/* An OpenMP program with its 'omp parallel for' swapped for 'gpupar': it still includes <omp.h>
 * and calls the OpenMP runtime outside the loop. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  enum { n = 1000 };
  static double a[n];
  double t0 = omp_get_wtime();
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = 0.5 * i;
  double elapsed = omp_get_wtime() - t0;
  printf("a[n-1]=%g threads=%d\n", a[n - 1], omp_get_max_threads() > 0);
  return !(a[n - 1] == 499.5 && elapsed >= 0);
}
