// Clauses start with a name.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{expected a clause name in '#pragma gpupar', found '42'}}
#pragma gpupar 42
  for (int i = 0; i < n; i++)
    a[i] = s;
}
