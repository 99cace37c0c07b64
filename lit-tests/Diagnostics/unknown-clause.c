// A clause gpupar does not know is an error.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  // expected-error@+1 {{unknown clause 'vectorise' in '#pragma gpupar'}}
#pragma gpupar vectorise
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
