// Pointer-to-pointer arrays passed to functions of the file (Emit/rows-calls.test).
static float rowsum(const float *r, int m) {
  float s = 0;
  for (int k = 0; k < m; k++)
    s += r[k];
  return s;
}

static float colsum(float **w, int n, int j) {
  float s = 0;
  for (int k = 0; k < n; k++)
    s += w[k][j];
  return s;
}

static void both(float **a, float *out, int i, int m) { out[i] = rowsum(a[i], m) + a[i][0]; }

void rows(int n, int m, float **a, float *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    both(a, out, i, m);
}

void cols(int n, int m, float **w, float *out) {
#pragma gpupar
  for (int j = 0; j < m; j++)
    out[j] = colsum(w, n, j);
}
