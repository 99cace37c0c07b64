// Pointers to pointers are not supported yet.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float **rows) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    rows[i][0] = 0; // expected-warning {{pointer to pointer 'rows' is not supported yet; use a flat array with 'a[i*m + j]'}}
}
