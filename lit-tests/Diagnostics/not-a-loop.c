// The pragma must be followed by a for loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  int i = 0;
  // expected-error@+1 {{'#pragma gpupar' must be followed by a 'for' loop}}
#pragma gpupar
  while (i < n)
    a[i++] = 0;
}
