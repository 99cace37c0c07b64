// Pointers to pointers are offloaded as `a[i][j]`; other uses keep the loop serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float **rows, float *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    rows[i] = 0; // expected-warning {{pointer to pointer 'rows' is offloaded only as 'a[i][j]' (each row subscripted where it is used); use that form or a flat array with 'a[i*m + j]'}}
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float *r = rows[i]; // expected-warning {{pointer to pointer 'rows' is offloaded only as 'a[i][j]' (each row subscripted where it is used); use that form or a flat array with 'a[i*m + j]'}}
    r[0] = 1;
  }
}
