// Struct types are not supported yet.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
struct P { float x, y; };
void f(int n, struct P *p) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    p[i].x = 0; // expected-warning {{struct types are not supported in an offloaded loop yet}}
}
