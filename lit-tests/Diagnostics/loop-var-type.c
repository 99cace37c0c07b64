// The loop variable must be an integer.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (double x = 0; x < n; x++) // expected-warning {{loop variable 'x' has type 'double'; an offloaded loop needs an integer loop variable}}
    a[(int)x] = 0;
}
