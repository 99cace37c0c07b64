// A function may not write through a parameter into an array declared const.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -Wno-incompatible-pointer-types-discards-qualifiers -fplugin-arg-gpupar-outdir=%t %s
static void zero(double *p) { p[0] = 0; } // expected-warning {{in function 'zero': write to 'p[0]' goes to 'c', whose elements are declared 'const'}}
void f(int n, const double *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    zero(c + i); // expected-note {{called from the loop here}}
}
