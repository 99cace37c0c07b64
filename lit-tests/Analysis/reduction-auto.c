// The plain forms of reductions are detected without a clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
#include <math.h>
void f(int n, const float *a, const int *h, float *out) {
  float s = 0, p = 1, lo = 1e30f, hi = -1e30f, lo2 = 1e30f, hi2 = -1e30f;
  int bits = 0, all = 1, any = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) { // remarks-remark {{loop offloaded}}
    s += a[i];                  // remarks-remark {{'s' is reduced with '+'}}
    p = a[i] * p;               // remarks-remark {{'p' is reduced with '*'}}
    lo = fminf(lo, a[i]);       // remarks-remark {{'lo' is reduced with 'min'}}
    hi = fmaxf(a[i], hi);       // remarks-remark {{'hi' is reduced with 'max'}}
    lo2 = lo2 < a[i] ? lo2 : a[i]; // remarks-remark {{'lo2' is reduced with 'min'}}
    hi2 = a[i] > hi2 ? a[i] : hi2; // remarks-remark {{'hi2' is reduced with 'max'}}
    bits |= h[i];               // remarks-remark {{'bits' is reduced with '|'}}
    all = all && h[i];          // remarks-remark {{'all' is reduced with '&&'}}
    any = h[i] || any;          // remarks-remark {{'any' is reduced with '||'}}
  }
  out[0] = s + p + lo + hi + lo2 + hi2 + bits + all + any;
}
