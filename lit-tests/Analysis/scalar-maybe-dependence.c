// A scalar written only in some iterations and read in all may carry a value across iterations.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const float *a, float *c) {
  float t = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] > 0)
      t = a[i]; // expected-warning {{write to 't' may carry a value from one iteration to the next (it is read at line 9 before it is written); the loop stays serial}}
    c[i] = t;   // expected-note {{read here before the iteration writes it; if each iteration should start from its own value, declare and initialise it inside the loop}}
  }
}
