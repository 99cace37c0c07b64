/* nbody: all-pairs gravitational accelerations of n bodies (single precision, softened).
 * Compute bound: about 20 flops per pair. */
#include "common.h"

static void accelerations(long n, float eps2, const float *x, const float *y, const float *z,
                          const float *m, float *ax, float *ay, float *az) {
#pragma gpupar
  for (long i = 0; i < n; i++) {
    float fx = 0.0f, fy = 0.0f, fz = 0.0f;
    for (long j = 0; j < n; j++) {
      float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
      float d2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv = 1.0f / sqrtf(d2);
      float s = m[j] * inv * inv * inv;
      fx += s * dx;
      fy += s * dy;
      fz += s * dz;
    }
    ax[i] = fx;
    ay[i] = fy;
    az[i] = fz;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16384;
  int reps = argc > 2 ? atoi(argv[2]) : 3;
  float *x = bench_alloc(n * sizeof *x), *y = bench_alloc(n * sizeof *y);
  float *z = bench_alloc(n * sizeof *z), *m = bench_alloc(n * sizeof *m);
  float *ax = bench_alloc(n * sizeof *ax), *ay = bench_alloc(n * sizeof *ay);
  float *az = bench_alloc(n * sizeof *az);
  double *ref = bench_alloc(3 * n * sizeof *ref), *got = bench_alloc(3 * n * sizeof *got);
  unsigned long long seed = 6;
  for (long i = 0; i < n; i++) {
    x[i] = (float)bench_rand(&seed), y[i] = (float)bench_rand(&seed);
    z[i] = (float)bench_rand(&seed), m[i] = (float)(1.5 + bench_rand(&seed));
  }
  const float eps2 = 1e-4f;
  long checked = n < 512 ? n : 512; /* the reference is O(n^2): check a sample of bodies */
  for (long c = 0; c < checked; c++) {
    long i = c * (n / checked);
    double f[3] = {0, 0, 0};
    for (long j = 0; j < n; j++) {
      double d[3] = {x[j] - x[i], y[j] - y[i], z[j] - z[i]};
      double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + eps2;
      double s = m[j] / (d2 * sqrt(d2));
      for (int k = 0; k < 3; k++)
        f[k] += s * d[k];
    }
    for (int k = 0; k < 3; k++)
      ref[3 * c + k] = f[k];
  }
  double times[64];
  BENCH_TIME(times, reps, accelerations(n, eps2, x, y, z, m, ax, ay, az));
  for (long c = 0; c < checked; c++) {
    long i = c * (n / checked);
    got[3 * c] = ax[i], got[3 * c + 1] = ay[i], got[3 * c + 2] = az[i];
  }
  double err = bench_rel_err(got, ref, 3 * checked);
  bench_report("nbody", n, times, reps, 16.0 * n + 12.0 * n, 20.0 * n * n, err < 1e-3);
  return err < 1e-3 ? 0 : 1;
}
