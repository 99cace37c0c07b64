// Pointer parameters point to numbers, structs or rows of numbers ('float **',
// Analysis/function-rows.c): not to other pointers or to functions.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
struct cell { double v; };
static double get(struct cell **rows, int i) { return rows[i][0].v; } // expected-warning {{in function 'get': parameter 'rows' is a pointer to pointers to 'struct cell'; only pointers to rows of numbers ('float **') are supported; the loop stays serial}}
static double apply(double (*g)(double), double x) { return g(x); } // expected-warning {{in function 'apply': parameter 'g' is a function pointer, which is not supported; the loop stays serial}}
static double sq(double x) { return x * x; }
void f(int n, struct cell **rows, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = get(rows, i); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = apply(sq, out[i]); // expected-note {{called from the loop here}}
}
