// Inline assembly cannot be offloaded.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    __asm__("nop"); // expected-warning {{inline assembly is not supported in an offloaded loop}}
    a[i] = 0;
  }
}
