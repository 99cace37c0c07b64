// The step must be a nonzero constant.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int s, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i += s) // expected-warning {{loop increment must be 'i++', 'i--', 'i += c', 'i -= c' or 'i = i + c' with 'c' a nonzero integer constant}}
    a[i] = 0;
}
