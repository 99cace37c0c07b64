// Variables in clauses must exist.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  // expected-error@+1 {{use of undeclared identifier 'sum' in 'reduction' clause}}
#pragma gpupar reduction(+: sum)
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
