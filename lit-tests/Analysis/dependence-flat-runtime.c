// Flat subscripts with a stride known only at run time (`a[i*size + j]`) are split into row and
// column when the column's range lies in [0, size) (Dependence.cpp, Tester::splitSymbolic).
// Bounds of the column that are not constants become facts checked before the loop, which runs
// serially when one fails (`gpupar_if`). Rodinia lud's loops need `i >= 0`.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t -c %s -o %t/out.o
// RUN: %unline_prologue %t/dependence-flat-runtime.gpupar.c | %filecheck %s

// CHECK-LABEL: void lud(float *a, int size) {
// CHECK: const int gpupar_if = ((long long)(i) >= 0LL) != 0;
// CHECK: const int gpupar_if = (((long long)(i) >= 0LL) && (-1LL + (long long)(size) + -1LL * (long long)(i) >= 0LL)) != 0;
void lud(float *a, int size) {
  int i, j, k;
  float sum;
  for (i = 0; i < size; i++) {
#pragma gpupar private(j, k, sum)
    for (j = i; j < size; j++) { // expected-remark {{loop offloaded}} expected-remark {{the loop runs on a device only when 'i >= 0' at run time}}
      sum = a[i * size + j];
      for (k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j];
      a[i * size + j] = sum;
    }
#pragma gpupar private(j, k, sum)
    for (j = i + 1; j < size; j++) { // expected-remark {{loop offloaded}} expected-remark {{only when 'i >= 0' and '-1 + size - i >= 0' at run time}}
      sum = a[j * size + i];
      for (k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
}

// The stride is a factor of invariant monomials only (`r*n` and `-n`).
// CHECK-LABEL: void from_above(float *a, int n, int r, int c0) {
// CHECK: const int gpupar_if = ((long long)(c0) >= 0LL) != 0;
void from_above(float *a, int n, int r, int c0) {
#pragma gpupar
  for (int j = c0; j < n; j++) // expected-remark {{loop offloaded}} expected-remark {{only when 'c0 >= 0' at run time}}
    a[r * n + j] = a[(r - 1) * n + j] + 1.0f;
}

// A product of invariants as the stride: 3-D planes `z * nx * ny`.
void planes(float *a, int nx, int ny, int nz) {
#pragma gpupar
  for (int y = 0; y < ny; y++)   // expected-remark {{loop offloaded}}
    for (int x = 0; x < nx; x++) // expected-remark {{collapsed}}
      a[nz * nx * ny + y * nx + x] = a[(nz - 1) * nx * ny + y * nx + x];
}

// Columns up to n reach into the next row: no split, and no fact makes one.
void beyond(float *a, int n, int r) {
#pragma gpupar
  for (int j = 0; j <= n; j++)
    a[r * n + j] = a[(r - 1) * n + j] + 1.0f; // expected-warning {{cannot prove that write to 'a[r * n + j]' and read of 'a[(r - 1) * n + j]' are independent}} expected-note {{read is here}}
}

struct dims {
  int n;
  float *a;
};

// A fact over a member (`d->n - m >= 0`) is not checked before the loop: the loop may run no
// iteration where `d` cannot be read. One that cancels out (`j < d->n`) needs none.
void member(struct dims *d, float *a, int r, int m) {
#pragma gpupar
  for (int j = 0; j < m; j++)
    a[r * d->n + j] = a[(r - 1) * d->n + j] + 1.0f; // expected-warning {{cannot prove that write}} expected-note {{read is here}}
#pragma gpupar
  for (int j = 0; j < d->n; j++) // expected-remark {{loop offloaded}}
    a[r * d->n + j] = a[(r - 1) * d->n + j] + 1.0f;
}

// Constant strides take facts too. PolyBench gramschmidt's flat port: `A[i*N + j]` with j from
// k + 1 is row i, column j once k + 1 >= 0; one inner loop reads the element its sibling writes.
#define M 40
#define N 36
void gramschmidt(float *A, float *R, float *Q, int k) {
  int i, j;
#pragma gpupar private(i)
  for (j = k + 1; j < N; j++) { // expected-remark {{loop offloaded}} expected-remark {{only when '1 + k >= 0' at run time}}
    R[k * N + j] = 0;
    for (i = 0; i < M; i++)
      R[k * N + j] += Q[i * N + k] * A[i * N + j];
    for (i = 0; i < M; i++)
      A[i * N + j] = A[i * N + j] - Q[i * N + k] * R[k * N + j];
  }
}

// An invariant column: column c of each row from column 0 of the same row, once c is within
// the row.
void column(float *a, int c) {
#pragma gpupar
  for (int j = 0; j < 64; j++) // expected-remark {{loop offloaded}} expected-remark {{only when 'c >= 0' and '35 - c >= 0' at run time}}
    a[j * N + c] = a[j * N] * 0.5f;
}

// Rows of k elements, m of them written: the outer loop and the collapsed nest both need
// 'k - m >= 0' (without it, rows overlap).
void rows_of(int n, int m, int k, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)   // expected-remark {{loop offloaded}} expected-remark {{only when 'k - m >= 0' at run time}}
    for (int j = 0; j < m; j++) // expected-remark {{collapsed}}
      a[i * k + j] = 1;
}

// A column that would need facts no run of the loop can meet ('-n >= 0' and '-1 + n >= 0',
// shifting `j` in [0, n] by a row) is not split.
void too_wide(float *a, int n, int r) {
#pragma gpupar
  for (int j = 0; j <= n; j++)
    a[r * n + j] = a[(r - 1) * n + j] + 1.0f; // expected-warning {{cannot prove that write}} expected-note {{read is here}}
}

// Rodinia lud_omp's blocked perimeter: columns `offset + 16 * (c + 1) + j` and `offset + j`.
// Splitting them again by 16 would fit only when offset is 0 ('offset >= 0' and '-offset >= 0'):
// that split is not taken, and the loop runs on the devices for every diagonal block.
void perimeter(float *a, int size, int offset, int chunks) {
#pragma gpupar
  for (int c = 0; c < chunks; c++) // expected-remark {{loop offloaded}} expected-remark-re {{the loop runs on a device only when '-16 + size - offset - 16 * chunks >= 0' and 'offset >= 0' and '-16 + size - offset >= 0' at run time{{.*}}}}
    for (int i = 0; i < 16; i++)   // expected-remark {{collapsed}}
      for (int j = 0; j < 16; j++)
        a[size * (i + offset) + offset + 16 * (c + 1) + j] -= a[size * (i + offset) + offset + j];
}
