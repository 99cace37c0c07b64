static inline void clear(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
