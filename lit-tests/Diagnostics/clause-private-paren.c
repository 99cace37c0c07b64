// A clause's list needs its closing parenthesis.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{expected ')' to close the 'private' clause}}
#pragma gpupar private(s
  for (int i = 0; i < n; i++)
    a[i] = s;
}
