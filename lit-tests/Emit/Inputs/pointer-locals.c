// Pointer locals and pointer arithmetic in loop bodies (pointer-locals.test).
void rows(int n, int m, double *restrict a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double *restrict row = &a[i * m];
    double *src = b + i * m; // b is only read: `const` in the .cu
    for (int j = 0; j < m; j++)
      row[j] = 2 * src[j] + *(src + j);
  }
}

void hist(int n, const int *key, long *h) {
#pragma gpupar reduction(+ : h[0:16])
  for (int i = 0; i < n; i++) {
    long *top = h + 8;
    top[key[i] & 7] += 1;
  }
}
