/* Loops written as the NAS Parallel Benchmarks write them: global fixed-size grids, loop bounds
 * read from a global array of dimensions (`grid_points[1] - 1`, FT's `dims[2][1]`), and loop
 * variables declared once per function and reused by later loops (their values after one loop
 * are never read before the next loop sets them). Also:
 *  - a per-iteration scratch array that a called function fills (`exact_solution(xi, eta, zeta,
 *    dtemp)`), a max norm written as `if (a > m) m = a;`, and a collapsed loop whose inner
 *    variable's value is read after it;
 *  - a local array one loop writes and the next reads (PolyBench durbin's z: not private);
 *  - BT's sweep along a line of the grid through a helper taking two rows of one array
 *    (`matvec_sub(lhs[i][j][k], rhs[i-1][j][k], rhs[i][j][k])`: iteration j reads row i-1 of its
 *    own line);
 *  - LU's faces of the grid filled through a function taking one point's row
 *    (`exact(i, ny - 1, k, &u[i][ny - 1][k][0])`);
 *  - SP's forward elimination along k in planes of one array (`k1 = k + 1;
 *    lhs[n + 2][i][j][k1]`);
 *  - FT's evolve, whose extents come through a pointer parameter (`int d[3]`), read before the
 *    loop only where the serial loops read them (a call with no work passes one int).
 * Every element is compared with the same loops run serially; exit status 1 on a mismatch. */
#include <math.h>
#include <stdio.h>

#define NX 23
#define NY 19
#define NZ 17

static int grid_points[3];
static double u[NX][NY][NZ][5], rhs[NX][NY][NZ][5], forcing[NX][NY][NZ][5];
static double ref_u[NX][NY][NZ][5], ref_rhs[NX][NY][NZ][5], ref_forcing[NX][NY][NZ][5];
static double lhs[NX][NY][NZ][5][5], line[NX][NY][NZ][5], ref_line[NX][NY][NZ][5];
static int bad;

static void expect(const char *what, double got, double want) {
  if (got != want && bad++ < 10)
    fprintf(stderr, "gridbounds: %s is %.17g, serially %.17g\n", what, got, want);
}

static void init(void) {
  int i, j, k, m;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NZ; k++)
        for (m = 0; m < 5; m++) {
          u[i][j][k][m] = ref_u[i][j][k][m] = (i * 7 + j * 3 + k + m) % 11 * 0.25;
          rhs[i][j][k][m] = ref_rhs[i][j][k][m] = (i + j * 5 + k * 2 + m) % 13 * 0.125;
        }
}

/* Fills dtemp whole: a scratch array of the caller's, private to each iteration there. */
static void exact_solution(double xi, int j, int k, const double *at, double dtemp[5]) {
  int m;
  for (m = 0; m < 5; m++)
    dtemp[m] = xi * (m + 1) + at[m] + (j - k) * 0.0625;
}

static void steps(void) {
  int i, j, k, m;
  double xi, dtemp[5];
#pragma gpupar
  for (i = 0; i < grid_points[0]; i++)
    for (j = 0; j < grid_points[1]; j++)
      for (k = 0; k < grid_points[2]; k++)
        for (m = 0; m < 5; m++)
          forcing[i][j][k][m] = 0.0;
#pragma gpupar
  for (j = 1; j < grid_points[1] - 1; j++)
    for (k = 1; k < grid_points[2] - 1; k++)
      for (i = 0; i < grid_points[0]; i++) {
        xi = (double)i / (grid_points[0] - 1);
        exact_solution(xi, j, k, u[i][j][k], dtemp);
        for (m = 0; m < 5; m++)
          forcing[i][j][k][m] = dtemp[m] - dtemp[4 - m];
      }
#pragma gpupar
  for (i = 1; i < grid_points[0] - 1; i++)
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++)
        for (m = 0; m < 5; m++)
          u[i][j][k][m] = u[i][j][k][m] + rhs[i][j][k][m] + forcing[i][j][k][m];
}

