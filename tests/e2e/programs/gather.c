/* Reads at indices the compiler cannot predict: fixed-size arrays are copied whole, pointers
 * through `map(to: ...)` (also sections that start past element 0 and 2-D rows) or, allocated by
 * the loop's function, through their allocations' extents, as in a CSR sparse matrix-vector
 * product. Prints a hash of every result element, and compares every element with the same
 * loops run serially, exactly: values are multiples of 1/8 with few significant bits, so every
 * product and sum is exact and a device contracting a*b+c gets the same results (exit status 1
 * on a mismatch). */
#include <stdio.h>
#include <stdlib.h>

#define N 5003
#define M 8

static double table[N];  /* fixed size: copied whole without a clause */
static float rows[N][M]; /* 2-D, read at a computed row */
static int perm[N];

static void fill(void) {
  for (int i = 0; i < N; i++) {
    perm[i] = (int)((i * 7919L) % N);
    table[i] = 0.25 * i - 3;
    for (int j = 0; j < M; j++)
      rows[i][j] = (float)(i * M + j) / 8.0f;
  }
}

static void gather_fixed(int n, double *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = table[perm[i]] * 2.0;
}

static void gather_rows(int n, float *out) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = 0; j < M; j++)
      s += rows[perm[i]][j];
    out[i] = s;
  }
}

/* A pointer read through a permutation: the extent comes from map; the section starts at 5. */
static void gather_mapped(int n, const double *x, const int *idx, double *out) {
#pragma gpupar map(to : x [5:n])
  for (int i = 0; i < n; i++)
    out[i] = x[5 + idx[i]] + x[5 + i];
}

/* y = A x with A in compressed sparse rows. */
static void spmv(int n, int nnz, const int *rowptr, const int *col, const double *val,
                 const double *x, double *y) {
#pragma gpupar map(to : col [0:nnz], val [0:nnz], x [0:n])
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

int main(void) {
  fill();
  double *out = malloc(N * sizeof *out), *x = malloc((N + 5) * sizeof *x);
  float *fout = malloc(N * sizeof *fout);
  gather_fixed(N, out);
  gather_rows(N, fout);
  for (int i = 0; i < N + 5; i++)
    x[i] = (double)(i % 97) - 40.0;
  double *mapped = malloc(N * sizeof *mapped);
  gather_mapped(N, x, perm, mapped);
  /* A banded sparse matrix with 1..5 entries per row. */
  int *rowptr = malloc((N + 1) * sizeof *rowptr), nnz = 0;
  for (int i = 0; i < N; i++)
    rowptr[i] = nnz, nnz += 1 + i % 5;
  rowptr[N] = nnz;
  int *col = malloc(nnz * sizeof *col);
  double *val = malloc(nnz * sizeof *val), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++)
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      col[k] = perm[(i + 31 * (k - rowptr[i])) % N], val[k] = (double)(k % 13) / 4.0;
  spmv(N, nnz, rowptr, col, val, x, y);
  /* The same product where its arrays are allocated: their extents are the allocations', with
   * no clause. */
  double *y2 = malloc(N * sizeof *y2);
#pragma gpupar
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y2[i] = s;
  }

  /* The serial reference: the same loops without the pragma. */
  long bad = 0;
  for (int i = 0; i < N; i++) {
    float s = 0;
    for (int j = 0; j < M; j++)
      s += rows[perm[i]][j];
    double ys = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      ys += val[k] * x[col[k]];
    bad += out[i] != table[perm[i]] * 2.0 || fout[i] != s ||
           mapped[i] != x[5 + perm[i]] + x[5 + i] || y[i] != ys || y2[i] != ys;
  }
  if (bad)
    fprintf(stderr, "gather: %ld elements differ from the serial computation\n", bad);
  unsigned long long h = 0;
  for (int i = 0; i < N; i++)
    h = h * 31 + (unsigned long long)(long long)(out[i] * 4) +
        (unsigned long long)(long long)(fout[i] * 8) * 7 +
        (unsigned long long)(long long)(mapped[i]) * 13 + (unsigned long long)(long long)(y[i] * 4);
  printf("gather: %llx first %g %g %g %g last %g %g %g %g\n", h, out[0], fout[0], mapped[0], y[0],
         out[N - 1], fout[N - 1], mapped[N - 1], y[N - 1]);
  free(out), free(x), free(fout), free(mapped), free(rowptr), free(col), free(val), free(y);
  free(y2);
  return bad ? 1 : 0;
}
