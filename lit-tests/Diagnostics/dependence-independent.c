// Offsets that never meet are independent: the loop is offloaded.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[2 * i] = a[2 * i + 1];
#pragma gpupar
  for (int i = 0; i < n; i += 2)
    a[i] = a[i + 1];
}
