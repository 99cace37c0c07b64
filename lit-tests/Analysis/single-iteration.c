// Loops with a constant trip count of 0 or 1 have no dependence between iterations: no
// "proven dependence" error (a scalar recurrence stays serial with a warning; an array element
// written by "every" iteration is proven independent by the bound test and offloads). `s = s + e` with `s` promoted in
// the addition is a reduction like `s += e`; an integer updated in floating point is none.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int g;
int a[10];
int f(const double *e, const int *b, int n) {
#pragma gpupar
  for (g = 0; g <= 0; g += 1) // the bound test: no two different iterations exist
    a[0] = a[0] + 1;
  int x = 0;
#pragma gpupar
  for (int i = 0; i < 1; i++) { // expected-warning {{the loop runs at most one iteration}}
    x = x * 3 + a[i]; // expected-note {{with more iterations: read of 'x' uses the value written by the previous iteration}}
  }
#pragma gpupar
  for (int i = 5; i < 5; i++) { // expected-warning {{the loop runs at most one iteration}}
    x = x * 3 + a[i]; // expected-note {{with more iterations}}
  }
  float s = 0;
  short h = 0;
  unsigned char c = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    s = s + e[i];
    h = h + b[i];
    c = c * b[i];
  }
  int t = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    t += 0.5 * e[i]; // expected-error {{read of 't' uses the value written by the previous iteration}} expected-note {{written in every iteration here}}
  return x + (int)s + h + c + t;
}
