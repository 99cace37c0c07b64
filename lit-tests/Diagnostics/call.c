// Only C math functions can be called.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
float g(float);
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = g(a[i]); // expected-warning {{call to 'g' is not supported yet; only C math library functions can be called in an offloaded loop}}
}
