// Volatile variables cannot be offloaded.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, volatile int v) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = v; // expected-warning {{volatile variable 'v' is not supported in an offloaded loop}}
}
