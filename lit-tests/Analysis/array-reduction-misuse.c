// Under an array reduction, every access to the array is an update with the operator.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int *hist, const int *v) {
#pragma gpupar reduction(+: hist[0:256]) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++)
    hist[v[i]] = 1; // expected-error {{'hist[v[i]]' must be an update 'hist[v[i]] += e' because 'hist' is in 'reduction(+: ...)'}}
}
