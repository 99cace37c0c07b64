// alloca in the body.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float *t = __builtin_alloca(16); // expected-warning {{'alloca' is not supported in an offloaded loop; use a fixed-size local array}}
    a[i] = 0;
  }
}
