// Only rectangular nests are collapsed.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) // expected-warning {{bound 'i' of a collapsed loop depends on 'i'; only rectangular nests can be collapsed, the loop stays serial}}
      a[i * n + j] = 0;
}
