// Writes through a pointer parameter need affine subscripts; nested calls are followed and
// every call on the way gets a note.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static void put(double *p, int k) { p[k * k] = 1; } // expected-warning {{in function 'put': subscript 'p[k * k]' is not affine in the loop variables}}
static void put2(double *p, int k) { put(p + 1, k); } // expected-note {{called from function 'put2' here}}
static double at(const double *p, int k) { return p[k & 3]; }
void f(int n, double *a, const double *b, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    put2(&a[i], i); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = at(b, i); // a read at run-time indices: the extent of 'b' is found at the call
#pragma gpupar map(to: b[0:4])
  for (int i = 0; i < n; i++)
    out[i] = at(b, i); // with the extent: the whole section is copied
}
