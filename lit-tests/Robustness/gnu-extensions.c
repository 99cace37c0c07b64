// GNU extensions in and around offloaded loops give diagnostics, never a crash.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, int *k) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = ({ float t = i; t * 2; }); // expected-warning {{statement expressions are not supported in an offloaded loop}}
#pragma gpupar
  for (int i = 0; i < n; i++) {
    __typeof__(a[0]) t = a[i];
    a[i] = t * 2;
  }
#pragma gpupar
  for (int i = 0; i < n; i++)
    switch (k[i]) {
    case 1 ... 3: // case ranges
      a[i] = 1;
      break;
    default:
      a[i] = 0;
    }
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = k[i] ?: 1;
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = __builtin_expect(k[i], 0);  // expected-warning {{call to '__builtin_expect' is not supported: it is not defined in this file and is not a C math function}}
}
