// An array can only be subscripted.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = (b != 0) ? b[i] : 0; // expected-warning {{array 'b' can only be used as a subscript 'b[...]' in an offloaded loop}}
}
