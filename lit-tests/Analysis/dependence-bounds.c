// GCD and Banerjee tests prove independence, with constant and symbolic bounds.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = a[i + n]; // i + n >= n > i
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[4 * i] = a[4 * i + 2]; // 4 does not divide 2
#pragma gpupar
  for (int i = 0; i < 100; i++)
    a[i] = a[i + 100]; // beyond the trip count
}
