// A write that does not depend on the loop variable.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[0] = b[i]; // expected-error {{write to 'a[0]' does not depend on the loop variable 'i': every iteration writes the same element}}
}
