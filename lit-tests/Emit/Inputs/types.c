#include <stddef.h>
typedef unsigned long ulong_t;

void decl_before(int n, double *x) {
  int i;
#pragma gpupar
  for (i = 0; i < n; i++)
    x[i] = x[i] * 2.0;
}

void decl_before_unsigned(unsigned n, double *x) {
  unsigned i;
#pragma gpupar
  for (i = n; i > 0; i--) {
    x[i] = 0;
  }
}

void uns(unsigned n, float *a) {
#pragma gpupar
  for (unsigned i = 0; i < n; i++) a[i] = 1;
}

void sizes(size_t n, char *c) {
#pragma gpupar
  for (size_t i = 0; i < n; i++) c[i] = (char)i;
}

void chars(signed char *c) {
#pragma gpupar
  for (char k = 0; k < 10; k++) c[(int)k] = 1;
}

void longlong(long long n, long long *a) {
#pragma gpupar
  for (long long i = 0; i < n; i++) a[i] = i * i;
}

void typedefs(ulong_t m, short *s, unsigned char *u) {
#pragma gpupar
  for (ulong_t i = 0; i < m; i++) s[i] = s[i] + u[i];
}

void mixed(int n, unsigned short *u) {
#pragma gpupar
  for (unsigned short i = 0; i < n; i++) u[i] = i;
}
