// A private variable has no value at the start of an iteration.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *c) {
  float t = 0;
#pragma gpupar private(t) // expected-note {{named in 'private' here}}
  for (int i = 0; i < n; i++) {
    c[i] = t; // expected-error {{private variable 't' is read before the iteration writes it; its value there is unspecified}}
    t = i;
  }
}
