// A function of this file that returns the larger (smaller) of its two parameters is a max (min)
// update, in the spellings real code uses: `if (a > b) return a; else return b;`, `return a < b ?
// a : b;`, `if (b >= a) return b; return a;` (steadyStateHeat's `errorR = max(errorR, e)` under
// `reduction(max: errorR)`). A function that computes something else, or whose type changes the
// values (an int max of doubles truncates), or whose body is not in the file, is not.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=expected,remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
double dmax(double a, double b) {
  if (a > b)
    return a;
  else
    return b;
}
static double dmin(double a, double b) { return (a < b ? a : b); }
static int imax(int a, int b) {
  if (b >= a)
    return b;
  return a;
}
static int notmax(int a, int b) { return a > b ? b + 0 : a; }
static int imax_of_ints(int a, int b) { return a > b ? a : b; }
double extmax(double a, double b);

void f(int n, const double *d, const int *v, double *out) {
  double hi = 0, lo = 1e30, e = 0;
  int m = 0, q = 0, r = 0;
#pragma gpupar reduction(max: hi)
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded: d (in), hi (reduction)}}
    hi = dmax(hi, d[i] * 2);
#pragma gpupar
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded: d (in), lo (reduction)}}
    lo = dmin(d[i], lo);      // remarks-remark {{'lo' is reduced with 'min'}}
#pragma gpupar
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded: v (in), m (reduction)}}
    m = imax(m, v[i]);        // remarks-remark {{'m' is reduced with 'max'}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    q = notmax(q, v[i]); // expected-error {{read of 'q' uses the value written by the previous iteration}} \
                         // expected-note {{written in every iteration here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    r = imax_of_ints(r, d[i]); // expected-error {{read of 'r' uses the value written by the previous iteration}} \
                               // expected-note {{written in every iteration here}}
#pragma gpupar reduction(max: e) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++)
    e = extmax(e, d[i]); // expected-error {{reduction variable 'e' can only be updated with 'max' in the loop (as 'e = max(...)')}} \
                         // expected-note {{'extmax' is not known to compute a minimum or maximum: gpupar recognizes 'fmin', 'fmax' and functions defined in this file whose body is 'return a > b ? a : b;'}}
  out[0] = hi + lo + m + q + r + e;
}
