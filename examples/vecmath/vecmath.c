/* vecmath: per-particle vector maths over several arrays of different types: spherical
 * coordinates, normalisation, a classification mask, and a reversed damping pass.
 * Usage: vecmath [n]. Checks every element against a serial computation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef double real;

enum { OCTANTS = 8 };

static void spherical(long n, const real *x, const real *y, const real *z, real *r, real *theta,
                      real *phi, float *unit, int *octant) {
#pragma gpupar
  for (long i = 0; i < n; i++) {
    real rr = sqrt(x[i] * x[i] + y[i] * y[i] + z[i] * z[i]);
    r[i] = rr;
    theta[i] = rr > 0 ? acos(z[i] / rr) : 0.0;
    phi[i] = atan2(y[i], x[i]);
    real inv = rr > 0 ? 1.0 / rr : 0.0;
    unit[3 * i] = (float)(x[i] * inv);
    unit[3 * i + 1] = (float)(y[i] * inv);
    unit[3 * i + 2] = (float)(z[i] * inv);
    int o = (x[i] < 0) + 2 * (y[i] < 0) + 4 * (z[i] < 0);
    octant[i] = o % OCTANTS;
  }
}

static int loop_variable_wrong;

/* Walks the particles backwards, damping speeds above a cap. */
static void damp(long n, double cap, double factor, double *speed) {
  long i;
#pragma gpupar
  for (i = n - 1; i >= 0; i -= 1) {
    if (speed[i] > cap)
      speed[i] = cap + (speed[i] - cap) * factor;
  }
  if (i != -1) {
    fprintf(stderr, "vecmath: loop variable after damp is %ld, expected -1\n", i);
    loop_variable_wrong = 1;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 250007;
  if (n < 1) {
    fprintf(stderr, "vecmath: n must be positive\n");
    return 2;
  }
  real *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
  real *r = malloc(n * sizeof *r), *th = malloc(n * sizeof *th), *ph = malloc(n * sizeof *ph);
  float *unit = malloc(3 * n * sizeof *unit);
  int *oct = malloc(n * sizeof *oct);
  double *speed = malloc(n * sizeof *speed), *speed_ref = malloc(n * sizeof *speed_ref);
  if (!x || !y || !z || !r || !th || !ph || !unit || !oct || !speed || !speed_ref) {
    fprintf(stderr, "vecmath: out of memory\n");
    return 2;
  }
  for (long i = 0; i < n; i++) {
    x[i] = sin(0.001 * i) * (i % 7 - 3);
    y[i] = cos(0.0007 * i) * (i % 5 - 2);
    z[i] = (double)(i % 11) - 5.0;
    speed[i] = speed_ref[i] = (double)((i * 7919) % 1000);
  }
  spherical(n, x, y, z, r, th, ph, unit, oct);
  damp(n, 800.0, 0.5, speed);

  long bad = 0;
  double sum = 0;
  for (long i = 0; i < n && bad < 5; i++) {
    real rr = sqrt(x[i] * x[i] + y[i] * y[i] + z[i] * z[i]);
    real inv = rr > 0 ? 1.0 / rr : 0.0;
    int o = (x[i] < 0) + 2 * (y[i] < 0) + 4 * (z[i] < 0);
    double s = speed_ref[i] > 800.0 ? 800.0 + (speed_ref[i] - 800.0) * 0.5 : speed_ref[i];
    int ok = fabs(r[i] - rr) <= 1e-12 * rr &&
             fabs(th[i] - (rr > 0 ? acos(z[i] / rr) : 0.0)) <= 1e-12 &&
             fabs(ph[i] - atan2(y[i], x[i])) <= 1e-12 &&
             fabsf(unit[3 * i] - (float)(x[i] * inv)) <= 1e-6f &&
             fabsf(unit[3 * i + 1] - (float)(y[i] * inv)) <= 1e-6f &&
             fabsf(unit[3 * i + 2] - (float)(z[i] * inv)) <= 1e-6f && oct[i] == o && speed[i] == s;
    if (!ok) {
      bad++;
      fprintf(stderr, "vecmath: particle %ld differs from the serial result\n", i);
    }
    sum += r[i] + th[i] + ph[i] + unit[3 * i] + oct[i] + speed[i];
  }
  bad += loop_variable_wrong;
  printf("vecmath: n=%ld sum=%.6e %s\n", n, sum, bad ? "FAILED" : "ok");
  free(x);
  free(y);
  free(z);
  free(r);
  free(th);
  free(ph);
  free(unit);
  free(oct);
  free(speed);
  free(speed_ref);
  return bad ? 1 : 0;
}
