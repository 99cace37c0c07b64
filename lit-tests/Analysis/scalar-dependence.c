// A scalar read before it is written, and written in every iteration, carries a dependence.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const float *a, float *out) {
  float s = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    s = s * 2 + a[i]; // expected-error {{read of 's' uses the value written by the previous iteration: the iterations depend on each other through 's'}} expected-note {{written in every iteration here}}
  out[0] = s;
}
