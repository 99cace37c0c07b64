// collapse needs a positive integer constant.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{the argument of 'collapse' must be a positive integer constant, found '0'}}
#pragma gpupar collapse(0)
  for (int i = 0; i < n; i++)
    a[i] = s;
}
