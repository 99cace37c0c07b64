// Only parameters of called functions may be pointers (no pointer locals).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static double second(const double *p) {
  const double *q = p + 1; // expected-warning {{in function 'second': local 'q' is a pointer; only parameters of functions called from an offloaded loop may be pointers; the loop stays serial}}
  return q[0];
}
void f(int n, const double *a, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = second(&a[2 * i]); // expected-note {{called from the offloaded loop here}}
}
