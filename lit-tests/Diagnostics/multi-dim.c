// Multi-dimensional arrays are not supported yet.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
float M[10][10];
void f(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    M[i][0] = 0; // expected-warning {{'M[i][0]': multi-dimensional arrays and pointers to pointers are not supported yet; use a flat array with 'a[i*m + j]'}}
}
