// An update at a run-time index may update one element twice: not a scatter write, even under
// 'independent'; the warning suggests the array reduction, never 'independent'.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const int *idx, const float *v, float *h, int *count) {
#pragma gpupar independent map(tofrom: h[0:n])
  for (int i = 0; i < n; i++)
    h[idx[i]] += v[i]; // expected-warning {{'h[idx[i]] += v[i]' updates 'h' at an index that is not affine in the loop variables, so two iterations may update the same element; to offload it, declare 'reduction(+: h[0:n])'}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    count[idx[i]]++; // expected-warning {{'count[idx[i]]++' updates 'count' at an index that is not affine in the loop variables, so two iterations may update the same element; to offload it, declare 'reduction(+: count[0:len])' with the number of elements}}
#pragma gpupar independent map(tofrom: h[0:n])
  for (int i = 0; i < n; i++)
    h[idx[i]] = h[idx[i]] > v[i] ? h[idx[i]] : v[i]; // expected-warning {{updates 'h' at an index that is not affine in the loop variables, so two iterations may update the same element; to offload it, declare 'reduction(max: h[0:n])'}}
}
