// Every write to an array written at a run-time index must have one.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const int *idx, float *x) {
#pragma gpupar independent map(tofrom: x[0:2*n])
  for (int i = 0; i < n; i++) {
    x[idx[i]] = 1; // expected-warning {{'x' is written at 'x[idx[i]]', an index that is not affine in the loop variables, and also at 'x[n + i]'; writes at run-time indices are offloaded only when every write to the array has one; the loop stays serial}}
    x[n + i] = 2; // expected-note {{other write is here}}
  }
}
