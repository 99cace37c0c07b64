/* A proven dependence: gpuparcc must fail and show the error. */
void prefix(int n, float *a) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + a[i];
}
