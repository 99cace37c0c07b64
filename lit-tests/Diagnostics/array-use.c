// An array can only be subscripted (or compared with a null pointer:
// lit-tests/Analysis/null-tests.c).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = (b < a + n) ? b[i] : 0; // expected-warning {{array 'b' can only be used as a subscript 'b[...]' in an offloaded loop}}
}
