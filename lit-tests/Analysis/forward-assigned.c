// Integer scalars assigned once as a statement, and read only after it in the same block, are
// substituted into subscripts (`k = i * m + j; a[k] = ...`), body locals and outer scalars alike.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void local(int n, int m, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int k;
      k = i * m + j;
      a[k] = 2 * b[k];
    }
}

void outer(int n, float *a, const float *b) {
  int k;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    k = 2 * i;
    a[k] = b[k] + b[k + 1];
    a[k + 1] = 0;
  }
}

void guard(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int left;
    left = i - 1;
    a[i] = left >= 0 ? b[left] : 0;
  }
}

// Read before the assignment: the value comes from the previous iteration.
void before(int n, float *a) {
  int k = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[k] = 1; // expected-error {{read of 'k' uses the value written by the previous iteration: the iterations depend on each other through 'k'}}
    k = i;    // expected-note {{written in every iteration here}}
  }
}

// Assigned twice.
void twice(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int k;
    k = i;
    if (i > 3)
      k = i - 1;
    a[k] = 1; // expected-warning {{subscript 'a[k]' is not affine in the loop variables}}
  }
}

// Assigned in a branch only.
void branch(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int k = 0;
    if (i > 3) {
      k = i;
    }
    a[k] = 1; // expected-warning {{subscript 'a[k]' is not affine in the loop variables}}
  }
}
