// map items are array sections.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{'map' needs an array section: write 'a[lo:len]' (first element and number of elements)}}
#pragma gpupar map(to: a)
  for (int i = 0; i < n; i++)
    a[i] = s;
}
