// map takes to, from or tofrom.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{unknown map kind 'into'; expected 'to', 'from' or 'tofrom'}}
#pragma gpupar map(into: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = s;
}
