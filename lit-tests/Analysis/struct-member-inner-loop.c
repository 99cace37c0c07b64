// A struct member read once before the loop (a pointer member used as an array, an arithmetic
// member, an inner loop's bound) inside inner loops of the body: the serial loop reads it only
// when those loops run an iteration too, so the host file reads it only then (with `v == NULL`
// and `cnt == 0` the rewritten program must not read `v->x` where the serial one does not).
// The sections name the values read once rather than read the members again.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=HOST < %t/struct-member-inner-loop.gpupar.c
// RUN: %clang19 -fsyntax-only -Wall -Wextra -Werror %gpupar_include %t/struct-member-inner-loop.gpupar.c

typedef struct {
  int n, in, weight;
  float *x;
  float **w;
} vec;

// Read in a loop over k: the loop's trip condition and k's, typed as each loop's variable.
// HOST: {{^ +}}{ /* gpupar: struct-member-inner-loop.c:[[#@LINE+5]] */
// HOST: {{^ +}}const int gpupar_s2 = (((int)(0) < (n) && (long)(lo) < (cnt)) ? (v->weight) : 0);
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)(((int)(0) < (n) && (long)(lo) < (cnt)) ? (v->x) : 0), (void *)(y)};
void sums(vec *v, long lo, long cnt, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: v->x (in), y (out)}}
    float s = 0;
    for (long k = lo; k < cnt; k++)
      s += v->x[k] * v->weight;
    y[i] = s;
  }
}

// Two loops deep, counting down in the outer one; an inner loop's own bound read from memory
// (`net->in`) is read where the loops around that loop run, and the sections use it.
// HOST: {{^ +}}{ /* gpupar: struct-member-inner-loop.c:[[#@LINE+6]] */
// HOST: {{^ +}}const int gpupar_s1 = (((int)(0) < (n) && (unsigned int)(r0) > (0)) ? (net->in) : 0);
// HOST: {{^ +}}gpupar_span_add_range(&gpupar_spans[0], 1LL, (long long)(0), (long long)(gpupar_s1) - 1LL);
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)(((int)(0) < (n) && (unsigned int)(r0) > (0) && (int)(0) < (net->in)) ? (net->w) : 0), (void *)(y)};
void nested(vec *net, unsigned r0, float *y, int n) {
#pragma gpupar
  for (int j = 0; j < n; j++) { // expected-remark {{loop offloaded: net->w (in), y (out)}}
    float s = 0;
    for (unsigned r = r0; r > 0; r--)
      for (int k = 0; k < net->in; k++)
        s += net->w[k][j] * r;
    y[j] = s;
  }
}

// A read outside the inner loop too: read whenever the loop runs an iteration.
// HOST: {{^ +}}{ /* gpupar: struct-member-inner-loop.c:[[#@LINE+4]] */
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)((int)(0) < (n) ? (v->x) : 0), (void *)(y)};
void both(vec *v, int cnt, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: v->x (in), y (out)}}
    float s = v->x[i];
    for (int k = 0; k < cnt; k++)
      s += v->x[k];
    y[i] = s;
  }
}

// Reads in two loops one after the other: read when either runs.
// HOST: {{^ +}}{ /* gpupar: struct-member-inner-loop.c:[[#@LINE+4]] */
// HOST: {{^ +}}void *const gpupar_arrays[2] = {(void *)(((int)(0) < (n) && ((int)(0) < (a) || (int)(0) < (b))) ? (v->x) : 0), (void *)(y)};
void siblings(vec *v, int a, int b, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: v->x (in), y (out)}}
    float s = 0;
    for (int k = 0; k < a; k++)
      s += v->x[k];
    for (int k = 0; k < b; k++)
      s -= v->x[k];
    y[i] = s;
  }
}

// A member in a subscript inside an inner loop: the section names the value read once.
// HOST: {{^ +}}{ /* gpupar: struct-member-inner-loop.c:[[#@LINE+5]] */
// HOST: {{^ +}}const int gpupar_s1 = (((int)(0) < (n) && (int)(0) < (cnt)) ? (v->in) : 0);
// HOST: {{^ +}}gpupar_span_init(&gpupar_spans[0], (long long)(gpupar_s1), 0LL); /* a[i * v->in + k] */
void strided(vec *v, int cnt, const float *a, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (in), y (out)}}
    float s = 0;
    for (int k = 0; k < cnt; k++)
      s += a[i * v->in + k];
    y[i] = s;
  }
}

// A collapsed loop whose bound reads memory: it is read, and the trip count computed, only when
// the outer loop runs an iteration; its first value reads none and is not guarded.
// HOST: {{^ +}}{ /* gpupar: struct-member-inner-loop.c:[[#@LINE+7]] */
// HOST: {{^ +}}const long long gpupar_s0 = ((long long)(int)(int)(0));
// HOST: {{^ +}}const int gpupar_s2 = ((int)(0) < (n) ? (v->in) : 0);
// HOST: {{^ +}}gpupar_span_add_range(&gpupar_spans[0], 1LL, (long long)(0), (long long)(gpupar_s2) - 1LL);
// HOST: {{^ +}}const long long gpupar_trips[1] = {(int)(0) < (n) ? (gpupar_trip_count((long long)(int)(int)(0), (long long)(int)(v->in), 1LL, GPUPAR_LT, 0)) : 0};
void collapsed(vec *v, float *y, int n, int m) {
#pragma gpupar collapse(2) independent
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: y (out)}}
    for (int j = 0; j < v->in; j++)
      y[i * m + j] = 1;
}
