// collapse needs a constant, not a variable.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{the argument of 'collapse' must be a positive integer constant, found 'n'}}
#pragma gpupar collapse(n)
  for (int i = 0; i < n; i++)
    a[i] = s;
}
