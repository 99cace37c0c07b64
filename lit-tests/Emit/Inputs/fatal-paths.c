#include <stdio.h>
#include <stdlib.h>

static void die(const char *what, int i) {
  fprintf(stderr, "%s at %d\n", what, i);
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
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) {
      fprintf(stderr, "negative %g\n", a[i]);
      abort();
    }
    b[i] = checked(a, i, m);
  }
}
