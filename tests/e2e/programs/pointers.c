/* Pointer variables and pointer arithmetic in loop bodies, as C programs write them: row
 * pointers (`double *row = &a[i*m]`, `b + i*m`), the same declared before the loop with a
 * private struct (OpenMP's C89 style), a row of a 2-D array (`A[i]`), a pointer built from
 * another, `*(b + i)` reads, a pointer to the row above under a condition, a pointer at an
 * offset read from memory (lavaMD's `&rv[box[l].offset]`, with a `map` clause), lavaMD's kernel
 * in its OpenMP form, and histogram updates through a pointer. Every element is checked against
 * a serial recomputation done here (non-zero exit on a mismatch) and printed as a checksum.
 * Values are exact in binary. */
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 157, COLS = 89, M2 = 24, BOXES = 301, PER_BOX = 13, BINS = 16 };

typedef struct {
  int offset, count;
} box_t;

typedef struct {
  double lo, hi;
} span;

static void rows(int n, int m, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double *row = &a[i * m];
    const double *src = b + i * m;
    double *next = row + 1;
    row[0] = src[0];
    for (int j = 1; j < m; j++)
      next[j - 1] = 2 * src[j] + j;
  }
}

/* C89 style, as OpenMP programs write it: variables declared before the loop, assigned in it. */
static void rows89(int n, int m, double *a, const double *b) {
  double *row;
  const double *src;
  int j;
  span d;
#pragma gpupar private(j, d)
  for (int i = 0; i < n; i++) {
    row = a + i * m;
    src = &b[i * m];
    d.lo = src[0];
    d.hi = src[m - 1];
    for (j = 0; j < m; j++)
      row[j] = src[j] * 0.5 + d.lo - d.hi;
  }
}

static void derefs(int n, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < n - 1; i++)
    *(a + i) = *(b + i) + *(b + i + 1) * 0.5;
}

static void fixed(int n, double (*A)[M2], const double (*B)[M2]) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double *r = A[i];
    const double *s = &B[i][0];
    for (int j = 0; j < M2; j++)
      r[j] = s[j] * 3 - j;
  }
}

static void above(int n, int m, double *a, const double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    double *dst = a + i * m;
    if (i > 0) {
      const double *up = &b[(i - 1) * m];
      for (int j = 0; j < m; j++)
        dst[j] = up[j] - 1;
    }
  }
}

static void boxes(int nb, const box_t *box, const double *rv, double *fv, int nrv) {
#pragma gpupar map(to : rv[0 : nrv])
  for (int l = 0; l < nb; l++) {
    const double *rA = &rv[box[l].offset];
    double s = 0;
    for (int j = 0; j < box[l].count; j++)
      s += rA[j] * (j + 1);
    fv[l] = s;
  }
}

/* lavaMD's kernel in its OpenMP form: variables declared before the loop and listed in
 * `private`, pointers into the particle arrays at offsets read from the boxes, a private struct,
 * and each box's forces updated through a pointer; `independent` and `map` vouch for what the
 * offsets make unprovable (each box's particles are its own). */
typedef struct {
  double v, x, y, z;
} four_vector;

typedef struct {
  int offset, nn, nei[4];
} lava_box;

static void lava(int nb, int per_box, const lava_box *box, const four_vector *rv, const double *qv,
                 four_vector *fv, int nrv) {
  const four_vector *rA, *rB;
  four_vector *fA;
  const double *qB;
  int first_i, first_j, pointer, k, i, j;
  four_vector d;
  double s;
#pragma gpupar independent map(to : box[0 : nb], rv[0 : nrv], qv[0 : nrv])                         \
    map(tofrom : fv[0 : nrv]) private(rA, rB, fA, qB, first_i, first_j, pointer, k, i, j, d, s)
  for (int l = 0; l < nb; l++) {
    first_i = box[l].offset;
    rA = &rv[first_i];
    fA = &fv[first_i];
    for (k = 0; k < 1 + box[l].nn; k++) {
      if (k == 0)
        pointer = l;
      else
        pointer = box[l].nei[k - 1];
      first_j = box[pointer].offset;
      rB = &rv[first_j];
      qB = &qv[first_j];
      for (i = 0; i < per_box; i++)
        for (j = 0; j < per_box; j++) {
          d.x = rA[i].x - rB[j].x;
          d.y = rA[i].y - rB[j].y;
          s = rA[i].v * rB[j].v;
          fA[i].v += qB[j] * s;
          fA[i].x += qB[j] * d.x;
          fA[i].y += qB[j] * d.y;
        }
    }
  }
}

