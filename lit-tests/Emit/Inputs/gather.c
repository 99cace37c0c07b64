static double table[1000];
void gather(int n, const int *idx, const double *x, double *out) {
#pragma gpupar map(to: x[5:n])
  for (int i = 0; i < n; i++)
    out[i] = table[idx[i]] + x[5 + idx[i]];
}
