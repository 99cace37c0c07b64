// Pointer parameters are bound to the loop's arrays at each call; a pointer parameter used as
// a value (compared, stored, returned) keeps the loop serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static float first(const float *p) { return p[0]; }
static float smaller(const float *p, const float *q) { return p < q ? p[0] : q[0]; } // expected-warning {{in function 'smaller': pointer parameter 'p' may only be subscripted ('p[k]', '*p', 'p->m') or passed to a function}}
void f(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = first(b + i);
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = smaller(&b[i], &b[i + 1]); // expected-note {{called from the loop here}}
}
