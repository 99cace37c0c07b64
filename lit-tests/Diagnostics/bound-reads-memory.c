// Bounds must not read memory the loop may write (they are read once before the loop).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(const int *len, int *a) {
#pragma gpupar
  for (int i = 0; i < len[0]; i++) // expected-warning {{loop bound 'len[0]' reads memory that 'a[i]' may write; copy it into a local variable before the loop}}
    a[i] = 0; // expected-note {{written here}}
}
