// A goto whose label is inside the body does not leave the loop, but is not generated yet.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      goto next; // expected-warning {{'goto' inside an offloaded loop is not supported yet; use 'if' or 'continue'}}
    a[i] = 1;
  next:;
  }
}
