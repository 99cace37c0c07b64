// A variable may be private or a reduction, not both.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+2 {{'s' appears in more than one 'private' or 'reduction' item}}
  // expected-note@+1 {{first named here}}
#pragma gpupar private(s) reduction(+: s)
  for (int i = 0; i < n; i++)
    a[i] = s;
}
