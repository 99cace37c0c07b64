#include <math.h>
void hist(int n, const unsigned char *v, const double *w, long *count, double *top, short *s) {
#pragma gpupar reduction(+: count[2:256], s[0:16]) reduction(max: top[0:256])
  for (int i = 0; i < n; i++) {
    count[2 + v[i]]++;
    count[2 + v[i] / 2] -= 3;
    top[v[i]] = fmax(top[v[i]], w[i]);
    s[i % 16] = s[i % 16] + (short)1;
  }
}
