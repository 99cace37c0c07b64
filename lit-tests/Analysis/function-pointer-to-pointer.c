// Pointer parameters point to numbers or structs: not to pointers or functions.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static double get(double **rows, int i) { return rows[i][0]; } // expected-warning {{in function 'get': parameter 'rows' is a pointer to a pointer, which is not supported; use a flat array with 'a[i*m + j]'; the loop stays serial}}
static double apply(double (*g)(double), double x) { return g(x); } // expected-warning {{in function 'apply': parameter 'g' is a function pointer, which is not supported; the loop stays serial}}
static double sq(double x) { return x * x; }
void f(int n, double **rows, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = get(rows, i); // expected-note {{called from the offloaded loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = apply(sq, out[i]); // expected-note {{called from the offloaded loop here}}
}
