// __int128 is not supported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, __int128 *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    c[i] = 0; // expected-warning {{'__int128' is not supported in an offloaded loop}}
}
