// Functions called from an offloaded loop may not return pointers.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static double *row(double *a, int i, int m) { return a + i * m; } // expected-warning {{in function 'row': the return type is a pointer; functions called from an offloaded loop may not return pointers; the loop stays serial}}
void f(int n, int m, double *a, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = *row(a, i, m); // expected-note {{called from the loop here}}
}
