// List items are variable names.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{expected a variable name in 'private' clause, found '1'}}
#pragma gpupar private(1)
  for (int i = 0; i < n; i++)
    a[i] = s;
}
