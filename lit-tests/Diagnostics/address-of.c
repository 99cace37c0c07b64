// Pointer locals into an array wait for the emitter.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void h(float *);
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float *p = &a[i]; // expected-warning {{pointer variable 'p' in the loop body is not generated yet; the loop stays serial}}
    *p = 0;
  }
}
