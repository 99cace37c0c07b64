// Static locals in the body are not supported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    static float s = 1; // expected-warning {{static local 's' is not supported in an offloaded loop; declare it outside the loop}}
    a[i] = s;
  }
}
