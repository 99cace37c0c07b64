// Accesses through pointer parameters take part in the dependence test like the body's own.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static void shift(double *dst, const double *src) { dst[0] = src[0]; } // expected-error {{write to 'dst[0]' and read of 'a[i - 1]' carry a dependence of distance 1}}
static void one(double *p) { p[0] = 1; } // expected-error {{write to 'p[0]' does not depend on the loop variable 'i': every iteration writes the same element}}
void f(int n, double *a, double *b) {
#pragma gpupar
  for (int i = 1; i < n; i++) {
    double t = a[i - 1]; // expected-note {{read is here}}
    shift(&a[i], &b[i]); // expected-note {{called from the loop here}}
    b[i] = t;
  }
#pragma gpupar
  for (int i = 0; i < n; i++)
    one(a); // expected-note {{called from the loop here}}
}
