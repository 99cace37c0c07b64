// A list clause needs parentheses.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{expected '(' after 'private'}}
#pragma gpupar private
  for (int i = 0; i < n; i++)
    a[i] = s;
}
