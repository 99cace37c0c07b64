// Two pointer parameters into one array that the call writes keep the loop serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static void copy2(double *dst, const double *src) { dst[0] = src[1]; } // expected-warning {{in function 'copy2': pointer parameters 'dst' and 'src' both point into 'a', which 'dst[0]' writes; pass pointers into different arrays}}
static double sum2(const double *x, const double *y) { return x[0] + y[0]; }
void f(int n, double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    b[i] = sum2(&a[i], &a[i + 1]); // both read: fine
#pragma gpupar
  for (int i = 0; i < n; i++)
    copy2(&a[2 * i], &a[2 * i]); // expected-note {{called from the offloaded loop here}}
}
