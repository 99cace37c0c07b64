// Two writes through one index array at different positions: iterations i and i + 1 both
// write the element idx[i + 1] names. A proven dependence: an error even under 'independent';
// under a condition, a warning. Neither suggests 'independent'.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const int *idx, float *x, const float *c) {
#pragma gpupar independent map(tofrom: x[0:n])
  for (int i = 0; i < n - 1; i++) {
    x[idx[i]] = 1; // expected-error {{write to 'x[idx[i]]' and write to 'x[idx[i + 1]]' carry a dependence of distance 1: both write the element that 'idx' gives at one index}}
    x[idx[i + 1]] = 2; // expected-note {{other write is here}}
  }
#pragma gpupar map(tofrom: x[0:n])
  for (int i = 0; i < n - 2; i += 2) {
    if (c[i] > 0)
      x[idx[i + 2]] = 1; // expected-note {{other write is here}}
    x[idx[i]] = 2; // expected-warning {{write to 'x[idx[i]]' and write to 'x[idx[i + 2]]' may carry a dependence of distance 2: both write the element that 'idx' gives at one index (the accesses are conditional); the loop stays serial}}
  }
}
