// Multi-dimensional arrays with a non-constant inner dimension (variable-length rows) stay
// serial: C++ has no type for a pointer to their rows. Fixed-size ones are offloaded.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
float M[10][10];
void fixed(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    M[i][0] = 0;
}
void vla(int n, int m, float X[n][m]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][0] = 0; // expected-warning {{multi-dimensional array 'X' has a non-constant inner dimension 'm'; the loop stays serial (use constant inner dimensions, or a flat array with 'a[i*m + j]')}}
}
void vla_pointer(int n, int m, float (*X)[m]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][1] = 0; // expected-warning {{multi-dimensional array 'X' has a non-constant inner dimension 'm'}}
}
