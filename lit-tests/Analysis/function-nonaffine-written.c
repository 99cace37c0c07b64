// A non-affine read in a called function of an array the loop writes: the warning names the
// function and a note points at the call in the offloaded loop (docs/analysis.md).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static float sq(const float *p, int k) { return p[k * k]; } // expected-warning {{in function 'sq': subscript 'p[k * k]' is not affine in the loop variables, and 'a' is written in the loop}}
static float at(const float *p, int k) { return p[k]; } // expected-warning {{in function 'at': subscript 'p[k]' is not affine in the loop variables, and 'A' is written in the loop}}
float A[64];
void f(int n, float *a, const int *idx) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = sq(a, i); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < 64; i++)
    A[i] = 2 * at(A, idx[i]); // expected-note {{called from the loop here}}
}
