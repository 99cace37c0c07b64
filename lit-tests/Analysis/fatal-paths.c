// A fatal path, a report to the program's streams followed by exit() or abort() (NPB FT's
// cfftz), in the loop or in a function it calls: the loop is offloaded, and the kernel stops
// there so that the serial loop takes the path as written. A report that no exit follows, and
// an exit inside an expression, are still refused.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#include <stdio.h>
#include <stdlib.h>

static void die(const char *what, int i) {
  fprintf(stderr, "%s at %d\n", what, i);
  fflush(stderr);
  exit(2);
}

static double checked(const double *v, int i, int m) {
  if (m < 1 || m > 64) {
    printf("checked: invalid size%5d%5d\n", m, i);
    exit(1);
  }
  if (v[i] != v[i])
    die("NaN", i);
  return v[i] * m;
}

void f(int n, int m, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (in), b (out)}}
    b[i] = checked(a, i, m);
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (in), b (out)}}
    if (a[i] < 0) {
      (void)fprintf(stderr, "negative %g\n", a[i]);
      perror("f");
      _Exit(3);
    } else if (a[i] > 1e300)
      abort();
    b[i] = a[i];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (in), b (out)}}
    switch (m) {
    case 0:
      exit(4);
    default:
      b[i] = a[i] + m;
    }
  }
}

void refused(int n, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      printf("negative\n"); // expected-warning {{call to 'printf' is not supported: it is not defined in this file and is not a C math function; the loop stays serial}}
    b[i] = a[i];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) {
      exit(1);
      puts("after"); // expected-warning {{call to 'puts' is not supported: it is not defined in this file and is not a C math function; the loop stays serial}}
    }
    b[i] = a[i];
  }
#pragma gpupar
  for (int i = 0; i < n; i++)
    b[i] = a[i] < 0 ? (exit(1), 0.0) : a[i]; // expected-warning {{call to 'exit' leaves the program from inside an expression of an offloaded loop; make it a statement of its own, after any report, and the loop stops there}}
}
