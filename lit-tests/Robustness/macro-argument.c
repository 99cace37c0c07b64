// _Pragma in a function-like macro whose argument is the loop: the loop stays serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define PAR(x) _Pragma("gpupar") x
void f(int n, float *a) {
  PAR(for (int i = 0; i < n; i++) a[i] = 0;) // expected-warning {{loop comes from a macro expansion and cannot be rewritten}}
}
