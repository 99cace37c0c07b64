// A reduction variable cannot be read inside the loop: its value there is a partial result.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const float *a, float *c) {
  float s = 0;
#pragma gpupar reduction(+: s) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++) {
    s += a[i];
    c[i] = s; // expected-error {{reduction variable 's' can only be updated with '+' in the loop (as 's += e'); its value inside the loop is a partial result}}
  }
}
