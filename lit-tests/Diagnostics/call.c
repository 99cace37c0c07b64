// Functions neither defined in the file nor C math functions cannot be called.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
float g(float);
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = g(a[i]); // expected-warning {{call to 'g' is not supported: it is not defined in this file and is not a C math function}}
}
