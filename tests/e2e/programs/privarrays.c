/* Arrays private to each iteration: PolyBench doitgen as its OpenMP port writes it (the scratch
 * row `sum_local` declared in the block around the loop, private without a clause), scratch
 * arrays cleared by memset or filled by a loop before they are read, and arrays named in
 * `private(...)`: two-dimensional, and of structs. NPB LU's `blts` diagonal solve fills a 5x5
 * block `tmat` column by column inside an inner loop over `j`, then eliminates in place; other
 * scratch arrays are filled backwards, in parts by a function, and read at shifted subscripts;
 * a scratch line filled over a variable width (by both branches of an `if`) and read by a
 * stencil through `km1 = k - 1`. NPB BT's `initialize` fills the rows of `Pface` through a function
 * (`exact_solution(..., &Pface[ix][0][0])`) before it interpolates between them. NPB BT's
 * `exact_rhs` keeps its lines in global arrays declared `#pragma omp threadprivate`.
 * Every element is compared with the same loops run serially (exit status 1 on a mismatch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NR 37
#define NQ 29
#define NP 24
#define N 4099

struct span {
  double lo, hi;
};

static void doitgen(int nr, int nq, int np, double A[NR][NQ][NP], double C4[NP][NP], int parallel) {
  int r, q, p, s;
  {
    double sum_local[NP];
#pragma gpupar if (parallel)
    for (r = 0; r < nr; r++)
      for (q = 0; q < nq; q++) {
        for (p = 0; p < np; p++) {
          sum_local[p] = 0.0;
          for (s = 0; s < np; s++)
            sum_local[p] += A[r][q][s] * C4[s][p];
        }
        for (p = 0; p < np; p++)
          A[r][q][p] = sum_local[p];
      }
  }
}

static void scratch(int n, const double *x, double *y, double *z, struct span *out, int parallel) {
  double t[5], u[3][4], w[2];
#pragma gpupar if (parallel) map(to : x[0 : n])
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 5; k++)
      t[k] = x[i] * (k + 1);
    memset(u, 0, sizeof u);
    u[i % 3][1] = t[4];
    w[0] = t[2] - x[(i + 1) % n];
    w[1] = w[0] + u[2][1];
    y[i] = t[1] + w[1] + u[0][1];
  }
  double m[4][3];
  struct span b[2];
#pragma gpupar if (parallel) private(m, b) map(to : x[0 : n])
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      for (int c = 0; c < 3; c++)
        m[k][c] = x[(i + k) % n] * (c + 1);
    b[0].lo = m[3][0] - m[0][2];
    b[0].hi = m[1][1];
    b[1].lo = b[0].hi * 2;
    b[1].hi = b[0].lo + m[2][2];
    z[i] = b[1].lo + b[1].hi;
    out[i] = b[1];
  }
}

#define B 5
#define G 23

static void fill_parts(double *p, double v) {
  for (int k = 0; k < 3; k++)
    p[k] = v + k;
  p[3] = p[4] = v * 2;
}

/* One Gaussian elimination of the block d[i][j] per grid point, as LU's blts does it. */
static void block_solve(int g, double d[G][G][B][B], double v[G][G][B], double *w, int parallel) {
  int i, j, m;
  double tmp, tmp1, tmat[B][B], back[4], parts[B];
#pragma gpupar if (parallel)
  for (i = 1; i < g - 1; i++) {
    for (j = 1; j < g - 1; j++) {
      for (m = 0; m < B; m++) {
        tmat[m][0] = d[i][j][m][0];
        tmat[m][1] = d[i][j][m][1];
        tmat[m][2] = d[i][j][m][2];
        tmat[m][3] = d[i][j][m][3];
        tmat[m][4] = d[i][j][m][4];
      }
      for (int p = 0; p < B - 1; p++)
        for (int r = p + 1; r < B; r++) {
          tmp1 = tmat[r][p] / tmat[p][p];
          for (int c = p; c < B; c++)
            tmat[r][c] -= tmp1 * tmat[p][c];
          v[i][j][r] -= tmp1 * v[i][j][p];
        }
      for (int r = B - 1; r >= 0; r--) {
        tmp = v[i][j][r];
        for (int c = r + 1; c < B; c++)
          tmp -= tmat[r][c] * v[i][j][c];
        v[i][j][r] = tmp / tmat[r][r];
      }
    }
    for (m = 3; m >= 0; m--)
      back[m] = v[i][1][m] * (m + 1);
    fill_parts(parts, v[i][2][0]);
    w[i] = back[0] + back[3] + parts[4] - parts[0];
    for (m = 0; m < 3; m++)
      w[i] += back[m + 1] * parts[m + 2];
  }
}