static void histogram(int n, const int *key, double *hist) {
#pragma gpupar reduction(+ : hist[0 : BINS])
  for (int i = 0; i < n; i++) {
    double *h = hist + 2;
    h[key[i] % (BINS - 2)] += 1;
  }
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
  const size_t N = (size_t)ROWS * COLS;
  const int NRV = BOXES * PER_BOX;
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *want = malloc(N * sizeof *want);
  double(*A)[M2] = malloc(ROWS * sizeof *A), (*B)[M2] = malloc(ROWS * sizeof *B);
  box_t *box = malloc(BOXES * sizeof *box);
  double *rv = malloc(NRV * sizeof *rv), *fv = malloc(BOXES * sizeof *fv);
  int *key = malloc(N * sizeof *key);
  double hist[BINS] = {0}, hist_want[BINS] = {0};
  if (!a || !b || !want || !A || !B || !box || !rv || !fv || !key)
    return 2;
  for (size_t k = 0; k < N; k++) {
    b[k] = (double)((k * 37) % 101);
    a[k] = want[k] = -1;
    key[k] = (int)((k * 2654435761u) % 1000);
  }
  long bad = 0;
  double sum = 0;

  rows(ROWS, COLS, a, b);
  for (int i = 0; i < ROWS; i++) {
    want[i * COLS] = b[i * COLS];
    for (int j = 1; j < COLS; j++)
      want[i * COLS + j] = 2 * b[i * COLS + j] + j;
  }
  bad += compare("rows", a, want, N);

  rows89(ROWS, COLS, a, b);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      want[i * COLS + j] = b[i * COLS + j] * 0.5 + b[i * COLS] - b[i * COLS + COLS - 1];
  bad += compare("rows89", a, want, N);

  derefs((int)N, a, b);
  for (size_t k = 0; k + 1 < N; k++)
    want[k] = b[k] + b[k + 1] * 0.5;
  bad += compare("derefs", a, want, N);

  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < M2; j++) {
      B[i][j] = i + j * 0.25;
      A[i][j] = 0;
    }
  fixed(ROWS, A, (const double(*)[M2])B);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < M2; j++)
      bad += compare("fixed", &A[i][j], &(double){B[i][j] * 3 - j}, 1);

  above(ROWS, COLS, a, b);
  for (int i = 1; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      want[i * COLS + j] = b[(i - 1) * COLS + j] - 1;
  bad += compare("above", a, want, N);

  for (int l = 0; l < BOXES; l++) {
    box[l].offset = (int)(((size_t)l * 7919) % BOXES) * PER_BOX;
    box[l].count = 1 + l % PER_BOX;
  }
  for (int k = 0; k < NRV; k++)
    rv[k] = (k % 17) * 0.5;
  boxes(BOXES, box, rv, fv, NRV);
  for (int l = 0; l < BOXES; l++) {
    double s = 0;
    for (int j = 0; j < box[l].count; j++)
      s += rv[box[l].offset + j] * (j + 1);
    bad += compare("boxes", &fv[l], &s, 1);
  }

  enum { LB = 97, LP = 5 };
  lava_box *lb = malloc(LB * sizeof *lb);
  four_vector *lrv = malloc(LB * LP * sizeof *lrv), *lfv = malloc(LB * LP * sizeof *lfv),
              *lwant = malloc(LB * LP * sizeof *lwant);
  double *lqv = malloc(LB * LP * sizeof *lqv);
  if (!lb || !lrv || !lfv || !lwant || !lqv)
    return 2;
  for (int l = 0; l < LB; l++) {
    lb[l].offset = ((l * 37) % LB) * LP; /* boxes stored out of order */
    lb[l].nn = l % 5;
    for (int q = 0; q < 4; q++)
      lb[l].nei[q] = (l + 1 + q * 13) % LB;
  }
  for (int p = 0; p < LB * LP; p++) {
    lrv[p] = (four_vector){(p % 7) * 0.5, (p % 11) * 0.25, (p % 5) * 1.0, 0};
    lqv[p] = (p % 3) - 1.0;
    lfv[p] = lwant[p] = (four_vector){p * 0.125, 1, 2, 3};
  }
  lava(LB, LP, lb, lrv, lqv, lfv, LB * LP);
  for (int l = 0; l < LB; l++)
    for (int k = 0; k < 1 + lb[l].nn; k++) {
      int other = k == 0 ? l : lb[l].nei[k - 1];
      for (int i = 0; i < LP; i++)
        for (int j = 0; j < LP; j++) {
          const four_vector *ri = &lrv[lb[l].offset + i], *rj = &lrv[lb[other].offset + j];
          double q = lqv[lb[other].offset + j];
          four_vector *f = &lwant[lb[l].offset + i];
          f->v += q * (ri->v * rj->v);
          f->x += q * (ri->x - rj->x);
          f->y += q * (ri->y - rj->y);
        }
    }
  for (int p = 0; p < LB * LP; p++) {
    bad += compare("lava v", &lfv[p].v, &lwant[p].v, 1) +
           compare("lava x", &lfv[p].x, &lwant[p].x, 1) +
           compare("lava y", &lfv[p].y, &lwant[p].y, 1) +
           compare("lava z", &lfv[p].z, &lwant[p].z, 1);
    sum += lfv[p].v + lfv[p].x + lfv[p].y;
  }
  free(lqv);
  free(lwant);
  free(lfv);
  free(lrv);
  free(lb);

  histogram((int)N, key, hist);
  for (size_t k = 0; k < N; k++)
    hist_want[2 + key[k] % (BINS - 2)] += 1;
  bad += compare("histogram", hist, hist_want, BINS);

  for (size_t k = 0; k < N; k++)
    sum += a[k];
  for (int l = 0; l < BOXES; l++)
    sum += fv[l];
  printf("pointers: checksum %.6e, %ld mismatches\n", sum, bad);
  free(key);
  free(fv);
  free(rv);
  free(box);
  free(B);
  free(A);
  free(want);
  free(b);
  free(a);
  return bad != 0;
}
