// A section is written a[lo:len].
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{expected ':' between the first element and the length of the section 'a[lo:len]', found ']'}}
#pragma gpupar map(to: a[0 n])
  for (int i = 0; i < n; i++)
    a[i] = s;
}