static void ref_steps(void) {
  int i, j, k, m;
  double xi, dtemp[5];
  for (i = 0; i < grid_points[0]; i++)
    for (j = 0; j < grid_points[1]; j++)
      for (k = 0; k < grid_points[2]; k++)
        for (m = 0; m < 5; m++)
          ref_forcing[i][j][k][m] = 0.0;
  for (j = 1; j < grid_points[1] - 1; j++)
    for (k = 1; k < grid_points[2] - 1; k++)
      for (i = 0; i < grid_points[0]; i++) {
        xi = (double)i / (grid_points[0] - 1);
        for (m = 0; m < 5; m++)
          dtemp[m] = xi * (m + 1) + ref_u[i][j][k][m] + (j - k) * 0.0625;
        for (m = 0; m < 5; m++)
          ref_forcing[i][j][k][m] = dtemp[m] - dtemp[4 - m];
      }
  for (i = 1; i < grid_points[0] - 1; i++)
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++)
        for (m = 0; m < 5; m++)
          ref_u[i][j][k][m] = ref_u[i][j][k][m] + ref_rhs[i][j][k][m] + ref_forcing[i][j][k][m];
}

/* bvec -= ablock * avec, as NPB BT's matvec_sub; avec and bvec are rows of one array. */
static void matvec_sub(double ablock[5][5], double avec[5], double bvec[5]) {
  int m, n;
  for (m = 0; m < 5; m++)
    for (n = 0; n < 5; n++)
      bvec[m] = bvec[m] - ablock[m][n] * avec[n];
}

/* BT's x_solve shape: each (j, k) line is swept along i, each step reading the previous row. One
 * half-weight entry per row of each block keeps every product and sum exact. */
static void sweep(double (*r)[NY][NZ][5], int offload) {
  int i, j, k, m, n;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NZ; k++)
        for (m = 0; m < 5; m++)
          for (n = 0; n < 5; n++)
            lhs[i][j][k][m][n] = n == (m + i + j) % 5 ? 0.5 : 0.0;
  if (offload) {
#pragma gpupar
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++)
        for (i = 1; i < grid_points[0]; i++)
          matvec_sub(lhs[i][j][k], r[i - 1][j][k], r[i][j][k]);
  } else {
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++)
        for (i = 1; i < grid_points[0]; i++)
          for (m = 0; m < 5; m++)
            for (n = 0; n < 5; n++)
              r[i][j][k][m] = r[i][j][k][m] - lhs[i][j][k][m][n] * r[i - 1][j][k][n];
  }
}

/* BT's x_solve shape proper: the sweep's step i is a serial loop around the offloaded loop over
 * j, so each call reads the row the previous call wrote. */
static void lines(void) {
  int i, j, k, m, n;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NZ; k++)
        for (m = 0; m < 5; m++)
          line[i][j][k][m] = ref_line[i][j][k][m] = (i + 2 * j + 3 * k + m) % 7;
  for (i = 1; i < grid_points[0]; i++) {
#pragma gpupar
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++)
        matvec_sub(lhs[i][j][k], line[i - 1][j][k], line[i][j][k]);
  }
  for (i = 1; i < grid_points[0]; i++)
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++)
        for (m = 0; m < 5; m++)
          for (n = 0; n < 5; n++)
            ref_line[i][j][k][m] -= lhs[i][j][k][m][n] * ref_line[i - 1][j][k][n];
}

/* NPB LU's fourth-order dissipation: the inner loop's bounds are scalars the body sets first
 * (`ist1 = 2; iend1 = grid_points[0] - 3;`), substituted by their values. */
static void dissipation(double (*f)[NY][NZ][5], const double (*v)[NY][NZ][5], int offload) {
  int i, j, k, m, ist1, iend1;
  if (offload) {
#pragma gpupar
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++) {
        ist1 = 2;
        iend1 = grid_points[0] - 3;
        for (i = ist1; i <= iend1; i++)
          for (m = 0; m < 5; m++)
            f[i][j][k][m] = f[i][j][k][m] - 0.25 * (v[i - 2][j][k][m] - 4.0 * v[i - 1][j][k][m] +
                                                    6.0 * v[i][j][k][m] - 4.0 * v[i + 1][j][k][m] +
                                                    v[i + 2][j][k][m]);
      }
  } else {
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++)
        for (i = 2; i <= grid_points[0] - 3; i++)
          for (m = 0; m < 5; m++)
            f[i][j][k][m] = f[i][j][k][m] - 0.25 * (v[i - 2][j][k][m] - 4.0 * v[i - 1][j][k][m] +
                                                    6.0 * v[i][j][k][m] - 4.0 * v[i + 1][j][k][m] +
                                                    v[i + 2][j][k][m]);
  }
}

