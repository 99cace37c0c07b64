/* stencil2d: Jacobi relaxation of the Laplace equation on an n x m grid stored in flat arrays.
 * Usage: stencil2d [n m sweeps]. Checks every element against a serial computation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One sweep: every interior point becomes the mean of its four neighbours. */
static void sweep(int n, int m, const double *in, double *out) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++) {
    for (int j = 1; j < m - 1; j++) {
      out[i * m + j] = 0.25 * (in[(i - 1) * m + j] + in[(i + 1) * m + j] + in[i * m + j - 1] +
                               in[i * m + j + 1]);
    }
  }
}

static void sweep_serial(int n, int m, const double *in, double *out) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      out[i * m + j] = 0.25 * (in[(i - 1) * m + j] + in[(i + 1) * m + j] + in[i * m + j - 1] +
                               in[i * m + j + 1]);
}

/* Boundary: hot top edge, cold elsewhere; interior starts at zero. */
static void init(int n, int m, double *u) {
  memset(u, 0, (size_t)n * m * sizeof *u);
  for (int j = 0; j < m; j++)
    u[j] = 100.0 * sin(3.14159265358979 * j / (m - 1));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 515;
  int m = argc > 2 ? atoi(argv[2]) : 389;
  int sweeps = argc > 3 ? atoi(argv[3]) : 20;
  if (n < 3 || m < 3 || sweeps < 1) {
    fprintf(stderr, "stencil2d: need n >= 3, m >= 3, sweeps >= 1\n");
    return 2;
  }
  size_t cells = (size_t)n * m;
  double *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b);
  double *ra = malloc(cells * sizeof *ra), *rb = malloc(cells * sizeof *rb);
  if (!a || !b || !ra || !rb) {
    fprintf(stderr, "stencil2d: out of memory\n");
    return 2;
  }
  init(n, m, a);
  init(n, m, b);
  init(n, m, ra);
  init(n, m, rb);
  for (int s = 0; s < sweeps; s++) {
    sweep(n, m, a, b);
    sweep_serial(n, m, ra, rb);
    double *t = a;
    a = b;
    b = t;
    t = ra;
    ra = rb;
    rb = t;
  }
  long bad = 0;
  double sum = 0;
  for (size_t k = 0; k < cells; k++) {
    if (!(fabs(a[k] - ra[k]) <= 1e-12 * fabs(ra[k]) + 1e-300)) {
      if (bad++ < 5)
        fprintf(stderr, "stencil2d: u[%zu] = %.17g, expected %.17g\n", k, a[k], ra[k]);
    }
    sum += a[k];
  }
  printf("stencil2d: %dx%d, %d sweeps, sum=%.6e centre=%.6e %s\n", n, m, sweeps, sum,
         a[(size_t)(n / 2) * m + m / 2], bad ? "FAILED" : "ok");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return bad ? 1 : 0;
}
