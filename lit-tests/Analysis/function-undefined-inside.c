// A function of this file that calls outside the file.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int puts(const char *);
static float noisy(float x) { puts("x"); return x; } // expected-warning {{in function 'noisy': call to 'puts' is not supported: it is not defined in this file and is not a C math function; the loop stays serial}}
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = noisy(a[i]); // expected-note {{called from the loop here}}
}
