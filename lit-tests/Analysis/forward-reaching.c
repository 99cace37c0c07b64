// An integer scalar the body writes several times, each time by a statement of a block
// (`v = e;`, `v += e;`, `v -= e;`, `v++;`), has at each read the value of the last such statement
// before it in the blocks around the read: that value is substituted into subscripts (Rodinia
// lud's `j_global = offset; j_global += BS * (chunk_idx + 1);`, reset between two phases).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks %s
#define BS 16

void perimeter(float *a, int size, int offset, int chunks) {
  int chunk_idx;
#pragma gpupar private(chunk_idx)
  for (chunk_idx = 0; chunk_idx < chunks; chunk_idx++) { // expected-remark {{loop offloaded: a (inout)}} expected-remark {{the loop runs on a device only when}}
    int i, j, i_global, j_global, i_here, j_here;
    i_global = offset;
    j_global = offset;
    j_global += BS * (chunk_idx + 1);
    for (j = 0; j < BS; j++)
      for (i = 0; i < BS; i++) {
        i_here = i_global + i;
        j_here = j_global + j;
        a[i_here * size + j_here] = a[i_here * size + j_here] * 0.5f;
      }
    j_global = offset;
    i_global += BS * (chunk_idx + 1);
    for (i = 0; i < BS; i++)
      for (j = 0; j < BS; j++)
        a[(i_global + i) * size + j_global + j] += 1.0f;
  }
}

void stepped(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (out)}}
    int k = 3 * i;
    a[k] = 0;
    k++;
    a[k] = 1;
    k -= 2;
    k += 3;
    a[k] = 2;
  }
}

// The value substituted is the one read where it was assigned: `k = 3 * i + 1; ... a[k - 1]`
// against `a[k]` is a dependence of distance 1 only if both read the same k.
void proven(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int k;
    k = i;
    k += 1;
    a[k] = a[k - 2]; // expected-error {{write to 'a[k]' and read of 'a[k - 2]' carry a dependence of distance 2}} expected-note {{read is here}}
  }
}

// A loop between the assignment and the read writes the variable: its value is unknown there.
void loop_written(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int k;
    k = 4 * i;
    for (int j = 0; j < 3; j++)
      k++;
    a[k] = 1; // expected-warning {{subscript 'a[k]' is not affine in the loop variables}}
  }
}

// The value read a loop variable that a loop around the read reuses: not the same value.
void reused(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int j, k;
    for (j = 0; j < 4; j++)
      a[8 * i + j] = 0; // expected-note {{other write is here}}
    k = j;
    for (j = 0; j < 4; j++)
      a[8 * i + k] = 1; // expected-warning {{'a' is written at 'a[8 * i + k]', an index that is not affine in the loop variables, and also at 'a[8 * i + j]'}}
  }
}

// Written under a condition: no single value reaches the read.
void conditional(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int k;
    k = 2 * i;
    if (i > 3) {
      k = 2 * i + 1;
    }
    a[k] = 1; // expected-warning {{subscript 'a[k]' is not affine in the loop variables}}
  }
}

// Read before any assignment in the iteration: the previous iteration's value.
void before(int n, float *a) {
  int k = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[k] = 1; // expected-error {{read of 'k' uses the value written by the previous iteration}}
    k = i;    // expected-note {{written in every iteration here}}
    k += 1;
  }
}
