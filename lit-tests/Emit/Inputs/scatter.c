static float fixed[64];
/* A permutation: the section comes from map. */
void permute(int n, const int *perm, const float *src, float *dst) {
#pragma gpupar independent map(tofrom: dst[0:n])
  for (int i = 0; i < n; i++)
    dst[perm[i]] = src[i];
}
/* A fixed-size array needs no map; the index goes through a local. */
void into_fixed(int n, const int *idx) {
#pragma gpupar independent
  for (int i = 0; i < n; i++) {
    int k = idx[i];
    fixed[k] = (float)i;
  }
}
/* Rows of a 2-D array, a section that starts past row 0. */
void rows(int n, const int *perm, double (*out)[8], const double (*in)[8]) {
#pragma gpupar independent map(tofrom: out[2:n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      out[2 + perm[i]][j] = in[i][j];
}
