// Variable-length arrays in the body are not supported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int m, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float tmp[m]; // expected-warning {{variable-length array 'tmp' is not supported in an offloaded loop; use a fixed size}}
    tmp[0] = 1;
    a[i] = tmp[0];
  }
}
