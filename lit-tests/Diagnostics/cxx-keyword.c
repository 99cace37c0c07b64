// C++ keywords cannot be used as identifiers in the loop (the body is compiled as C++).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float new = a[i] * 2; // expected-warning {{identifier 'new' is a C++ keyword and cannot appear in an offloaded loop; rename it}}
    a[i] = new;
  }
}
