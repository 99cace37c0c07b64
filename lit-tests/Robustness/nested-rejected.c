// When the outer loop stays serial, the inner pragma'd loop is offloaded on its own.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t -fplugin-arg-gpupar-remarks %s
float g(float);
void f(int n, int m, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = g(a[i]); // expected-warning {{call to 'g' is not supported: it is not defined in this file}}
#pragma gpupar
    for (int j = 0; j < m; j++) // expected-remark {{loop offloaded: a (out)}}
      a[i * m + j] = 0;
  }
}
