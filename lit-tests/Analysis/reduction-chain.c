// Reduction updates written as a chain of one operator, as OpenMP programs write them
// (Burkardt's heated_plate: `mean = mean + w[i][0] + w[i][n - 1]` under `reduction(+: mean)`):
// the variable once among the operands and never subtracted. Chains where the variable is
// subtracted, appears twice, is scaled, or is converted to a wider type in between carry a
// value from one iteration to the next.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void chains(int n, const double *a, const double *b, const int *h, double *out) {
  double s = 0, t = 0, p = 1, mean = 0;
  int m = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (in), b (in), h (in), s (reduction), t (reduction), p (reduction), m (reduction)}}
    s = s + a[i] + b[i]; // expected-remark {{'s' is reduced with '+'}}
    t = a[i] + t - b[i]; // expected-remark {{'t' is reduced with '+'}}
    p = p * a[i] * 2;    // expected-remark {{'p' is reduced with '*'}}
    m = m ^ h[i] ^ 1;    // expected-remark {{'m' is reduced with '^'}}
  }
#pragma gpupar reduction(+ : mean)
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (in), b (in), mean (reduction)}}
    mean = mean + a[i] * a[i] + b[i];
  out[0] = s + t + p + m + mean;
}

void not_chains(int n, const double *a, const float *f, double *out) {
  double u = 0, v = 0, w = 0;
  int k = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    u = a[i] - u + 1; // expected-error {{read of 'u' uses the value written by the previous iteration}} expected-note {{written in every iteration here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    v = v + v + a[i]; // expected-error {{read of 'v' uses the value written by the previous iteration}} expected-note {{written in every iteration here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    w = w * 2 + a[i]; // expected-error {{read of 'w' uses the value written by the previous iteration}} expected-note {{written in every iteration here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    k = k + f[i] + 1; // expected-error {{read of 'k' uses the value written by the previous iteration}} expected-note {{written in every iteration here}}
#pragma gpupar reduction(+ : u) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++)
    u = u + a[i] - u; // expected-error {{reduction variable 'u' can only be updated with '+' in the loop}}
  out[0] = u + v + w + k;
}
