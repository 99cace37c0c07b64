// A scalar written in every iteration before any read is private; read after the loop, it keeps
// the last iteration's value.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, float *a) {
  float last = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    last = a[i]; // remarks-remark {{'last' is private to each iteration; the value of the last iteration is kept after the loop}}
  a[0] = last;
}
