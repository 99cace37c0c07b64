// With 'remarks' every offloaded loop is reported.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, const float *x, float *y, float *z) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // remarks-remark@-0 {{loop offloaded: x (in), y (inout), z (out)}}
    y[i] += x[i];
    z[i] = 0;
  }
}