/* NPB LU's setbv: the faces j = 0 and j = ny - 1 of the grid, a point's five values filled by
 * a function through a pointer to its row. */
static void exact_at(int i, int j, int k, double out[5]) {
  for (int m = 0; m < 5; m++)
    out[m] = i + 0.5 * j + 0.25 * k + m;
}

static void faces(double (*w)[NY][NZ][5], int offload) {
  int i, k, ny = grid_points[1], nz = grid_points[2];
#pragma gpupar if (offload)
  for (i = 0; i < grid_points[0]; i++)
    for (k = 0; k < nz; k++) {
      exact_at(i, 0, k, &w[i][0][k][0]);
      exact_at(i, ny - 1, k, &w[i][ny - 1][k][0]);
    }
}

/* NPB SP's z_solve: the sweep along k runs in each (i, j) line; the planes n + 2 and n + 3 of
 * one array never meet. */
static double planes[2][5][NX][NY][NZ];
static void eliminate(double (*p)[NX][NY][NZ], int offload) {
  int i, j, k, k1, n = 0;
#pragma gpupar if (offload)
  for (i = 1; i < grid_points[0] - 1; i++)
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 0; k <= grid_points[2] - 3; k++) {
        k1 = k + 1;
        p[n + 3][i][j][k] = p[n + 3][i][j][k] / p[n + 2][i][j][k];
        p[n + 2][i][j][k1] = p[n + 2][i][j][k1] - p[n + 1][i][j][k1] * p[n + 3][i][j][k];
      }
}

/* NPB FT's compute_indexmap, over a map of doubles. */
static int dims[3][3];
static double imap[2][NZ][NY][NX];
static void index_map(double (*map)[NY][NX], int offload) {
  int i, j, k, ii;
#pragma gpupar if (offload)
  for (i = 0; i < dims[2][0]; i++) {
    ii = (i + 1 + NX / 2) % NX - NX / 2;
    for (j = 0; j < dims[2][1]; j++)
      for (k = 0; k < dims[2][2]; k++)
        map[k][j][i] = ii * ii + (j - NY / 2) * (k - 3);
  }
}

/* NPB FT's evolve: extents through a pointer parameter, in the bounds and in a flat subscript. */
static double ev[2][NZ][NY][NX], ev0[NZ][NY][NX], ex[4 * NX];
static int twid[NZ * NY * NX];
static void evolve(double (*u1)[NY][NX], int t, int d[3], int offload) {
  int i, j, k;
#pragma gpupar if (offload)
  for (k = 0; k < d[0]; k++)
    for (j = 0; j < d[1]; j++)
      for (i = 0; i < d[2]; i++)
        u1[k][j][i] = ev0[k][j][i] * ex[(t * twid[(k * d[1] + j) * d[2] + i]) % (4 * NX)];
}

/* The max norm of the interior, as NPB MG writes it; `j` is read after its loop. */
static double norm(int *last) {
  int i, j, k;
  double a, tmp = 0.0;
#pragma gpupar reduction(max: tmp) private(a)
  for (i = 1; i < grid_points[0] - 1; i++)
    for (j = 1; j < grid_points[1] - 1; j++)
      for (k = 1; k < grid_points[2] - 1; k++) {
        a = fabs(u[i][j][k][1] - u[i][j][k][3]);
        if (a > tmp)
          tmp = a;
      }
#pragma gpupar
  for (i = 0; i < grid_points[0]; i++)
    for (j = 0; j < grid_points[1]; j++)
      rhs[i][j][0][0] = j;
  *last = j; /* read after the loop: its last value */
  return tmp;
}

/* PolyBench durbin's hand-off: one loop writes z, the next loop (same header) reads it. z is no
 * scratch array of the first loop: its values must reach the second. */