static void line_stencil(int n, int m, const double *x, double *y, int parallel) {
  double line[64];
  int k, km1, kp1;
#pragma gpupar if (parallel)
  for (int i = 0; i < n; i++) {
    for (k = 0; k < m; k++) {
      if (k % 4 == 0)
        line[k] = x[(i * 7 + k) % n];
      else
        line[k] = -x[(i * 5 + k) % n];
    }
    y[i] = 0;
    for (k = 1; k < m - 1; k++) {
      km1 = k - 1;
      kp1 = k + 1;
      y[i] += line[km1] + line[kp1] - 2 * line[k];
    }
  }
}

static void face_value(double x, double y, double z, double out[B]) {
  for (int m = 0; m < B; m++)
    out[m] = 1.0 + m * 0.5 + x * (0.25 + m) + y * y * (1.0 - 0.125 * m) + z * z * z;
}

/* Trilinear transfinite interpolation of the face values, as BT's `initialize` does it. */
static void interpolate(int g, double u[G][G][G][B], int parallel) {
  int i, j, k, m, ix, iy, iz;
  double xi, eta, zeta, Pface[2][3][B], Pxi, Peta, Pzeta, h = 1.0 / (g - 1);
#pragma gpupar if (parallel)
  for (i = 0; i < g; i++) {
    xi = i * h;
    for (j = 0; j < g; j++) {
      eta = j * h;
      for (k = 0; k < g; k++) {
        zeta = k * h;
        for (ix = 0; ix < 2; ix++)
          face_value(ix, eta, zeta, &(Pface[ix][0][0]));
        for (iy = 0; iy < 2; iy++)
          face_value(xi, iy, zeta, &Pface[iy][1][0]);
        for (iz = 0; iz < 2; iz++)
          face_value(xi, eta, iz, Pface[iz][2]);
        for (m = 0; m < B; m++) {
          Pxi = xi * Pface[1][0][m] + (1.0 - xi) * Pface[0][0][m];
          Peta = eta * Pface[1][1][m] + (1.0 - eta) * Pface[0][1][m];
          Pzeta = zeta * Pface[1][2][m] + (1.0 - zeta) * Pface[0][2][m];
          u[i][j][k][m] =
              Pxi + Peta + Pzeta - Pxi * Peta - Pxi * Pzeta - Peta * Pzeta + Pxi * Peta * Pzeta;
        }
      }
    }
  }
}

/* Each thread's line scratch, as NPB BT's `ue`, `buf` and `cuf`. */
static double ue[G][B], buf[G][B], cuf[G];
#pragma omp threadprivate(ue, buf, cuf)

/* One line of BT's exact_rhs per j: fill the scratch lines, then difference them. */
static void exact_rhs(int g, double rhs[G][G][B], int parallel) {
  int i, j, m;
#pragma gpupar if (parallel)
  for (j = 1; j < g - 1; j++) {
    for (i = 0; i < g; i++) {
      face_value(i * 0.125, j * 0.25, 0.5, ue[i]);
      for (m = 1; m < B; m++)
        buf[i][m] = ue[i][m] / ue[i][0];
      buf[i][0] = buf[i][1] * buf[i][1];
      cuf[i] = buf[i][1] * ue[i][1];
    }
    for (i = 1; i < g - 1; i++)
      for (m = 0; m < B; m++)
        rhs[j][i][m] = ue[i + 1][m] - 2.0 * ue[i][m] + ue[i - 1][m] + buf[i][m] * cuf[i - 1];
  }
}

