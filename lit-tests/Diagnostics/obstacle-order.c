// A loop with several obstacles reports a proven dependence first, and no note suggests
// 'independent' where a dependence of constant distance is likely.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s

// The non-affine write (a warning, found in the body walk's last checks) comes second: the
// proven dependence on b is the error shown.
void both(int n, float *x, const int *idx, float *b) {
#pragma gpupar
  for (int i = 1; i < n; i++) {
    x[idx[i]] = 0;
    b[i] = b[i - 1] + 1; // expected-error {{write to 'b[i]' and read of 'b[i - 1]' carry a dependence of distance 1}} expected-note {{read is here}}
  }
}

// A read of unknown extent and a write to one element in every iteration.
void same(int n, const float *y, const int *idx, float *s) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    s[0] = y[idx[i]]; // expected-error {{write to 's[0]' does not depend on the loop variable 'i': every iteration writes the same element}}
}

// Without a proven dependence the first warning stays.
void only_warning(int n, float *x, const int *idx, float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    x[idx[i]] = 0; // expected-warning {{subscript 'x[idx[i]]' is not affine in the loop variables}}
    b[i] = 1;
  }
}

// Subscripts an unknown invariant apart: a dependence of that distance is likely, so no note
// suggests 'independent'.
void offset(int n, int k, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = a[i + k] * 2; // expected-warning {{cannot prove that write to 'a[i]' and read of 'a[i + k]' are independent; the loop stays serial}} expected-note {{read is here}}
}

// A read through a quotient of the written array: no note either.
void quotient(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = a[i / 2]; // expected-warning {{cannot prove that write to 'a[i]' and read of 'a[i / 2]' are independent; the loop stays serial}} expected-note {{read is here}}
}

// A warning early in the body walk (a function whose body is not visible) does not hide a proven
// dependence in a later statement.
void ext(int);
void early(int n, float *b) {
#pragma gpupar
  for (int i = 1; i < n; i++) {
    ext(i);
    b[i] = b[i - 1] + 1; // expected-error {{write to 'b[i]' and read of 'b[i - 1]' carry a dependence of distance 1}} expected-note {{read is here}}
  }
}

// Nor one inside an inner loop: the walk goes on from the body's level.
void early_inner(int n, float *b) {
#pragma gpupar
  for (int i = 1; i < n; i++) {
    for (int j = 0; j < 4; j++)
      ext(j);
    b[i] = b[i - 1] + 1; // expected-error {{write to 'b[i]' and read of 'b[i - 1]' carry a dependence of distance 1}} expected-note {{read is here}}
  }
}

// With a jump in the body the walk stops at the first warning: the skipped statements may hold
// the jump that makes later accesses conditional.
void with_jump(int n, float *b) {
#pragma gpupar
  for (int i = 1; i < n; i++) {
    ext(i); // expected-warning {{}}
    if (b[i] < 0)
      break;
    b[i] = b[i - 1] + 1;
  }
}

// Without a proven dependence after it, the early warning stays.
void early_only(int n, float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    ext(i); // expected-warning {{}}
    b[i] = b[i] + 1;
  }
}
