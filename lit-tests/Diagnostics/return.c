// return cannot leave an offloaded loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      return; // expected-warning {{'return' cannot leave an offloaded loop}}
    a[i] = 0;
  }
}
