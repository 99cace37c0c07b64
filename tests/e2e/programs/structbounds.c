/* Struct members as inner loops' bounds and in subscripts, for structs a device could copy
 * (no pointers inside): a struct parameter (`g.cols`), a pointer to one (`p->m`), a triangular
 * nest bounded by `p->m`, a guarded neighbour read indexed by `s.m`, and a call with a NULL
 * pointer and no outer iteration (the serial loop never dereferences it). Every element is
 * checked against a serial recomputation done here (non-zero exit on a mismatch) and printed as
 * a checksum. Values are exact in binary. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int rows, cols;
} grid;

typedef struct {
  int n, m;
  double alpha;
} params;

/* a = 2 * b over a rows x cols grid given by value. */
static void twice(grid g, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < g.rows; i++)
    for (int j = 0; j < g.cols; j++)
      a[i * g.cols + j] = 2 * b[i * g.cols + j] + j;
}

/* a *= alpha over p->n rows of p->m. */
static void scale(const params *p, double *a) {
#pragma gpupar
  for (int i = 0; i < p->n; i++)
    for (int j = 0; j < p->m; j++)
      a[i * p->m + j] *= p->alpha;
}

/* The upper triangle of each row: columns from the row's own index to p->m. */
static void upper(const params *p, double *a) {
#pragma gpupar
  for (int i = 0; i < p->n; i++)
    for (int j = i; j < p->m; j++)
      a[i * p->m + j] = a[i * p->m + j] + i - j;
}

/* Each row from the row above, the first row left as it is. */
static void shift(grid s, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < s.rows; i++)
    for (int j = 0; j < s.cols; j++)
      if (i > 0)
        a[i * s.cols + j] = b[(i - 1) * s.cols + j] - 1;
}

/* Rows counted by a parameter, columns by p->m: with n == 0, p is never read. */
static void fill(const params *p, int n, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p->m; j++)
      a[i * p->m + j] = i * 3 + j;
}

static long compare(const char *what, const double *got, const double *want, size_t n) {
  long bad = 0;
  for (size_t k = 0; k < n; k++)
    if (got[k] != want[k]) {
      if (bad < 3)
        fprintf(stderr, "%s: element %zu is %g, expected %g\n", what, k, got[k], want[k]);
      bad++;
    }
  return bad;
}

int main(void) {
  enum { ROWS = 211, COLS = 173 };
  const size_t N = (size_t)ROWS * COLS;
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *want = malloc(N * sizeof *want);
  if (!a || !b || !want)
    return 2;
  for (size_t k = 0; k < N; k++)
    b[k] = (double)((k * 37) % 101);
  long bad = 0;
  double sum = 0;

  grid g = {ROWS, COLS};
  twice(g, a, b);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      want[i * COLS + j] = 2 * b[i * COLS + j] + j;
  bad += compare("twice", a, want, N);

  params p = {ROWS, COLS, 0.5};
  scale(&p, a);
  for (size_t k = 0; k < N; k++)
    want[k] *= 0.5;
  bad += compare("scale", a, want, N);

  upper(&p, a);
  for (int i = 0; i < ROWS; i++)
    for (int j = i; j < COLS; j++)
      want[i * COLS + j] += i - j;
  bad += compare("upper", a, want, N);

  shift(g, a, b);
  for (int i = 1; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      want[i * COLS + j] = b[(i - 1) * COLS + j] - 1;
  bad += compare("shift", a, want, N);

  fill(NULL, 0, a);
  bad += compare("fill (no row)", a, want, N);
  params narrow = {0, COLS / 2, 1.0};
  fill(&narrow, ROWS, a);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS / 2; j++)
      want[i * (COLS / 2) + j] = i * 3 + j;
  bad += compare("fill", a, want, N);

  for (size_t k = 0; k < N; k++)
    sum += a[k];
  printf("structbounds: checksum %.6e, %ld mismatches\n", sum, bad);
  free(a);
  free(b);
  free(want);
  return bad != 0;
}
