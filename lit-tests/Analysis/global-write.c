// A global scalar the loop writes: any function may read it after the loop, so it keeps the last
// iteration's value (written in every iteration), or is reduced (only updated with one
// operator), as a local read after the loop is. The runtime runs the loop serially when the
// variable lies in an array the loop touches. A global written in some iterations only, or
// read before it is written, keeps the loop serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
int last;
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (out), last (private, last value)}}
    a[i] = 0;
    last = i; // expected-remark {{'last' is private to each iteration; the value of the last iteration is kept after the loop}}
  }
}
int hits;
void g(int n, const float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (in), hits (reduction)}}
    if (a[i] > 0)
      hits++; // expected-remark {{'hits' is reduced with '+'}}
}
static double tmp1, tmp2;
void temps(int n, const double *u, double *v) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: u (in), v (out), tmp1 (private, last value), tmp2 (private, last value)}}
    tmp1 = 1.0 / u[i]; // expected-remark {{'tmp1' is private}}
    tmp2 = tmp1 * tmp1; // expected-remark {{'tmp2' is private}}
    v[i] = tmp1 + tmp2;
  }
}
int seen;
void h(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = seen; // expected-error {{read of 'seen' uses the value written by the previous iteration: the iterations depend on each other through 'seen'}}
    seen = i;    // expected-note {{written in every iteration here}}
  }
}
int found;
void sometimes(int n, const float *a, float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    b[i] = a[i];
    if (a[i] < 0)
      found = i; // expected-warning {{global variable 'found' is not written in every iteration, and any function may read it after the loop, so its value after the loop is not known; the loop stays serial}} expected-note {{if nothing reads 'found' after the loop, name it in 'private(found)'}}
  }
}
double factor;
static double scaled(double x) { return x * factor; }
void readback(int n, const double *u, double *v) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    factor = u[i];
    v[i] = scaled(2.0); // expected-warning {{the loop writes global variable 'factor', which function 'scaled' reads; the loop stays serial}}
  }
}
// Written in an inner loop, read after the loop: every iteration writes it when the inner loop
// runs, which the host checks before the loop (a local or a global alike). Bounds that move with
// the loop cannot be checked there.
static int cols[4];
double inner_last(int n, int m, const double *a, double *b) {
  double t = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: b (out), a (in), t (private, last value)}} expected-remark {{the loop runs on a device only when 'm - 1 >= 0' at run time}}
    b[i] = 0;
    for (int k = 0; k < m; k++) {
      t = a[i * m + k]; // expected-remark {{'t' is private to each iteration; the value of the last iteration is kept after the loop}}
      b[i] += t;
    }
  }
  return t;
}
void inner_global(int n, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: b (out), cols (in), a (in), tmp1 (private, last value)}} expected-remark {{the loop runs on a device only when '(long long)(cols[2] - 1) - 2 >= 0' at run time}}
    b[i] = 1;
    for (int k = 1; k < cols[2] - 1; k++) {
      tmp1 = a[i] * k; // expected-remark {{'tmp1' is private}}
      b[i] *= tmp1;
    }
  }
}
void inner_moving(int n, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    b[i] = 1;
    for (int k = i; k < n; k++)
      tmp2 = a[k]; // expected-warning {{global variable 'tmp2' is not written in every iteration}} expected-note {{if nothing reads 'tmp2' after the loop}}
  }
}
