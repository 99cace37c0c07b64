// A loop collapsed by hand: `i = idx / m; j = idx % m;` with m an invariant that is no
// constant. C defines `idx % m` as `idx - (idx / m) * m`, so `a[i * m + j]` is `a[idx]`: the
// write is proven one element per iteration. A subscript that keeps the quotient
// (`b[j * n + i]`, a transpose) is read at run-time indices (the array is copied whole); written
// there, it stays serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void copy(double *a, const double *b, int n, int m) {
#pragma gpupar
  for (int idx = 0; idx < n * m; idx++) { // expected-remark {{loop offloaded: b (in), a (out)}}
    int i = idx / m, j = idx % m;
    a[i * m + j] = 2 * b[i * m + j];
  }
}
void interior(double *a, int n, int m) {
#pragma gpupar
  for (int idx = 0; idx < n * m; idx++) { // expected-remark {{loop offloaded: a (inout)}}
    int i = idx / m, j = idx % m;
    if (i > 0 && j > 0)
      a[i * m + j] += a[idx];
  }
}
void transpose_read(double *a, const double *b, int n, int m) {
#pragma gpupar map(to: b[0:n * m])
  for (int idx = 0; idx < n * m; idx++) { // expected-remark {{loop offloaded: b (in), a (out)}}
    int i = idx / m, j = idx % m;
    a[i * m + j] = b[j * n + i];
  }
}
void transpose_write(double *a, const double *b, int n, int m) {
#pragma gpupar
  for (int idx = 0; idx < n * m; idx++) {
    int i = idx / m, j = idx % m;
    a[j * n + i] = b[idx]; // expected-warning {{subscript 'a[j * n + i]' is not affine in the loop variables, so gpupar cannot prove that different iterations write different elements of 'a'; the loop stays serial}}
  }
}
