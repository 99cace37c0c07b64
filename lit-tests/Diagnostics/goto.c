// goto cannot appear in an offloaded loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      goto out; // expected-warning {{'goto' leaves the offloaded loop early, which cannot run in parallel; remove '#pragma gpupar' or the 'goto'}}
    a[i] = 0;
  }
out:
  return;
}
