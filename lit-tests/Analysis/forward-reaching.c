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

// A variable that inner loops also run (NPB BT's `i = 1; ... ue[i][m]` between loops over `i`):
// the loops' own start and step count as statements, so each read after `i = 1;` takes 1.
static double ue[16][5];
void between_loops(double (*f)[16][5], int n) {
  int i, j, m;
#pragma gpupar private(ue)
  for (j = 0; j < n; j++) { // expected-remark {{loop offloaded: f (out), i (private), m (private), ue (private)}}
    for (i = 0; i < 16; i++) // expected-remark {{'i' is private to each iteration}}
      for (m = 0; m < 5; m++) // expected-remark {{'m' is private to each iteration}}
        ue[i][m] = i + m;
    for (m = 0; m < 5; m++) {
      i = 1;
      f[j][i][m] = ue[i + 1][m];
      for (i = 3; i < 12; i++)
        f[j][i][m] = ue[i + 2][m];
    }
  }
}

// After a loop over the variable, or where a loop around the read runs it on: no value.
void after_loop(double *a, double *b, int n) {
  int i, j;
#pragma gpupar
  for (j = 0; j < n; j++) {
    for (i = 0; i < 4; i++)
      b[j * 8 + i] = 0;
    a[j * 8 + i] = 1; // expected-warning {{subscript 'a[j * 8 + i]' is not affine in the loop variables}}
  }
}

void reset_by_inner_loop(double *a, int n) {
  int i, j, m;
#pragma gpupar
  for (j = 0; j < n; j++) {
    i = 1;
    for (m = 0; m < 3; m++) {
      a[j * 8 + i] += 1; // expected-warning {{updates 'a' at an index that is not affine}}
      for (i = 0; i < 2; i++)
        a[j * 8 + 4 + i] = 2;
    }
  }
}
