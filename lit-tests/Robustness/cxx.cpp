// C++ input: one warning per pragma, nothing written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: ls %t | count 0
void f(int n, float *a) {
  // expected-warning@+1 {{gpupar supports C only; '#pragma gpupar' is ignored and the loop stays serial}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = 0;
  // expected-warning@+1 {{gpupar supports C only}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
