// Arithmetic members of a struct that cannot go to a device (it holds pointers, like Rodinia's
// BPNN or a matrix header) are read once before the loop and passed as scalars, when the loop
// does not write them (nothing it writes may alias them); a struct that can be copied is still
// passed whole.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=HOST < %t/struct-member-read.gpupar.c
// RUN: %filecheck %s --check-prefix=CU < %t/struct-member-read.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/struct-member-read.gpupar.cu

typedef struct {
  int n, m;
  float scale;
  float **w;
  struct {
    int cols;
  } dim;
} net;

// The host file reads the member once, when the loop runs an iteration.
// HOST: {{^ +}}const int gpupar_s0 = ((int)(0) < (p->n) ? (p->m) : 0);
// CU: gpupar_body_struct_member_read_{{[0-9]+}}(int i, int gpupar_m0, gpupar_rows<const float > w,
// CU: for (int k = 0; k < gpupar_m0; k++)
// CU: s += w[i][k];
void forward(net *p, float *y) {
  float **w = p->w;
#pragma gpupar
  for (int i = 0; i < p->n; i++) { // expected-remark {{loop offloaded: w (in), y (out)}}
    float s = 0;
    for (int k = 0; k < p->m; k++)
      s += w[i][k];
    y[i] = s;
  }
}

// A float member where the loop writes only ints.
// HOST: {{^ +}}const float gpupar_s0 = ((int)(0) < (100) ? (p->scale) : 0);
// CU: bin[i] = (int)(i * gpupar_m0);
void bins(net *p, int *bin) {
#pragma gpupar
  for (int i = 0; i < 100; i++) // expected-remark {{loop offloaded: bin (out)}}
    bin[i] = (int)(i * p->scale);
}

// A float member where the loop writes floats, which may be the member.
void scaled(net *p, const float *x, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    y[i] = x[i] * p->scale; // expected-warning {{'p->scale' is read once before the loop (its struct cannot be copied to a device), but 'y[i]' may write the same memory; copy it into a local variable before the loop}} expected-note {{written here}}
}

// Through a struct value and a nested member.
// HOST: {{^ +}}const int gpupar_s1 = ((int)(0) < (rows) ? (d.dim.cols) : 0);
// CU: a[i * gpupar_m0 + j] = 0;
void clear(net d, int rows, float *a) {
#pragma gpupar
  for (int i = 0; i < rows; i++) { // expected-remark {{loop offloaded: a (out)}}
    for (int j = 0; j < d.dim.cols; j++) // expected-remark {{collapsed with the offloaded loop}}
      a[i * d.dim.cols + j] = 0;
  }
}

// The loop writes ints, which may be the member.
void counts(net *p, int *c) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    c[i] = p->m; // expected-warning {{'p->m' is read once before the loop (its struct cannot be copied to a device), but 'c[i]' may write the same memory; copy it into a local variable before the loop}} expected-note {{written here}}
}

// A read under a condition is not read before the loop (the condition may be what keeps it
// valid): the struct stays the obstacle.
void guarded(net *p, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    if (i < p->n) // read in every iteration: would be read once
      y[i] = p->scale; // expected-warning {{struct member 'w' is a pointer}}
}

// A member the loop writes is not read once: the struct stays the obstacle.
void bump(net *p, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++) {
    y[i] = p->scale;
    p->scale = 1; // expected-warning {{struct member 'w' is a pointer}}
  }
}

// A struct without pointers goes to the device whole, as before.
typedef struct {
  int n;
  float f;
} plain;
// CU: gpupar_body_struct_member_read_{{[0-9]+}}(int i, plain q, float *__restrict__ y)
void copy(plain q, float *y) {
#pragma gpupar
  for (int i = 0; i < q.n; i++) // expected-remark {{loop offloaded: y (out)}}
    y[i] = q.f;
}

// An array member of such a struct is read once too, as the local copy of forward() (the
// pointer members: struct-member-array.c).
// CU: gpupar_body_struct_member_read_{{[0-9]+}}(int i, int gpupar_m0, gpupar_rows<const float > gpupar_p0, float *__restrict__ y)
// CU: s += gpupar_p0[i][k];
void direct(net *p, float *y) {
#pragma gpupar
  for (int i = 0; i < p->n; i++) { // expected-remark {{loop offloaded: p->w (in), y (out)}}
    float s = 0;
    for (int k = 0; k < p->m; k++)
      s += p->w[i][k];
    y[i] = s;
  }
}
