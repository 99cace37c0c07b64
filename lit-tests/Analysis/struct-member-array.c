// Pointer members of a struct that cannot go to a device, used as arrays (`v->x[i]`, `s.x[i]`,
// `m->v->x[i]`, a `float **` member `p->w[i][k]`), are read once before the loop, when the loop
// runs an iteration, and are then arrays of the loop like a local `float *x = v->x;`: sections,
// copies, kernel parameters. Same rules as arithmetic members: the loop assigns neither the
// root variable nor the member, every iteration reads it, nothing the loop writes may alias it,
// no volatile.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=HOST < %t/struct-member-array.gpupar.c
// RUN: %filecheck %s --check-prefix=CU < %t/struct-member-array.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/struct-member-array.gpupar.cu
// RUN: %clang19 -fsyntax-only -Wall -Wextra -Werror %gpupar_include %t/struct-member-array.gpupar.c

typedef struct {
  int n;
  float *x;
  float *y;
  float **w;
  volatile float *vx;
} vec;

typedef struct {
  vec *v;
  float scale;
} model;

// The same member read and written is one array; the host passes each member's value.
// HOST: {{^ +}}{ /* gpupar: struct-member-array.c:[[#@LINE+11]] */
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)((int)(0) < (v->n) ? (v->x) : 0), (void *)((int)(0) < (v->n) ? (v->y) : 0)};
// HOST: {{^ +}}for (i = 0; i < v->n; i++)
// HOST-NEXT: {{^ +}}v->y[i] = a * v->x[i] + v->y[i];
// CU: gpupar_body_struct_member_array_[[#@LINE+7]](int i, float a, const float *__restrict__ gpupar_p0, float *__restrict__ gpupar_p1)
// CU: gpupar_p1[i] = a * gpupar_p0[i] + gpupar_p1[i];
// CU: {"v->x", sizeof(float), GPUPAR_READ},
// CU-NEXT: {"v->y", sizeof(float), GPUPAR_READ | GPUPAR_WRITE},
void axpy(vec *v, float a) {
  int i;
#pragma gpupar
  for (i = 0; i < v->n; i++) // expected-remark {{loop offloaded: v->x (in), v->y (inout)}}
    v->y[i] = a * v->x[i] + v->y[i];
}

// Through a struct value.
// HOST: {{^ +}}{ /* gpupar: struct-member-array.c:[[#@LINE+6]] */
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)((int)(1) < (s.n) ? (s.x) : 0), (void *)(out)};
// CU: gpupar_body_struct_member_array_[[#@LINE+4]](int i, const float *__restrict__ gpupar_p0, float *__restrict__ out)
// CU: out[i] = gpupar_p0[i - 1];
void shift(vec s, float *out) {
#pragma gpupar
  for (int i = 1; i < s.n; i++) // expected-remark {{loop offloaded: s.x (in), out (out)}}
    out[i] = s.x[i - 1];
}

// Through two pointers, beside an arithmetic member read once (the loop writes no float).
// HOST: {{^ +}}{ /* gpupar: struct-member-array.c:[[#@LINE+7]] */
// HOST: {{^ +}}gpupar_span_init(&gpupar_spans[0], 1LL, -1LL); /* m->v->x[i - 1], ... */
// HOST: {{^ +}}gpupar_span_add_range(&gpupar_spans[0], 1LL, 0LL, 2LL);
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)((int)(1) < (n) ? (m->v->x) : 0), (void *)(out)};
// CU: out[i] = gpupar_m0 * (gpupar_p0[i - 1] + gpupar_p0[i] + gpupar_p0[i + 1]);
void smooth(model *m, int n, double *out) {
#pragma gpupar
  for (int i = 1; i < n; i++) // expected-remark {{loop offloaded: m->v->x (in), out (out)}}
    out[i] = m->scale * (m->v->x[i - 1] + m->v->x[i] + m->v->x[i + 1]);
}

