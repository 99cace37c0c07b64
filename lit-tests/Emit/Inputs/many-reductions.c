/* Ten scalar reductions of distinct (operator, type) pairs and a 16 KB array-section reduction
 * in one loop: the block reductions share one small scratch in shared memory. */
#include <math.h>
void many(int n, const int *x, const double *y, int *hist, double *out) {
  int s_add = 0;
  long long s_mul = 1;
  float s_min = INFINITY;
  double s_max = -INFINITY;
  unsigned s_and = ~0u;
  unsigned long long s_or = 0;
  unsigned char s_xor = 0;
  short s_short = 0;
  double s_dadd = 0;
  signed char s_land = 1;
#pragma gpupar reduction(+: hist[0:4096])
  for (int i = 0; i < n; i++) {
    s_add += x[i];
    s_mul *= (x[i] & 1) + 1;
    s_min = fminf(s_min, (float)y[i]);
    s_max = fmax(s_max, y[i]);
    s_and &= (unsigned)x[i] | 0xf0u;
    s_or |= 1ull << (x[i] & 63);
    s_xor ^= (unsigned char)x[i];
    s_short += (short)(x[i] & 7);
    s_dadd += y[i] * 0.5;
    s_land = s_land && x[i] >= 0;
    hist[x[i] & 4095] += 1;
  }
  out[0] = s_add;
  out[1] = (double)s_mul;
  out[2] = s_min;
  out[3] = s_max;
  out[4] = s_and;
  out[5] = (double)s_or;
  out[6] = s_xor;
  out[7] = s_short;
  out[8] = s_dadd;
  out[9] = s_land;
}
