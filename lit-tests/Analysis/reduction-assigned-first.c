// A reduction variable that each iteration assigns before its use (backprop's weighted sums) is
// accepted as OpenMP accepts it: each thread's copy starts at the identity.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=expected,remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void layer(int n1, int n2, float (*w)[64], const float *in, float *out) {
  float sum = 0;
  int k;
#pragma gpupar reduction(+: sum)
  for (int j = 0; j < n2; j++) { // remarks-remark {{loop offloaded}}
    sum = 0;                      // remarks-remark {{'sum' is assigned before its use in the iterations that use it; as in OpenMP, each thread's copy starts at the identity of '+' and the copies are combined with its value before the loop}}
    for (k = 0; k < n1; k++)      // remarks-remark {{'k' is private to each iteration}}
      sum += w[k][j] * in[k];
    out[j] = sum;
  }
}
void bad(int n, const float *in, float *out) {
  float sum = 0;
  // expected-note@+1 {{named in 'reduction' here}}
#pragma gpupar reduction(+: sum)
  for (int j = 0; j < n; j++) {
    out[j] = sum; // expected-error {{reduction variable 'sum' can only be updated with '+' in the loop (as 'sum += e'); its value inside the loop is a partial result}}
    sum = in[j];
  }
}
