/* Error checks that leave the program from inside offloaded code, as NPB FT's cfftz does
 * (`if (m > mx) { printf(...); exit(1); }`): a variadic error helper called from a called
 * function, a report to stdout with fflush in the loop body, a lone abort(), and a check in a
 * data region. Without an argument no check fails: the loops run on the devices (the one in the
 * region on the host threads) and every element is compared with the same computation run
 * serially. With argument 1, 2, 3 or 4 one check fails (2 and 4: at two iterations);
 * fatalpath.sh checks that the program then prints what its serial build prints, the first
 * failing iteration's report, and leaves with the same status. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Reports and leaves, as programs' error helpers do. */
static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  exit(3);
}

/* Twice v, when v is at most `limit`. */
static double doubled(double v, double limit, int i) {
  if (v > limit)
    die("doubled: %g at %d is over the limit %g\n", v, i, limit);
  return 2.0 * v;
}

static void scale(int n, const double *x, double *y, double limit) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    y[i] = doubled(x[i], limit, i) + 1.0;
}

static void roots(int n, const double *x, double *z) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double v = x[i] - 1.0;
    if (v < 0.0) {
      printf("roots: negative value %g at %d\n", v, i);
      fflush(stdout);
      exit(4);
    }
    z[i] = v * 0.5;
  }
}

static void guard(int n, const int *flags, int *count) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (flags[i] == 7)
      abort();
    count[i] = flags[i] * 3 + 1;
  }
}

/* The same check on data a region keeps on the devices: a GPU that traps loses what only its
 * copies hold, so the loop runs on the host threads while the region is open. */
static void scaled_in_region(int n, const double *x, double *w) {
#pragma gpupar data map(to : x[0 : n]) map(from : w[0 : n])
  {
#pragma gpupar
    for (int i = 0; i < n; i++)
      w[i] = x[i] * 4.0;
#pragma gpupar
    for (int i = 0; i < n; i++) {
      if (w[i] > 100.0) {
        printf("scaled_in_region: %g at %d\n", w[i], i);
        exit(5);
      }
      w[i] = w[i] - 1.0;
    }
  }
}

/* Static: a run that leaves through exit() frees nothing, which LeakSanitizer would report. */
enum { N = 4096 };
static double x[N], y[N], z[N], w[N];
static int flags[N], count[N];

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + (i * 7 % 13) / 4.0;
    flags[i] = i % 5;
  }
  if (mode == 1)
    x[2777] = 100.0;
  if (mode == 2)
    x[3001] = x[1234] = 0.25;
  if (mode == 3)
    flags[4000] = 7;
  if (mode == 4)
    x[3500] = 50.0, x[3900] = 60.0;
  scale(N, x, y, 10.0);
  roots(N, x, z);
  guard(N, flags, count);
  scaled_in_region(N, x, w);
  long bad = 0;
  for (int i = 0; i < N; i++) {
    bad += y[i] != 2.0 * x[i] + 1.0;
    bad += z[i] != (x[i] - 1.0) * 0.5;
    bad += count[i] != flags[i] * 3 + 1;
    bad += w[i] != x[i] * 4.0 - 1.0;
  }
  printf("fatalpath: y[5]=%g z[9]=%g count[3]=%d\n", y[5], z[9], count[3]);
  if (bad) {
    fprintf(stderr, "fatalpath: %ld elements differ from the serial computation\n", bad);
    return 1;
  }
  return 0;
}
