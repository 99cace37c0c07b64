// Arrays a program declares `#pragma omp threadprivate` are each thread's own scratch (NPB BT's
// `ue`, `buf`, `cuf` and `q` in its exact_rhs loops): with `omp for` swapped for
// `#pragma gpupar`, one that each iteration writes before it reads it is private to each
// iteration without a clause, whatever reads it after the loop. One read before it is written,
// one a called function uses, and arrays not named threadprivate stay shared.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Wno-unknown-pragmas -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fopenmp -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=CU < %t/private-threadprivate.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/private-threadprivate.gpupar.cu
#define N 12

static double ue[N][5], buf[N][5];
static double cuf[N];
static double shared_row[N];
#pragma omp threadprivate(ue, buf, \
                          cuf)
static double seen[N];
#pragma omp threadprivate(seen)

static double rhs[N][N][5];

void exact_rhs(int ni, int nj) {
  int i, j, m;
#pragma gpupar
  for (j = 1; j < nj - 1; j++) { // expected-remark {{array 'ue' is private to each iteration: OpenMP 'threadprivate' gives each thread its own}} expected-remark {{array 'buf' is private to each iteration}} expected-remark {{array 'cuf' is private to each iteration}} expected-remark {{loop offloaded: rhs (inout)}}
    for (i = 0; i < N; i++) { // expected-remark {{'i' is private to each iteration}}
      for (m = 0; m < 5; m++) { // expected-remark {{'m' is private to each iteration}}
        ue[i][m] = i + j + m;
        buf[i][m] = 2.0 * ue[i][m];
      }
      cuf[i] = buf[i][1] * buf[i][1];
    }
    for (i = 1; i < N - 1; i++)
      for (m = 0; m < 5; m++)
        rhs[j][i][m] += ue[i + 1][m] - ue[i - 1][m] + cuf[i] * buf[i][m];
  }
}

static double from_seen(int i) { return seen[i]; }

void refused(int nj) {
  int i, j;
#pragma gpupar
  for (j = 0; j < nj; j++) {
    rhs[j][0][0] = cuf[3]; // expected-note {{read is here}}
    for (i = 0; i < N; i++)
      cuf[i] = j; // expected-warning {{cannot prove that write to 'cuf[i]' and read of 'cuf[3]' are independent}}
  }
#pragma gpupar
  for (j = 0; j < nj; j++) {
    for (i = 0; i < N; i++)
      seen[i] = j; // expected-warning {{write to 'seen[i]' does not depend on the loop variable 'j'}}
    rhs[j][0][0] = from_seen(2);
  }
#pragma gpupar
  for (j = 0; j < nj; j++) {
    for (i = 0; i < N; i++)
      shared_row[i] = j; // expected-warning {{write to 'shared_row[i]' does not depend on the loop variable 'j'}}
    rhs[j][0][0] = shared_row[2];
  }
}

// CU-LABEL: gpupar_body_private_threadprivate_{{[0-9]+}}(
// CU-DAG:     double ue[12][5];
// CU-DAG:     double buf[12][5];
// CU-DAG:     double cuf[12];
