// A function may not move its pointer parameters (`p++`): accesses are bound to the call's argument.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static void bump(double *p, int n) {
  for (int j = 0; j < n; j++) {
    *p += 1;
    p++; // expected-warning {{in function 'bump': pointer parameter 'p' is modified; pointer parameters must keep pointing where the call points them}}
  }
}
void f(int n, int m, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    bump(&a[i * m], m); // expected-note {{called from the loop here}}
}
