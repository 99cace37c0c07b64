// Writing a variable declared outside the loop needs a clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  float last = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    last = a[i]; // expected-warning {{write to 'last' needs a reduction or private clause (not supported yet)}}
  a[0] = last;
}
