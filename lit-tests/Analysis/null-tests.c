// Arrays compared with a null pointer read no element: `w != NULL`, `!w`, `if (w)`, `w ? ... : ...`
// in the body, and `assert(p != NULL)` or `if (!p)` on a called function's pointer parameter.
// The kernel names the array only when the loop also accesses it: a tested array the loop never
// touches stays a plain use (warning).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#include <assert.h>
#include <stddef.h>

void optional_weights(int n, float *a, const float *w) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: w (in), a (out)}}
    if (w != NULL)
      a[i] = w[i];
}

void conditional(int n, float *a, const float *w) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: w (in), a (out)}}
    a[i] = (w ? w[i] : 1.0f) + (!w ? 0.0f : 2.0f);
}

void condition(int n, float *a, const float *w) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: w (in), a (out)}}
    if (w && (NULL != w))
      a[i] = w[i];
  }
}

static float get(const float *p, const float *q, int i) {
  assert(p != NULL);
  if (!q)
    return p[i];
  return p[i] * q[i];
}

void called(int n, float *a, const float *b, const float *c) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: b (in), c (in), a (out)}}
    a[i] = get(b, c, i);
}

void never_accessed(int n, float *a, const float *w) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = w != NULL ? 1.0f : 0.0f; // expected-warning {{array 'w' can only be used as a subscript 'w[...]' in an offloaded loop}}
}

static int present(const float *p) { return p != NULL; } // expected-warning {{in function 'present': pointer parameter 'p' may only be subscripted}}

void never_accessed_in_call(int n, float *a, const float *w) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = present(w); // expected-note {{called from the loop here}}
}

// Two arrays compared with each other is no null test.
void compared(int n, float *a, const float *w) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = a == w ? 1.0f : 0.0f; // expected-warning {{array 'a' can only be used as a subscript 'a[...]' in an offloaded loop}}
}
