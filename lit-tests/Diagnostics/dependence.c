// A proven loop-carried dependence is an error.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1; // expected-error {{write to 'a[i]' and read of 'a[i - 1]' carry a dependence of distance 1}} expected-note {{read is here}}
}
