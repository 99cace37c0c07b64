// A bound the body writes.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    n--; // expected-warning {{loop bound 'n' is modified in the loop body}}
  }
}
