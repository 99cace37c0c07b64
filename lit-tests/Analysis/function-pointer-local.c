// A function called from the loop may declare pointer locals initialised where they are
// declared: walking the call locates them where they point (`q` is `p + 1`, so `q[0]` reads
// a[2*i + 1]). One declared without an initialiser, one assigned again, and one to pointers
// keep the loop serial.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=CU < %t/function-pointer-local.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/function-pointer-local.gpupar.cu
static double second(const double *p) {
  const double *q = p + 1;
  return q[0];
}
static void shift(double *row, const double *src, int m) {
  double *dst = row + 1;
  for (int j = 0; j < m - 1; j++)
    dst[j] = src[j];
}
void f(int n, int m, const double *a, double *out, double *y, const double *x) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (in), out (out)}}
    out[i] = second(&a[2 * i]);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: x (in), y (out)}}
    shift(&y[i * m], &x[i * m], m);
}
// CU: const double *q = (const double *)(p + 1);
// CU: double *dst = (double *)(row + 1);

static double late(const double *p) {
  const double *q; // expected-warning {{in function 'late': local 'q' is a pointer without an initialiser; a pointer local of a function called from an offloaded loop must be initialised where it is declared, and point to numbers or structs; the loop stays serial}}
  q = p + 1;
  return q[0];
}
static double again(const double *p) {
  const double *q = p; // expected-warning {{in function 'again': pointer variable 'q' must be initialised once and never reassigned in an offloaded loop}}
  q = q + 1;
  return q[0];
}
static double rows(double **w) {
  double **v = w; // expected-warning {{in function 'rows': local 'v' has an unsupported type 'double **'; pointers must point to numbers or structs; the loop stays serial}}
  return v[0][0];
}
void g(int n, const double *a, double *out, double **w) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = late(&a[2 * i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = again(&a[2 * i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = rows(w); // expected-note {{called from the loop here}}
}
