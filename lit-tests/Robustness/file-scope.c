// A pragma outside any function, and one before a declaration.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-error@+1 {{'#pragma gpupar' must be followed by a 'for' loop}}
#pragma gpupar
int x;
void f(int n, float *a) {
  // expected-error@+1 {{'#pragma gpupar' must be followed by a 'for' loop}}
#pragma gpupar
  int k = 0;
  for (int i = 0; i < n; i++)
    a[i] = k;
}
