// Two pragmas in a row: the first is not followed by a loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  // expected-error@+1 {{'#pragma gpupar' must be followed by a 'for' loop}}
#pragma gpupar
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
