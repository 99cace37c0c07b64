// Local arrays declared outside the loop that are not private to each iteration without a
// clause (PrivateArrays.h), so their dependences stay errors or keep the loop serial: read before
// it is written, written under a condition, read after the loop, filled only in part, filled by
// a loop with other bounds, reached through a pointer, read where the subscript's variable has
// changed, initialised where it is declared, and filled by a loop that steps its variable in its
// body.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify %s
void shared(int n, int m, const double *x, double *y) {
  double a[2], b[2], c[2], d[5], e[4], f[4], g[2], h[2] = {0}, k2[4];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    y[i] = a[0]; // expected-note {{read is here}}
    a[0] = x[i]; // expected-error {{write to 'a[0]' and read of 'a[0]' touch the same element in every iteration of 'i'}}
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (x[i] > 0)
      b[0] = x[i]; // expected-warning {{write to 'b[0]' does not depend on the loop variable 'i': every iteration writes the same element (the accesses are conditional)}}
    y[i] = b[0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    c[1] = x[i]; // expected-error {{write to 'c[1]' does not depend on the loop variable 'i'}}
    y[i] = c[1];
  }
  y[0] = c[1];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      d[k] = x[i]; // expected-error {{write to 'd[k]' does not depend on the loop variable 'i'}}
    y[i] = d[4];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      e[k] = x[i]; // expected-error {{write to 'e[k]' does not depend on the loop variable 'i'}}
    for (int k = 0; k < m + 1; k++)
      y[i] += e[k];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double *q = f;
    q[0] = x[i]; // expected-error {{write to 'q[0]' does not depend on the loop variable 'i'}}
    y[i] = f[0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int j = 0;
    g[j] = x[i]; // expected-error {{write to 'g[j]' does not depend on the loop variable 'i'}}
    j++;
    y[i] = g[j];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    h[0] = x[i]; // expected-error {{write to 'h[0]' does not depend on the loop variable 'i'}}
    y[i] = h[0];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++) {
      k2[k] = x[i]; // expected-warning {{'k2' is written at 'k2[k]', an index that is not affine in the loop variables, and also read}}
      k++;
    }
    for (int k = 0; k < 4; k++)
      y[i] += k2[k]; // expected-note {{read is here}}
  }
}
