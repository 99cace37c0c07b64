void adjust_weights(float *delta, int ndelta, float *ly, int nly, float **w, float **oldw) {
  int k, j;
#pragma gpupar
  for (j = 1; j <= ndelta; j++)
    for (k = 0; k <= nly; k++) {
      float new_dw = 0.3f * delta[j] * ly[k] + 0.3f * oldw[k][j];
      w[k][j] += new_dw;
      oldw[k][j] = new_dw;
    }
}
