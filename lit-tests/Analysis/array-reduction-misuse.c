// Under an array reduction, every access to the array is an update with the operator, written
// as a statement of its own; the array is one-dimensional with arithmetic elements.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int *hist, const int *v) {
#pragma gpupar reduction(+: hist[0:256]) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++)
    hist[v[i]] = 1; // expected-error {{'hist[v[i]]' must be an update 'hist[v[i]] += e' because 'hist' is in 'reduction(+: ...)'}}
}

void g(int n, int *top, const int *v) {
#pragma gpupar reduction(max: top[0:256]) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++)
    if (top[v[i] & 255] < i) // expected-error {{'top[v[i] & 255]' must be an update 'top[v[i] & 255] = e > top[v[i] & 255] ? e : top[v[i] & 255]' because 'top' is in 'reduction(max: ...)'}}
      top[v[i] & 255] = i;
}

int h(int n, int *hist, const int *v) {
  int last = 0;
#pragma gpupar reduction(+: hist[0:256])
  for (int i = 0; i < n; i++)
    last += hist[v[i]]++; // expected-warning {{the value of the reduction update 'hist[v[i]]++' is used; write the update as a statement of its own}}
  return last;
}

void two_dims(int n, long grid[16][16], const int *v) {
#pragma gpupar reduction(+: grid[0:16])
  for (int i = 0; i < n; i++)
    grid[v[i] & 15][i & 15] += 1; // expected-warning {{reduction array 'grid' has more than one dimension; array reductions take one-dimensional arrays of integer or floating types up to 64 bits; the loop stays serial}}
}

void float_widened(int n, float *sum, const int *v) {
#pragma gpupar reduction(+: sum[0:8]) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++)
    sum[v[i] & 7] = sum[v[i] & 7] + 0.5; // expected-error {{'sum[v[i] & 7]' must be an update 'sum[v[i] & 7] += e' because 'sum' is in 'reduction(+: ...)'}}
}
