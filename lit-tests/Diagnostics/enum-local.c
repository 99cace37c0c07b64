// Enum-typed locals are not supported yet.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
enum color { RED, GREEN };
void f(int n, int *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    enum color c = GREEN; // expected-warning {{local 'c' has an enum type, which is not supported yet; use an integer type}}
    a[i] = c;
  }
}
