// `private(t)` naming an array of constant size declared outside the loop, as OpenMP programs
// keep per-thread scratch arrays (PolyBench doitgen's `sum_local`): each thread declares its
// own, so its elements are locals of the body, with no dependence between iterations. Arrays of
// numbers in any number of dimensions and arrays of named structs of numbers; a variable-length
// array and an array of enums keep the loop serial.
//
// Without the clause, a local array declared outside the loop is private to each iteration when
// nothing outside the loop uses it and every element read follows a write of it in the same
// iteration (PrivateArrays.h): doitgen as an OpenMP port declares `sum_local` in the `parallel`
// block. The arrays that stay shared are in private-array-shared.c.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=CU < %t/private-array.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/private-array.gpupar.cu
#include <string.h>
#define NP 12

struct pair { double lo, hi; };
enum colour { RED, GREEN };

void doitgen(int nr, int nq, int np, double A[8][8][NP], double C4[NP][NP]) {
  int r, q, p, s;
  double sum_local[NP];
#pragma gpupar private(sum_local)
  for (r = 0; r < nr; r++) // expected-remark {{loop offloaded: A (inout), C4 (in), p (private), s (private), sum_local (private)}} 
    for (q = 0; q < nq; q++) { // expected-remark {{perfectly nested loop over 'q' collapsed}}
      for (p = 0; p < np; p++) { // expected-remark {{'p' is private to each iteration}}
        sum_local[p] = 0.0;
        for (s = 0; s < np; s++) // expected-remark {{'s' is private to each iteration}}
          sum_local[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum_local[p];
    }
}
// CU-LABEL: static __host__ __device__ inline void gpupar_body_private_array_25(
// CU-NEXT:    do {
// CU-NEXT:      double sum_local[12];

void grids(int n, const double *x, double *y, struct pair *out) {
  double t[4][3];
  struct pair b[2];
#pragma gpupar private(t, b)
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: x (in), y (out), out (out), t (private), b (private)}}
    memset(t, 0, sizeof t);
    for (int k = 0; k < 4; k++)
      t[k][k % 3] = x[i] * k;
    b[0].lo = t[3][0];
    b[1].hi = t[2][2] + t[1][1];
    y[i] = b[0].lo + b[1].hi;
    out[i] = b[1];
  }
}
// CU-LABEL: static __host__ __device__ inline void gpupar_body_private_array_44(
// CU-NEXT:    do {
// CU-NEXT:      double t[4][3];
// CU-NEXT:      struct pair b[2];

void refused(int n, int m, const double *x, double *y) {
  double v[m];
  enum colour c[2];
#pragma gpupar private(v) // expected-warning {{private array 'v' must have a constant size}}
  for (int i = 0; i < n; i++) {
    v[0] = x[i];
    y[i] = v[0];
  }
#pragma gpupar private(c) // expected-warning {{private array 'c' must have a constant size and elements that are numbers or named structs of numbers}}
  for (int i = 0; i < n; i++) {
    c[0] = x[i] > 0 ? RED : GREEN;
    y[i] = c[0];
  }
}

void doitgen_omp(int nr, int nq, int np, double A[8][8][NP], double C4[NP][NP]) {
  int r, q, p, s;
  {
    double sum_local[NP]; // expected-remark {{array 'sum_local' is private to each iteration: nothing outside the loop uses it, and each iteration writes every element it reads before reading it}}
#pragma gpupar
    for (r = 0; r < nr; r++) // expected-remark {{loop offloaded: A (inout), C4 (in), p (private), s (private), sum_local (private)}}
      for (q = 0; q < nq; q++) { // expected-remark {{perfectly nested loop over 'q' collapsed}}
        for (p = 0; p < np; p++) { // expected-remark {{'p' is private to each iteration}}
          sum_local[p] = 0.0;
          for (s = 0; s < np; s++) // expected-remark {{'s' is private to each iteration}}
            sum_local[p] += A[r][q][s] * C4[s][p];
        }
        for (p = 0; p < np; p++)
          A[r][q][p] = sum_local[p];
      }
  }
}
// CU-LABEL: static __host__ __device__ inline void gpupar_body_private_array_79(
// CU-NEXT:    do {
// CU-NEXT:      double sum_local[12];

void scratch(int n, const double *x, double *y) {
  double t[5], u[3][4], w[2], z[4]; // expected-remark 4 {{is private to each iteration}}
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: x (in), y (out), t (private), u (private), w (private)}}
    for (int k = 0; k < 5; k++)
      t[k] = x[i] * k;
    memset(u, 0, sizeof u);
    u[i % 3][1] = t[4];
    w[0] = t[2];
    w[1] = w[0] + u[2][1];
    y[i] = t[1] + w[1] + u[0][1];
  }
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: x (in), y (inout), z (private)}}
    for (int k = 0; k < 4; k++)
      z[k] = x[i];
    for (int k = 0; k < 3; k++)
      y[i] += z[k + 1];
  }
}
