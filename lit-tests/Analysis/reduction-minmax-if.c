// Min and max written with `if`, the C way: `if (a > m) m = a;` is a max update of m and
// `if (a < m) m = a;` a min, with m on either side of the comparison and `>=`/`<=` (a tie picks
// one of equal values), in braces or not, with a clause (NPB MG's `reduction(max: tmp)`) or
// without. An `if` that assigns something other than what it compares, has an `else`, or changes
// the values (a char max of ints wraps) is no update.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
double norm(int n, const double *r, double *s_out) {
  double s = 0.0, a = 0.0, tmp = 0.0;
#pragma gpupar reduction(+: s) reduction(max: tmp) private(a)
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: r (in), s (reduction), a (private), tmp (reduction)}}
    s = s + r[i] * r[i];
    a = r[i] < 0 ? -r[i] : r[i];
    if (a > tmp)
      tmp = a;
  }
  *s_out = s;
  return tmp;
}

long spellings(int n, const int *v, const float *f) {
  int lo = 1 << 30;
  long hi = -1;
  float fl = 1e30f;
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: v (in), f (in), lo (reduction), hi (reduction), fl (reduction)}}
    if (lo > v[i] - 1)
      lo = v[i] - 1; // expected-remark {{'lo' is reduced with 'min'}}
    if (hi <= (long)v[i] * 3) {
      hi = (long)v[i] * 3; // expected-remark {{'hi' is reduced with 'max'}}
    }
    if (f[i] < fl)
      fl = f[i]; // expected-remark {{'fl' is reduced with 'min'}}
  }
  return lo + hi + (long)fl;
}

int refused(int n, const double *d, const int *v) {
  int m = 0, k = 0, t = 0;
  char c = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (v[i] > m) // expected-note {{read here before the iteration writes it}}
      m = v[i] + 1; // expected-warning {{write to 'm' may carry a value from one iteration to the next}}
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (v[i] > k) // expected-error {{read of 'k' uses the value written by the previous iteration: the iterations depend on each other through 'k'}}
      k = v[i]; // expected-note {{written in every iteration here}}
    else
      k = 0;
  }
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (v[i] > c) // expected-note {{read here before the iteration writes it}}
      c = v[i]; // expected-warning {{write to 'c' may carry a value from one iteration to the next}}
  // A double compared with an int max: truncation keeps the order, so it is a max.
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: d (in), t (reduction)}}
    if (d[i] > t)
      t = d[i]; // expected-remark {{'t' is reduced with 'max'}}
  return m + k + c + t;
}
