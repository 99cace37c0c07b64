// An inner loop counter declared at the top of the function is private to each iteration.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, int m, float *a, const float *b) {
  int i, j;
#pragma gpupar
  for (i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    for (j = 0; j < m; j++) // remarks-remark {{'j' is private to each iteration}}
      a[i * m + j] = b[i * m + j] * 2;
}
