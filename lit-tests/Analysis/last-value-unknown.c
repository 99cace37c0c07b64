// A private scalar read after the loop must be written in every iteration.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const float *a, float *c) {
  float t = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) {
      t = a[i]; // expected-warning {{'t' is read after the loop but not written in every iteration, so its value after the loop is not known; the loop stays serial}} expected-note {{declare it inside the loop, or write it in every iteration}}
      c[i] = t;
    }
  }
  c[0] = t;
}
