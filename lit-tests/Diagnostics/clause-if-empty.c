// if needs an expression.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{expected an expression in 'if' clause}}
#pragma gpupar if()
  for (int i = 0; i < n; i++)
    a[i] = s;
}
