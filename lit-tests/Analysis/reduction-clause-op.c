// The update must use the clause's operator.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const float *a, float *out) {
  float s = 1;
#pragma gpupar reduction(+: s) // expected-note {{named in 'reduction' here}}
  for (int i = 0; i < n; i++)
    s *= a[i]; // expected-error {{reduction variable 's' is updated with '*' but its clause says '+'}}
  out[0] = s;
}
