// At most three loops are collapsed.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{'collapse(4)': at most 3 loops can be collapsed}}
#pragma gpupar collapse(4)
  for (int i = 0; i < n; i++)
    a[i] = s;
}
