#define N 5
#define M 7

/* The flattened nest: the write out[i][j] is idx, an exact term; the read of the next column
 * covers the rows of the whole loop. */
void flat(float out[N][M], const float in[N][M]) {
  int idx;
#pragma gpupar
  for (idx = 0; idx < N * M; idx++) {
    int i = idx / M, j = idx % M;
    out[i][j] = in[i][j] * 2 + in[i][(j + 1) % M];
  }
}

/* Reads through a quotient and a remainder. */
void halves(int n, float *b, const float *a, const float *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    b[i] = a[i / 2] + c[i % 4] + a[2 * (i / 2)];
}
