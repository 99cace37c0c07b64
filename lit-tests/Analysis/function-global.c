// Functions called from the loop may only use their parameters and locals.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int scale;
static float mul(float x) { return x * scale; } // expected-warning {{in function 'mul': global variable 'scale' is used; functions called from an offloaded loop may only use their parameters and locals; the loop stays serial}}
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = mul(a[i]); // expected-note {{called from the offloaded loop here}}
}
