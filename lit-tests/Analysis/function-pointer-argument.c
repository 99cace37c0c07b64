// A pointer argument must point to an element of an array of the loop (or a local array).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
struct P { double x, y; };
static double get(const double *p) { return p[0]; }
void f(int n, const struct P *ps, const double *a, const int *idx, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = get(&ps[i].y); // expected-warning {{argument '&ps[i].y' for pointer parameter 'p' of 'get' points into a struct member; pass a pointer to the element}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = get(i ? a : out); // expected-warning {{argument 'i ? a : out' for pointer parameter 'p' of 'get': pointer expression 'i ? a : out' is not supported in an offloaded loop; subscript an array variable}}
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double t[2] = {a[i], 1.0};
    out[i] = get(t) + get(&t[1]); // a local array of the body: fine
  }
}
