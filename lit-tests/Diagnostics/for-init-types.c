// One 'for' initialisation may only declare variables of one type (the .cu prints it once).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (int j = 0, k[2] = {0, 1}; j < 2; j++) // expected-warning {{variables of different types in one 'for' initialisation are not supported in an offloaded loop}}
      a[i] += k[j];
  }
}
