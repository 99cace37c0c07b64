// Taking addresses is not supported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void h(float *);
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float *p = &a[i]; // expected-warning {{pointer variable 'p' is not supported in an offloaded loop yet; subscript the array}}
    *p = 0;
  }
}
