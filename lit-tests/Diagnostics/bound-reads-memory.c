// Bounds must not read memory the loop may write.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(const int *len, float *a) {
#pragma gpupar
  for (int i = 0; i < len[0]; i++) // expected-warning {{loop bound 'len[0]' reads memory; copy it into a local variable before the loop}}
    a[i] = 0;
}