static void handoff(double *y, double *ref_y, int n) {
  double z[64];
  int i;
  for (int k = 1; k < n; k++) {
#pragma gpupar
    for (i = 0; i < k; i++)
      z[i] = y[i] + 0.5 * y[k - i - 1];
#pragma gpupar
    for (i = 0; i < k; i++)
      y[i] = z[i];
  }
  for (int k = 1; k < n; k++) {
    for (i = 0; i < k; i++)
      z[i] = ref_y[i] + 0.5 * ref_y[k - i - 1];
    for (i = 0; i < k; i++)
      ref_y[i] = z[i];
  }
}

int main(void) {
  grid_points[0] = NX;
  grid_points[1] = NY;
  grid_points[2] = NZ - 2;
  init();
  for (int step = 0; step < 3; step++) {
    steps();
    ref_steps();
  }
  sweep(rhs, 1);
  sweep(ref_rhs, 0);
  lines();
  dissipation(forcing, (const double(*)[NY][NZ][5])u, 1);
  dissipation(ref_forcing, (const double(*)[NY][NZ][5])ref_u, 0);
  faces(line, 1);
  faces(ref_line, 0);
  for (int n = 0; n < 5; n++)
    for (int i = 0; i < NX; i++)
      for (int j = 0; j < NY; j++)
        for (int k = 0; k < NZ; k++)
          planes[0][n][i][j][k] = planes[1][n][i][j][k] = 2.0 + (n * 7 + i + 3 * j + k) % 5;
  eliminate(planes[0], 1);
  eliminate(planes[1], 0);
  dims[2][0] = NX, dims[2][1] = NY - 1, dims[2][2] = NZ - 2;
  index_map(imap[0], 1);
  index_map(imap[1], 0);
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        expect("imap", imap[0][k][j][i], imap[1][k][j][i]);
  for (int x = 0; x < 4 * NX; x++)
    ex[x] = 1.0 / (x + 1);
  for (int x = 0; x < NZ * NY * NX; x++)
    twid[x] = (x * 7) % 13, (&ev0[0][0][0])[x] = x % 11;
  int d[3] = {NZ - 1, NY - 2, NX - 3}, empty[1] = {0};
  evolve(ev[0], 3, d, 1);
  evolve(ev[1], 3, d, 0);
  evolve(ev[0], 5, empty, 1); /* no work: d[1] and d[2] are never read */
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        expect("evolve", ev[0][k][j][i], ev[1][k][j][i]);
  for (int n = 0; n < 5; n++)
    for (int i = 0; i < NX; i++)
      for (int j = 0; j < NY; j++)
        for (int k = 0; k < NZ; k++)
          expect("planes", planes[0][n][i][j][k], planes[1][n][i][j][k]);
  int last = 0;
  double tmp = norm(&last), ref_tmp = 0.0;
  for (int i = 1; i < grid_points[0] - 1; i++)
    for (int j = 1; j < grid_points[1] - 1; j++)
      for (int k = 1; k < grid_points[2] - 1; k++) {
        double a = fabs(ref_u[i][j][k][1] - ref_u[i][j][k][3]);
        if (a > ref_tmp)
          ref_tmp = a;
      }
  for (int i = 0; i < grid_points[0]; i++)
    for (int j = 0; j < grid_points[1]; j++)
      ref_rhs[i][j][0][0] = j;
  double y[64], ref_y[64];
  for (int i = 0; i < 64; i++)
    y[i] = ref_y[i] = (i % 7) * 0.125;
  handoff(y, ref_y, 64);
  for (int i = 0; i < 64; i++)
    expect("y", y[i], ref_y[i]);
  expect("norm", tmp, ref_tmp);
  expect("last", last, NY);
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      for (int k = 0; k < NZ; k++)
        for (int m = 0; m < 5; m++) {
          expect("u", u[i][j][k][m], ref_u[i][j][k][m]);
          expect("forcing", forcing[i][j][k][m], ref_forcing[i][j][k][m]);
          expect("rhs", rhs[i][j][k][m], ref_rhs[i][j][k][m]);
          expect("line", line[i][j][k][m], ref_line[i][j][k][m]);
        }
  printf("gridbounds: norm %.6f, %s\n", tmp,
         bad ? "MISMATCH" : "all elements equal the serial loops");
  return bad ? 1 : 0;
}
