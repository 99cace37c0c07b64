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

// Declared before the loop (OpenMP's C89 style): each thread declares its own.
typedef struct {
  double lo, hi;
} span;
void rows89(int n, int m, double *a, double *b) {
  double *row, *src;
  span d;
  int j;
#pragma gpupar private(j, d)
  for (int i = 0; i < n; i++) {
    row = a + i * m;
    src = &b[i * m];
    d.lo = src[0];
    d.hi = src[m - 1];
    for (j = 0; j < m; j++)
      row[j] = src[j] + d.lo - d.hi;
  }
}

// Rows of a pointer-to-pointer array kept in pointers: `gpupar_rows<T>`'s rows are `T *`.
void keptrows(int n, int m, float **w, float **out) {
#pragma gpupar
  for (int i = 1; i < n; i++) {
    const float *up = w[i - 1], *row = w[i] + 1;
    float *dst = out[i];
    for (int j = 0; j < m - 1; j++)
      dst[j] = up[j] + row[j];
    out[i][m - 1] = *w[i] + *(w[i] + 1);
  }
}
