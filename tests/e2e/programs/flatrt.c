/* Flat subscripts with a stride known only at run time, split into row and column when the
 * column provably stays in its row (Rodinia lud's `a[i*size + j]` against `a[k*size + j]`), the
 * facts that takes (`i >= 0`) checked before the loop. Every element is compared with the same
 * computation run serially (no pragma); flatrt.sh checks where the calls ran. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rodinia lud_omp's two loops over the row and the column of step i. */
static void lud(float *a, int size) {
  int i, j, k;
  float sum;
  for (i = 0; i < size; i++) {
#pragma gpupar private(j, k, sum)
    for (j = i; j < size; j++) {
      sum = a[i * size + j];
      for (k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j];
      a[i * size + j] = sum;
    }
#pragma gpupar private(j, k, sum)
    for (j = i + 1; j < size; j++) {
      sum = a[j * size + i];
      for (k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
}

static void lud_serial(float *a, int size) {
  int i, j, k;
  float sum;
  for (i = 0; i < size; i++) {
    for (j = i; j < size; j++) {
      sum = a[i * size + j];
      for (k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j];
      a[i * size + j] = sum;
    }
    for (j = i + 1; j < size; j++) {
      sum = a[j * size + i];
      for (k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
}

/* Row r's columns from c0 on, from row r - 1. The split needs c0 >= 0: with c0 = -1 the first
 * iteration writes row r - 1's last element, which the last one reads, so the loop must run
 * serially. */
static void from_above(float *a, int n, int r, int c0) {
#pragma gpupar
  for (int j = c0; j < n; j++)
    a[r * n + j] = a[(r - 1) * n + j] + (float)r;
}

static void from_above_serial(float *a, int n, int r, int c0) {
  for (int j = c0; j < n; j++)
    a[r * n + j] = a[(r - 1) * n + j] + (float)r;
}

/* PolyBench gramschmidt's OpenMP port: flat arrays with constant strides, the column loop from
 * k + 1. Splitting `A[i*GN + j]` into row i and column j needs k + 1 >= 0, checked at run time;
 * A's element is read in one inner loop and written in its sibling. */
#define GM 40
#define GN 36
static void gramschmidt(float *A, float *R, float *Q, int par) {
  int i, j, k;
  float nrm;
  for (k = 0; k < GN; k++) {
    nrm = 0;
    for (i = 0; i < GM; i++)
      nrm += A[i * GN + k] * A[i * GN + k];
    R[k * GN + k] = sqrtf(nrm);
    for (i = 0; i < GM; i++)
      Q[i * GN + k] = A[i * GN + k] / R[k * GN + k];
    if (par) {
#pragma gpupar private(i, j)
      for (j = k + 1; j < GN; j++) {
        R[k * GN + j] = 0;
        for (i = 0; i < GM; i++)
          R[k * GN + j] += Q[i * GN + k] * A[i * GN + j];
        for (i = 0; i < GM; i++)
          A[i * GN + j] = A[i * GN + j] - Q[i * GN + k] * R[k * GN + j];
      }
    } else {
      for (j = k + 1; j < GN; j++) {
        R[k * GN + j] = 0;
        for (i = 0; i < GM; i++)
          R[k * GN + j] += Q[i * GN + k] * A[i * GN + j];
        for (i = 0; i < GM; i++)
          A[i * GN + j] = A[i * GN + j] - Q[i * GN + k] * R[k * GN + j];
      }
    }
  }
}

/* Rodinia lud_omp's blocked perimeter update (block 16): the blocks right of the diagonal block
 * at `offset` take its rows. Rows `i + offset`, columns `offset + 16 * (c + 1) + j` and
 * `offset + j` of the stride `size`: the facts are `offset >= 0` and the columns' room in a row,
 * so it runs on the devices for every diagonal block, not only the first. */
#define BS 16
static void perimeter(float *a, int size, int offset, int chunks, int par) {
#pragma gpupar if (par)
  for (int c = 0; c < chunks; c++)
    for (int i = 0; i < BS; i++)
      for (int j = 0; j < BS; j++)
        a[size * (i + offset) + offset + BS * (c + 1) + j] -=
            a[size * (i + offset) + offset + j] * 0.5f;
}

static long bad;

static void same(const char *what, const float *got, const float *want, long n, double tol) {
  for (long i = 0; i < n; i++)
    if (!(fabs((double)got[i] - want[i]) <= tol * (fabs((double)want[i]) + 1.0))) {
      if (bad < 5)
        printf("%s: element %ld is %.9g, expected %.9g\n", what, i, got[i], want[i]);
      bad++;
    }
}

static double checksum(const float *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  const int size = 150, n = 333, rows = 5;
  float *a = malloc(sizeof(float) * size * size), *want = malloc(sizeof(float) * size * size);
  float *b = malloc(sizeof(float) * n * rows), *bwant = malloc(sizeof(float) * n * rows);
  if (!a || !want || !b || !bwant)
    return 2;
  unsigned seed = 12345u;
  for (int i = 0; i < size; i++)
    for (int j = 0; j < size; j++) {
      seed = seed * 1103515245u + 12345u;
      a[i * size + j] = (float)(seed >> 8 & 0xffff) / 65536.0f + (i == j ? (float)size : 0.0f);
    }
  memcpy(want, a, sizeof(float) * size * size);
  lud(a, size);
  lud_serial(want, size);
  /* Devices may contract a*b - c into one rounding: a relative tolerance, element by element. */
  same("lud", a, want, (long)size * size, 1e-4);

  for (long i = 0; i < (long)n * rows; i++)
    b[i] = bwant[i] = (float)(i % 101);
  for (int r = 1; r < rows; r++) {
    int c0 = r % 2 ? 0 : -1; /* c0 = -1: row r - 1's last element first */
    from_above(b, n, r, c0);
    from_above_serial(bwant, n, r, c0);
  }
  same("from_above", b, bwant, (long)n * rows, 0.0);

  const int psize = 6 * BS;
  float *pa[2];
  for (int v = 0; v < 2; v++) {
    pa[v] = malloc(sizeof(float) * psize * psize);
    if (!pa[v])
      return 2;
    for (int k = 0; k < psize * psize; k++)
      pa[v][k] = (float)(k % 13);
    for (int offset = 0; offset < psize - BS; offset += BS)
      perimeter(pa[v], psize, offset, (psize - offset) / BS - 1, v == 0);
  }
  same("perimeter", pa[0], pa[1], (long)psize * psize, 0.0);

  float *ga[2], *gr[2], *gq[2];
  for (int v = 0; v < 2; v++) {
    ga[v] = malloc(sizeof(float) * GM * GN);
    gr[v] = calloc(GN * GN, sizeof(float));
    gq[v] = calloc(GM * GN, sizeof(float));
    if (!ga[v] || !gr[v] || !gq[v])
      return 2;
    for (int i = 0; i < GM; i++)
      for (int j = 0; j < GN; j++)
        ga[v][i * GN + j] = (float)((i + 1) * (j + 1) % 17) / 17.0f + (i == j ? 1.0f : 0.0f);
    gramschmidt(ga[v], gr[v], gq[v], v == 0);
  }
  same("gramschmidt A", ga[0], ga[1], GM * GN, 1e-4);
  same("gramschmidt R", gr[0], gr[1], GN * GN, 1e-4);
  same("gramschmidt Q", gq[0], gq[1], GM * GN, 1e-4);

  printf("flatrt: %.3f %.3f %.6f %.6f\n", checksum(a, (long)size * size),
         checksum(b, (long)n * rows), checksum(ga[0], GM * GN), checksum(gr[0], GN * GN));
  for (int v = 0; v < 2; v++) {
    free(pa[v]);
    free(ga[v]);
    free(gr[v]);
    free(gq[v]);
  }
  free(a);
  free(want);
  free(b);
  free(bwant);
  if (bad) {
    printf("flatrt: %ld mismatches\n", bad);
    return 1;
  }
  printf("flatrt: ok\n");
  return 0;
}
