// Members of structs a device could copy, in inner loops' bounds and in subscripts: they must not
// change while the loop runs, so they are read once before it (as for structs that hold
// pointers), and the struct is passed only for the values the body reads.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=HOST < %t/struct-member-bounds.gpupar.c
// RUN: %filecheck %s --check-prefix=CU < %t/struct-member-bounds.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/struct-member-bounds.gpupar.cu

typedef struct {
  int rows, cols;
} grid;

typedef struct {
  int n, m;
  double alpha;
} params;

// A struct parameter: its member bounds the nest and strides the rows; the nest collapses and
// the split by the stride proves the rows disjoint.
// CU: gpupar_body_struct_member_bounds_{{[0-9]+}}(int i, int j, int gpupar_m0, const double *__restrict__ b, double *__restrict__ a)
// CU: a[i * gpupar_m0 + j] = 2 * b[i * gpupar_m0 + j];
// CU: {1, GPUPAR_WRITE | GPUPAR_DISJOINT, 1}, /* a[i * g.cols + j] */
void twice(grid g, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < g.rows; i++) // expected-remark {{loop offloaded: b (in), a (out)}}
    for (int j = 0; j < g.cols; j++) // expected-remark {{collapsed with the offloaded loop}}
      a[i * g.cols + j] = 2 * b[i * g.cols + j];
}

// Through a pointer: read only when the loop runs an iteration; the struct still goes to the
// device for 'alpha', a value.
// HOST: {{^ +}}const int gpupar_s1 = ((int)(0) < (p->n) ? (p->m) : 0);
// HOST: {{^ +}}const long long gpupar_trips[1] = {(int)(0) < (p->n) ? (gpupar_trip_count(
// CU: gpupar_body_struct_member_bounds_{{[0-9]+}}(int i, int j, int gpupar_m0, const params *__restrict__ p, double *__restrict__ a)
// CU: a[i * gpupar_m0 + j] *= p->alpha;
void scale(const params *p, double *a) {
#pragma gpupar
  for (int i = 0; i < p->n; i++) // expected-remark {{loop offloaded: p (in), a (inout)}}
    for (int j = 0; j < p->m; j++) // expected-remark {{collapsed with the offloaded loop}}
      a[i * p->m + j] *= p->alpha;
}

// Inside a triangular loop: its bound already reads 'p->m' for every 'i'.
// CU: gpupar_body_struct_member_bounds_{{[0-9]+}}(int i, int gpupar_m0, double *__restrict__ a)
// CU: for (int j = i; j < gpupar_m0; j++)
// CU-NEXT: a[i * gpupar_m0 + j] = a[i * gpupar_m0 + j] + 1;
void upper(const params *p, double *a) {
#pragma gpupar
  for (int i = 0; i < p->n; i++) // expected-remark {{loop offloaded: a (inout)}}
    for (int j = i; j < p->m; j++) // expected-remark {{not collapsed}} expected-note {{only rectangular nests}}
      a[i * p->m + j] = a[i * p->m + j] + 1;
}

// Under a condition: a member of a struct variable can always be read.
// CU: gpupar_body_struct_member_bounds_{{[0-9]+}}(int i, int j, int gpupar_m0, const double *__restrict__ b, double *__restrict__ a)
// CU: a[i * gpupar_m0 + j] = b[(i - 1) * gpupar_m0 + j];
void shift(grid s, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < 50; i++) // expected-remark {{loop offloaded: b (in), a (out)}}
    for (int j = 0; j < s.cols; j++) // expected-remark {{collapsed with the offloaded loop}}
      if (i > 0)
        a[i * s.cols + j] = b[(i - 1) * s.cols + j];
}

// Through a pointer under a condition: not read before the loop, so not invariant.
void shiftp(const params *p, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 8; j++)
      if (i > 0)
        a[i * p->m + j] = b[(i - 1) * p->m + j]; // expected-warning {{subscript 'a[i * p->m + j]' is not affine in the loop variables, so gpupar cannot prove that different iterations write different elements of 'a'}}
}

// The loop writes ints, which may be the member.
void ones(const params *p, int *c) {
#pragma gpupar
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < p->m; j++) // expected-warning {{'p->m' bounds an inner loop or is in a subscript, so it is read once before the loop, but 'c[i * 8 + j]' may write the same memory; copy it into a local variable before the loop}}
      c[i * 8 + j] = 1; // expected-note {{written here}}
}

// A member the loop assigns is no bound of it: the write is the obstacle, as before.
void bump(grid s, int *c) {
#pragma gpupar
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < s.cols; j++) {
      c[i * 8 + j] = 1;
      s.rows = 2; // expected-warning {{write to 's.rows', a member of struct 's' declared outside the loop}}
    }
}
