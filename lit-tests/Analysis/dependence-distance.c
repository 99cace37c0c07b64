// Proven dependences name both accesses and the distance.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float *b) {
#pragma gpupar
  for (int i = 0; i < n; i += 2)
    a[i] = a[i - 4] + 1; // expected-error {{write to 'a[i]' and read of 'a[i - 4]' carry a dependence of distance 2}} expected-note {{read is here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    b[2 * i + 1] = b[2 * i + 5]; // expected-error {{write to 'b[2 * i + 1]' and read of 'b[2 * i + 5]' carry a dependence of distance 2}} expected-note {{read is here}}
}
