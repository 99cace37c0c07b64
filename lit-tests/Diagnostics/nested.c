// A pragma'd loop inside an offloaded loop runs sequentially inside it.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int m, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
#pragma gpupar
    for (int j = 0; j < m; j++) // expected-warning {{loop runs sequentially inside the offloaded loop at line 5; its '#pragma gpupar' has no effect}}
      a[i * m + j] = 0;
  }
}
