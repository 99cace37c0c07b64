/* A perfect nest whose inner loop carries a dependence: the compiler cannot collapse it, so each
 * GPU thread runs one row's inner loop. The program checks every element against the serial
 * nest; sim_occupancy.sh checks the runtime's warning about a small outer trip count. */
#include <stdio.h>
#include <stdlib.h>

#define M 16

static void rows(int n, double (*a)[M]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 1; j < M; j++)
      a[i][j] = a[i][j - 1] + i + j;
}

static void rows_serial(int n, double (*a)[M]) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < M; j++)
      a[i][j] = a[i][j - 1] + i + j;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64, calls = argc > 2 ? atoi(argv[2]) : 2;
  double(*a)[M] = malloc((size_t)n * sizeof *a), (*r)[M] = malloc((size_t)n * sizeof *r);
  if (!a || !r)
    return 2;
  long bad = 0;
  for (int c = 0; c < calls; c++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < M; j++)
        a[i][j] = r[i][j] = j == 0 ? i * 0.5 + c : -1;
    rows(n, a);
    rows_serial(n, r);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < M; j++)
        bad += a[i][j] != r[i][j];
  }
  printf("%s: n=%d calls=%d mismatches=%ld\n", bad ? "FAIL" : "ok", n, calls, bad);
  free(a);
  free(r);
  return bad != 0;
}
