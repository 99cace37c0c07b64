// private takes scalars.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{'private' takes variables, not array sections}}
#pragma gpupar private(a[0:1])
  for (int i = 0; i < n; i++)
    a[i] = s;
}
