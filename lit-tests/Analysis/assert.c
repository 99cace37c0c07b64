// `assert(e)` in a loop and in the functions it calls only reads `e`: the loop is offloaded (and
// the kernel asserts too). glibc expands it to a statement expression in GNU C and to a
// conditional in strict C; other statement expressions, and calls of the failure function with
// other than literals, are still refused.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -std=c99 -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -DNDEBUG -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#include <assert.h>

static double checked(const double *v, int i) {
  assert(v[i] == v[i] && "not a NaN");
  return v[i] * 2;
}

void f(int n, const double *a, double *b, const char *msg) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (in), b (out)}}
    assert(i >= 0);
    b[i] = checked(a, i) + a[i];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (in), b (out)}}
    b[i] = (assert(a[i] < 1e9), a[i] + 1);
#ifdef __GNUC__
#ifndef __STRICT_ANSI__
#pragma gpupar
  for (int i = 0; i < n; i++)
    b[i] = ({ double t = a[i]; t * t; }); // expected-warning {{statement expressions are not supported in an offloaded loop}}
#endif
#endif
#ifndef NDEBUG // (<assert.h> declares __assert_fail only then)
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      __assert_fail(msg, __FILE__, __LINE__, __func__); // expected-warning {{call to '__assert_fail' is not supported: it is not defined in this file and is not a C math function}}
    b[i] = a[i];
  }
#endif
}
