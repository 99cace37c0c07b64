// Accesses the compiler cannot compare keep the loop serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, int m, int k, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = a[(m + k) * i]; // expected-warning {{cannot prove that write to 'a[i]' and read of 'a[(m + k) * i]' are independent; the loop stays serial}} expected-note {{read is here}} expected-note {{add 'independent' to '#pragma gpupar' if no two iterations touch the same element of 'a'}}
}
