// The loop initialisation must set the loop variable.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  int i = 0;
#pragma gpupar
  for (; i < n; i++) // expected-warning {{loop has no initialisation}}
    a[i] = 0;
}
