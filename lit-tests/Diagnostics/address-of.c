// Pointer locals into an array are accesses to that array, located from their initialiser at each
// use: what keeps them out says why.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
float *pick(float *);
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (out)}}
    float *p = &a[i];
    *p = 0;
  }
}

// The pointer is set from 'k' before a loop over 'k' moves it.
void moving(int n, int m, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int k = 0;
    float *p = &a[i * m + k]; // expected-warning {{pointer variable 'p' is set from 'k', which the loop changes while the pointer is in use; compute the pointer where it is used}}
    for (k = 0; k < m; k++)
      p[0] += 1;
  }
}

// Inside the loop over 'j', a pointer set from 'j' is in use only where 'j' holds its value.
void inner(int n, int m, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (out)}}
    for (int j = 0; j < m; j++) { // expected-remark {{collapsed}}
      float *p = &a[i * m + j];
      *p = 1;
    }
}

void reassigned(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float *p = &a[i]; // expected-warning {{pointer variable 'p' must be initialised once and never reassigned in an offloaded loop}}
    p = p + 1;
    *p = 0;
  }
}

void called(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float *p = pick(a); // expected-warning {{call to 'pick' is not supported: it is not defined in this file}}
    *p = 0;
  }
}

// A row of a pointer-to-pointer array kept in a pointer is that row.
void rows(int n, int m, float **w, float *out) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: w (in), out (out)}}
    const float *r = w[i];
    float s = 0;
    for (int k = 0; k < m; k++)
      s += r[k];
    out[i] = s;
  }
}

// Declared before the loop and assigned in it: each thread has its own, so its value after the
// loop would be a device's.
float last(int n, float *a) {
  float *p;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    p = &a[i]; // expected-warning {{pointer 'p' is assigned in the loop and may be read after it, where a device's value would mean nothing; declare it inside the loop or list it in 'private'}}
    *p = 0;
  }
  return *p;
}

// Listed in 'private', or not read after the loop: offloaded.
float listed(int n, float *a) {
  float *p = a, *q;
#pragma gpupar private(p)
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (out)}}
    p = &a[i];
    q = p;
    *q = 0;
  }
  return *p;
}

// Assigned twice: where it points is not known.
void twice(int n, float *a, float *b) {
  float *p;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    p = &a[i]; // expected-warning {{pointer variable 'p' must be initialised once and never reassigned in an offloaded loop}}
    if (i > 2)
      p = &b[i];
    *p = 0;
  }
}

// A private struct of a type without a name cannot be declared in the .cu.
void unnamed(int n, float *a) {
  struct {
    float x;
  } d;
#pragma gpupar private(d)
  for (int i = 0; i < n; i++) {
    d.x = i; // expected-warning {{write to 'd.x', a member of struct 'd' declared outside the loop}}
    a[i] = d.x;
  }
}