int main(void) {
  static double A[2][NR][NQ][NP], C4[NP][NP];
  double *x = malloc(N * sizeof *x), *y[2], *z[2];
  struct span *out[2];
  if (!x)
    return 2;
  for (int v = 0; v < 2; v++) {
    y[v] = malloc(N * sizeof(double)), z[v] = malloc(N * sizeof(double));
    out[v] = malloc(N * sizeof(struct span));
    if (!y[v] || !z[v] || !out[v])
      return 2;
  }
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[0][r][q][p] = A[1][r][q][p] = (double)((r * q + p) % NP) / NP;
  for (int s = 0; s < NP; s++)
    for (int p = 0; p < NP; p++)
      C4[s][p] = (double)(s * p % NP) / NP;
  for (int i = 0; i < N; i++)
    x[i] = (double)(i % 97) * 0.25 - 3;
  doitgen(NR, NQ, NP, A[0], C4, 1);
  doitgen(NR, NQ, NP, A[1], C4, 0);
  scratch(N, x, y[0], z[0], out[0], 1);
  scratch(N, x, y[1], z[1], out[1], 0);
  static double d[G][G][B][B], v[2][G][G][B], w[2][G];
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      for (int m = 0; m < B; m++) {
        v[0][i][j][m] = v[1][i][j][m] = (double)((i * 7 + j * 3 + m) % 11) - 5;
        for (int c = 0; c < B; c++)
          d[i][j][m][c] =
              (m == c ? 8.0 + (i + j) % 5 : 0.0) + (double)((i + 2 * j + m * c) % 7) / 4;
      }
  block_solve(G, d, v[0], w[0], 1);
  block_solve(G, d, v[1], w[1], 0);
  static double ls[2][N];
  line_stencil(N, 37, x, ls[0], 1);
  line_stencil(N, 37, x, ls[1], 0);
  static double u[2][G][G][G][B];
  interpolate(G, u[0], 1);
  interpolate(G, u[1], 0);
  static double rhs[2][G][G][B];
  exact_rhs(G, rhs[0], 1);
  exact_rhs(G, rhs[1], 0);

  long bad = 0;
  double sum = 0;
  const double *u0 = &u[0][0][0][0][0], *u1 = &u[1][0][0][0][0];
  for (long e = 0; e < (long)G * G * G * B; e++)
    bad += u0[e] != u1[e], sum += u0[e];
  const double *r0 = &rhs[0][0][0][0], *r1 = &rhs[1][0][0][0];
  for (long e = 0; e < (long)G * G * B; e++)
    bad += r0[e] != r1[e], sum += r0[e];
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        bad += A[0][r][q][p] != A[1][r][q][p], sum += A[0][r][q][p];
  for (int i = 0; i < N; i++) {
    bad += y[0][i] != y[1][i] || z[0][i] != z[1][i] || out[0][i].lo != out[1][i].lo ||
           out[0][i].hi != out[1][i].hi;
    sum += y[0][i] + z[0][i] + out[0][i].lo - out[0][i].hi;
  }
  for (int i = 0; i < N; i++)
    bad += ls[0][i] != ls[1][i], sum += ls[0][i];
  for (int i = 0; i < G; i++) {
    for (int j = 0; j < G; j++)
      for (int m = 0; m < B; m++)
        bad += v[0][i][j][m] != v[1][i][j][m], sum += v[0][i][j][m];
    if (i > 0 && i < G - 1)
      bad += w[0][i] != w[1][i], sum += w[0][i];
  }
  if (bad)
    fprintf(stderr, "privarrays: %ld elements differ from the serial computation\n", bad);
  printf("privarrays: sum %.17g first %g %g %g\n", sum, A[0][1][2][3], y[0][5], z[0][7]);
  for (int v = 0; v < 2; v++)
    free(y[v]), free(z[v]), free(out[v]);
  free(x);
  return bad ? 1 : 0;
}
