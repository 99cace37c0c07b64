// Calls through function pointers.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float (*op)(float)) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = op(a[i]); // expected-warning {{call through a function pointer is not supported in an offloaded loop}}
}
