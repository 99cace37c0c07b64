// A bound written in the body is reported as such, not as a scalar dependence.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    n = n - 1; // expected-warning {{loop bound 'n' is modified in the loop body}}
  }
}
