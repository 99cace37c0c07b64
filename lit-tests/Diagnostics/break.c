// A break that leaves the loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      break; // expected-warning {{'break' leaves the offloaded loop early, which cannot run in parallel; remove '#pragma gpupar' or the 'break'}}
    a[i] = 0;
  }
}
