// Functions called from the loop take values, not pointers.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static float first(const float *p) { return p[0]; } // expected-warning {{in function 'first': parameter 'p' is a pointer; functions called from an offloaded loop may only take and return values; the loop stays serial}}
void f(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = first(b); // expected-note {{called from the offloaded loop here}}
}
