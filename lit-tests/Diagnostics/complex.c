// _Complex is not supported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, _Complex float *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    c[i] = 0; // expected-warning {{'_Complex' types are not supported in an offloaded loop}}
}
