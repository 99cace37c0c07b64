void proven(const int *x, long *acc) {
#pragma gpupar reduction(+: acc[2:16])
  for (int i = 0; i < 16; i++) {
    acc[i + 2] += x[i];
    acc[5] += 1;
    acc[17 - i]--;
  }
}
void unproven(int n, const int *x, long *acc, int *h, int *out) {
#pragma gpupar reduction(+: acc[0:16], h[0:8])
  for (int i = 0; i < n; i++) {
    acc[i] += x[i];
    x[i][h] += 1;
    out[i] = out[i] + 1;
  }
}
