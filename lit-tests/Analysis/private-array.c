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

// Filled in parts before the reads: NPB LU's `tmat`, a block filled column by column inside a
// loop over its rows, then read at constant subscripts; a fill that runs backwards; a chained
// assignment; a function that fills its parameter in several statements.
static void halves(double *p, double v) {
  for (int k = 0; k < 2; k++)
    p[k] = v;
  p[2] = p[3] = -v;
}

void blocks(int n, const double d[][5][5], double *y) {
  double tmat[5][5], back[4], two[2][3], h[4]; // expected-remark 4 {{is private to each iteration}}
  int m;
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: d (in), y (out), m (private), tmat (private), back (private), two (private), h (private)}}
    for (m = 0; m < 5; m++) { // expected-remark {{'m' is private to each iteration}}
      tmat[m][0] = d[i][m][0];
      tmat[m][1] = d[i][m][1];
      tmat[m][2] = d[i][m][2];
      tmat[m][3] = d[i][m][3];
      tmat[m][4] = d[i][m][4];
    }
    tmat[1][1] = tmat[1][1] - tmat[1][0] / tmat[0][0] * tmat[0][1];
    for (int k = 3; k >= 0; k--)
      back[k] = tmat[k + 1][k];
    two[1][0] = two[1][1] = two[1][2] = back[3];
    for (int k = 0; k < 3; k++)
      two[0][k] = back[k];
    halves(h, two[1][2]);
    y[i] = tmat[4][3] + two[0][2] + two[1][0] + h[3];
    for (int k = 0; k < 3; k++)
      y[i] += back[k + 1] * h[k + 1];
  }
}

// Filled over a range with a variable bound, read over a narrower one: a scratch line for a
// stencil, its neighbours' subscripts assigned first (`km1 = k - 1`).
void line_stencil(int n, int m, const double *x, double *y) {
  double line[64]; // expected-remark {{array 'line' is private to each iteration}}
  int k, km1, kp1;
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: x (in), y (out), k (private), km1 (private), kp1 (private), line (private)}}
    for (k = 0; k < m; k++) // expected-remark {{'k' is private to each iteration}}
      line[k] = x[i * m + k];
    for (k = 1; k < m - 1; k++) {
      km1 = k - 1; // expected-remark {{'km1' is private to each iteration}}
      kp1 = k + 1; // expected-remark {{'kp1' is private to each iteration}}
      y[i * m + k] = line[km1] + line[kp1] - 2 * line[k];
    }
  }
}

// Written in both branches of an `if`: each branch writes every element the reads need.
void branches(int n, int m, const double *x, double *y) {
  double d[64], e[3]; // expected-remark 2 {{is private to each iteration}}
  int k;
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: x (in), y (out), k (private), d (private), e (private)}}
    for (k = 0; k < m; k++) { // expected-remark {{'k' is private to each iteration}}
      if (k == 0)
        d[k] = x[i * m];
      else
        d[k] = x[i * m + k] - x[i * m + k - 1];
    }
    if (x[i] > 0) {
      e[0] = 1;
      e[1] = e[2] = 2;
    } else {
      e[2] = -1;
      e[0] = e[1] = 0;
    }
    y[i] = e[0] + e[1] + e[2];
    for (k = 1; k < m; k++)
      y[i] += d[k] * d[k - 1];
  }
}

// Rows filled by a function: NPB BT's `initialize` passes `&Pface[ix][0][0]` (a row's first
// element) in loops over ix, iy, iz; the three fills together make the whole block. A row passed
// as `face[k]` is the same fill.
static void solution(double x, double y, double out[5]) {
  for (int m = 0; m < 5; m++)
    out[m] = x + m * y;
}

void faces(int n, const double *x, double *u) {
  double Pface[2][3][5], face[4][5]; // expected-remark 2 {{is private to each iteration}}
  int ix, iy, iz, m;
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: x (in), u (out), ix (private), iy (private), iz (private), m (private), Pface (private), face (private)}}
    for (ix = 0; ix < 2; ix++) // expected-remark {{'ix' is private to each iteration}}
      solution(ix, x[i], &(Pface[ix][0][0]));
    for (iy = 0; iy < 2; iy++) // expected-remark {{'iy' is private to each iteration}}
      solution(x[i], iy, &Pface[iy][1][0]);
    for (iz = 0; iz < 2; iz++) // expected-remark {{'iz' is private to each iteration}}
      solution(x[i], -iz, &Pface[iz][2][0]);
    for (int k = 0; k < 4; k++)
      solution(k, x[i], face[k]);
    for (m = 0; m < 5; m++) // expected-remark {{'m' is private to each iteration}}
      u[i * 5 + m] = Pface[1][0][m] * Pface[0][1][m] + Pface[1][2][m] + face[3][m];
  }
}
