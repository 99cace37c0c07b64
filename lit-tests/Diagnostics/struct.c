// Arrays of structs wait for the emitter.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
struct P { float x, y; };
void f(int n, struct P *p) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    p[i].x = 0; // expected-warning {{arrays of structs ('p[i].x') are not generated yet; the loop stays serial}}
}
