// Names starting with gpupar_ are reserved for the generated code.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float gpupar_scale) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = gpupar_scale; // expected-warning {{identifier 'gpupar_scale' uses the reserved prefix 'gpupar_'}}
}
