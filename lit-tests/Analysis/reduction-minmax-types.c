// A min or max is a reduction only when the comparison orders values as the variable's type
// does: 'unsigned short s = s < v[i] ? s : v[i]' with an 'int' v[i] compares in 'int' and then
// truncates (v[i] = -1 makes s 65535), so the partial minima of several threads cannot be
// combined (found by fuzz.slice seed 20: offloaded with a wrong result).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=expected,remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#include <math.h>
void f(int n, const int *v, const unsigned short *w, const double *d, unsigned short *out) {
  unsigned short s = 65535, t = 65535;
  float lo = 1e30f;
  int m = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    s = s < v[i] ? s : v[i]; // expected-error {{read of 's' uses the value written by the previous iteration}} \
                             // expected-note {{written in every iteration here}}
#pragma gpupar
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    t = t < w[i] ? t : w[i];  // remarks-remark {{'t' is reduced with 'min'}}
#pragma gpupar
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    m = m > w[i] ? m : w[i];  // remarks-remark {{'m' is reduced with 'max'}}
#pragma gpupar
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    lo = fmin(lo, d[i]);      // remarks-remark {{'lo' is reduced with 'min'}}
  out[0] = s + t + m + (unsigned short)lo;
}
