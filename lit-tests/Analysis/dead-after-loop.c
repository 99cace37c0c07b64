// A scalar the loop writes only in some iterations (an inner loop's variable declared once per
// function, as the NAS Parallel Benchmarks do, under a condition) has no value to keep when every
// path from the loop's end writes it before any read: the next loop's `for (k = 0; ...)`, an assignment in
// both branches of an `if`, or the end of the function. A read on some path (after one branch
// only, through a `break`, the next round of an enclosing loop) keeps the warning.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void reused(int n, int m, double *a, double *b) {
  int i, k;
#pragma gpupar
  for (i = 0; i < n; i++) {
    if (a[i * m] > 0)
      for (k = 1; k < m; k++)
        a[i * m + k] = 0;
  }
  for (k = 0; k < m; k++)
    b[k] = k;
}

void branches(int n, int m, double *a, int c) {
  int i, k;
#pragma gpupar
  for (i = 0; i < n; i++) {
    if (a[i * m] > 0)
      for (k = 1; k < m; k++)
        a[i * m + k] = 1;
  }
  if (c)
    k = 1;
  else
    k = 2;
  a[0] = k;
}

void one_branch(int n, int m, double *a, int c) {
  int i, k;
#pragma gpupar
  for (i = 0; i < n; i++) {
    if (a[i * m] > 0)
      for (k = 1; k < m; k++) // expected-warning {{'k' is read after the loop but not written in every iteration}} expected-note {{declare it inside the loop}}
        a[i * m + k] = 1;
  }
  if (c)
    k = 1;
  a[0] = k;
}

void around(int steps, int n, int m, double *a) {
  int i, k = 0;
  for (int s = 0; s < steps; s++) {
    a[0] += k; // the next round reads what the loop left
#pragma gpupar
    for (i = 0; i < n; i++) {
      if (a[i * m] > 0)
        for (k = 1; k < m; k++) // expected-warning {{'k' is read after the loop but not written in every iteration}} expected-note {{declare it inside the loop}}
          a[i * m + k] = 1;
    }
  }
}

void around_written(int steps, int n, int m, double *a) {
  int i, k;
  for (int s = 0; s < steps; s++) {
    k = s;
    a[0] += k;
#pragma gpupar
    for (i = 0; i < n; i++) {
      if (a[i * m] > 0)
      for (k = 1; k < m; k++)
        a[i * m + k] = 1;
    }
  }
}

void jump(int steps, int n, int m, double *a) {
  int i, k;
  for (int s = 0; s < steps; s++) {
#pragma gpupar
    for (i = 0; i < n; i++) {
      if (a[i * m] > 0)
        for (k = 1; k < m; k++) // expected-warning {{'k' is read after the loop but not written in every iteration}} expected-note {{declare it inside the loop}}
          a[i * m + k] = 1;
    }
    if (a[1] > 0)
      break;
    k = 0;
  }
  a[0] = k;
}
