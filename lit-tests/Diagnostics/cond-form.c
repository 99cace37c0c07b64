// The loop condition must compare the loop variable with a bound.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i * 2 < n; i++) // expected-warning {{loop condition must compare the loop variable 'i' with a bound}}
    a[i] = 0;
}
