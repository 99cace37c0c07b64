// A variable named in a reduction clause is accepted when every use is an update.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, const double *a, double *out) {
  double s = 0;
#pragma gpupar reduction(+: s)
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    s = s + a[i];
  out[0] = s;
}
