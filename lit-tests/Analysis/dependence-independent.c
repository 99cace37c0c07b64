// 'independent' suppresses "cannot prove" but never a proven dependence.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int m, float *a) {
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    a[i] = a[m * i];
#pragma gpupar independent
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1]; // expected-error {{carry a dependence of distance 1}} expected-note {{read is here}}
}