// A `float **` member: rows copied per row, as for a local `float **w`; read where the loop over
// k runs (struct-member-inner-loop.c).
// HOST: {{^ +}}{ /* gpupar: struct-member-array.c:[[#@LINE+6]] */
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)(((int)(0) < (p->n) && (int)(0) < (m)) ? (p->w) : 0), (void *)(y)};
// CU: gpupar_body_struct_member_array_[[#@LINE+4]](int i, int m, gpupar_rows<const float > gpupar_p0, float *__restrict__ y)
// CU: s += gpupar_p0[i][k];
void rows(vec *p, int m, float *y) {
#pragma gpupar
  for (int i = 0; i < p->n; i++) { // expected-remark {{loop offloaded: p->w (in), y (out)}}
    float s = 0;
    for (int k = 0; k < m; k++)
      s += p->w[i][k];
    y[i] = s;
  }
}

// A pointer argument of a call.
// CU: gpupar_p1[i] = gpupar_fn_get((const float *)(gpupar_p0), i);
static float get(const float *p, int k) { return p[k] * 2; }
void call(vec *v) {
#pragma gpupar
  for (int i = 0; i < v->n; i++) // expected-remark {{loop offloaded: v->x (in), v->y (out)}}
    v->y[i] = get(v->x, i);
}

// A member the loop assigns is not read once.
void assigned(vec *v) {
#pragma gpupar
  for (int i = 0; i < 100; i++) {
    v->y[i] = v->x[i];
    v->x = 0; // expected-warning {{pointer member 'v->x' is assigned in the loop, so it cannot be read once before the loop; the loop stays serial}}
  }
}

// A read under a condition is not read before the loop (the condition may be what keeps it
// valid), nor a read in a body that jumps.
void guarded(vec *v, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    if (i % 2)
      y[i] = v->x[i]; // expected-warning {{array 'v->x' is a member of 'v', whose struct cannot be copied to a device, and not every iteration reads it (a condition or a jump in the body), so it is not read before the loop; copy it into a local variable before the loop ('float *x = v->x;') and index that; the loop stays serial}}
}

void jumps(vec *v, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++) {
    if (y[i] < 0)
      continue;
    y[i] = v->x[i]; // expected-warning {{array 'v->x' is a member of 'v', whose struct cannot be copied to a device, and not every iteration reads it}}
  }
}

// Volatile members and structs stay refused.
void vol(vec *v, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    y[i] = v->vx[i]; // expected-warning {{volatile array 'v->vx' is not supported in an offloaded loop}}
}

void volstruct(volatile vec *v, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    y[i] = v->x[i]; // expected-warning {{volatile array 'v->x' is not supported in an offloaded loop}}
}

// A character write may be the member's bytes.
void bytes(vec *v, unsigned char *c) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    c[i] = v->x[i] > 0; // expected-warning {{'v->x' is read once before the loop (its struct cannot be copied to a device), but 'c[i]' may write the same memory; copy it into a local variable before the loop}} expected-note {{written here}}
}

// Run-time indices: the block the member points into, found at the call (no clause can name a
// member, so the remark suggests none).
void gather(vec *v, const int *idx, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++) // expected-remark {{loop offloaded: idx (in), v->x (in), y (out)}} expected-remark {{read at indices known only at run time: 'v->x'; each call copies the whole block of memory each points into, found among the blocks the program allocated; where one points elsewhere (a local or global array, a block under 4 KiB), the loop runs serially}}
    y[i] = v->x[idx[i]];
}
// HOST-LABEL: void gather(
// HOST: gpupar_heap_extent(((int)(0) < (100) ? (v->x) : 0), sizeof(*((int)(0) < (100) ? (v->x) : 0)), "struct-member-array.c:{{[0-9]+}}", "v->x", &gpupar_heap_first_0);

// Written at run-time indices: a clause naming the array is needed, which a member cannot be
// named in.
void scatter(vec *v, const int *idx, const float *y) {
#pragma gpupar independent
  for (int i = 0; i < 100; i++)
    v->x[idx[i]] = y[i]; // expected-warning {{array 'v->x' is a member of 'v', whose struct cannot be copied to a device, and 'v->x[idx[i]]' has an index known only at run time, which needs a clause naming the array; copy it into a local variable before the loop ('float *x = v->x;') and index that; the loop stays serial}}
}

// A `float **` member used other than as `w[i][k]`.
void onerow(vec *v, float *y) {
#pragma gpupar
  for (int i = 0; i < 100; i++)
    y[i] = *v->w[i]; // expected-warning {{pointer to pointer 'v->w' is offloaded only as 'a[i][j]'}}
}
