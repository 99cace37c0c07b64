void scale(int n, int *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
