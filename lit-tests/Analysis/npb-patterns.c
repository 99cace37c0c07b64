// Patterns of the NAS Parallel Benchmarks' OpenMP C code, with `omp for` swapped for gpupar:
// loop bounds read from a global array of dimensions (an invariant when the loop never writes
// it; written, the bound is not: the loop over it stays as it is), a scratch array of the `parallel` block that a called function fills, `threadprivate`
// global scratch arrays (shared here: a warning with the clause and when it holds), and a
// subscript through a body local (`k1 = k + 1`) in a four-dimensional array.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
static int grid_points[3];
static double u[12][12][12][5], ue[12][5], lhs[15][13][13][13];

void add(void) {
  int i, j, k, m;
#pragma gpupar
  for (i = 1; i < grid_points[0] - 1; i++) // expected-remark {{loop offloaded: grid_points (in), u (inout), m (private)}}
    for (j = 1; j < grid_points[1] - 1; j++) // expected-remark {{collapsed with the offloaded loop}}
      for (k = 1; k < grid_points[2] - 1; k++)
        for (m = 0; m < 5; m++) // expected-remark {{'m' is private to each iteration}}
          u[i][j][k][m] = u[i][j][k][m] * 2;
}

void dims_written(void) {
  int i, j;
#pragma gpupar
  for (i = 0; i < 4; i++)
    for (j = 0; j < grid_points[1]; j++)
      grid_points[2] = j; // expected-warning {{write to 'grid_points[2]' does not depend on the loop variable 'i': every iteration writes the same element (the accesses are conditional)}}
}

static void exact_solution(double xi, double dtemp[5]) {
  for (int m = 0; m < 5; m++)
    dtemp[m] = xi * m;
}

void scratch(int n) {
  double dtemp[5]; // expected-remark {{array 'dtemp' is private to each iteration}}
  int i, m;
#pragma gpupar
  for (i = 0; i < n; i++) { // expected-remark {{loop offloaded: u (out), m (private), dtemp (private)}}
    exact_solution(i * 0.5, dtemp);
    for (m = 0; m < 5; m++) // expected-remark {{'m' is private to each iteration}}
      u[i][0][0][m] = dtemp[m];
  }
}

void threadprivate_scratch(void) {
  int i, j, m;
#pragma gpupar
  for (j = 1; j < 11; j++)
    for (i = 0; i < 12; i++) {
      for (m = 0; m < 5; m++)
        ue[i][m] = u[i][j][0][m]; // expected-warning {{write to 'ue[i][m]' does not depend on the loop variable 'j': every iteration writes the same element of 'ue', shared by the iterations; where each iteration writes what it reads of 'ue' before reading it and nothing reads it after the loop, declare it inside the loop or name it in 'private(ue)'; the loop stays serial}}
      u[i][j][1][0] = ue[i][0];
    }
}

// SP's z_solve: `k1 = k + 1` is substituted in each dimension as in the flat subscript, so the
// planes `lhs[n + 3]` and `lhs[n + 2]` stay apart; the sweep along k carries a dependence and
// is not collapsed.
void z_solve(int nn) {
  int i, j, k, k1, n = 0;
#pragma gpupar
  for (i = 1; i <= nn; i++) // expected-remark {{loop offloaded: lhs (inout), k (private), k1 (private)}}
    for (j = 1; j <= nn; j++) // expected-remark {{perfectly nested loop over 'j' collapsed with the offloaded loop as by 'collapse(2)'}}
      for (k = 0; k <= nn; k++) { // expected-remark {{'k' is private to each iteration}}
        k1 = k + 1; // expected-remark {{'k1' is private to each iteration}}
        lhs[n + 3][i][j][k] = lhs[n + 3][i][j][k] / lhs[n + 2][i][j][k];
        lhs[n + 2][i][j][k1] = lhs[n + 2][i][j][k1] - lhs[n + 3][i][j][k];
      }
}

// NPB LU's dissipation: the inner loop's bounds are scalars the body sets first; their values
// stand in for them. Set under a condition, they are not known, and the loop stays serial.
static double rsd[12][12][12][5], uu[12][12][12][5];
static int nx, ny;
void dissipation(int c) {
  int i, j, m, ist1, iend1;
#pragma gpupar
  for (j = 1; j < ny - 1; j++) { // expected-remark {{loop offloaded: rsd (inout), uu (in), ist1 (private), iend1 (private), i (private), m (private)}}
    ist1 = 3; // expected-remark {{'ist1' is private to each iteration}}
    iend1 = nx - 4; // expected-remark {{'iend1' is private to each iteration}}
    for (i = ist1; i <= iend1; i++) // expected-remark {{'i' is private to each iteration}}
      for (m = 0; m < 5; m++) // expected-remark {{'m' is private to each iteration}}
        rsd[i][j][0][m] = rsd[i][j][0][m] - uu[i - 2][j][0][m];
  }
#pragma gpupar
  for (j = 1; j < ny - 1; j++) {
    iend1 = nx - 4;
    if (c)
      iend1 = 11;
    for (i = 3; i <= iend1; i++)
      rsd[i][j][0][0] = rsd[i][j][0][0] - uu[i - 2][j][0][0]; // expected-warning {{updates 'rsd' at an index that is not affine in the loop variables}}
  }
}

// NPB LU's setbv: a face of the grid filled through a function taking one point's row,
// `&u[i][ny - 1][k][0]`. The flat subscript `845*i + 65*ny - 65 + 5*k + m` splits with the
// constant -65 kept beside `65*ny` (division towards zero), so the facts checked before the loop
// hold on LU's grids (ny <= 13 and nz <= 13); floor division would have asked for
// '65 - 65 * ny - 5 * nz >= 0', false whenever the loop has work.
static double lu_u[12][13][13][5];
static void exact(int i, int j, int k, double u000ijk[5]) {
  for (int m = 0; m < 5; m++)
    u000ijk[m] = i + 0.5 * j + 0.25 * k + m;
}
void setbv(int nx, int ny, int nz) {
  int i, k;
#pragma gpupar
  for (i = 0; i < nx; i++) // expected-remark {{loop offloaded: lu_u (out)}} expected-remark {{the loop runs on a device only when '845 - 5 * nz >= 0' and '-65 + 65 * ny >= 0' and '910 - 65 * ny - 5 * nz >= 0' and '13 - nz >= 0' at run time}}
    for (k = 0; k < nz; k++) { // expected-remark {{perfectly nested loop over 'k' collapsed}}
      exact(i, 0, k, &lu_u[i][0][k][0]);
      exact(i, ny - 1, k, &lu_u[i][ny - 1][k][0]);
    }
}

// NPB FT's bounds: elements of a two-dimensional array of dimensions, `dims[2][1]`, invariant
// as `grid_points[1]` is. Written in the loop, the element is not.
static int dims[3][3];
void indexmap(double map[8][8][8], const int *xstart) {
  int i, j, k;
#pragma gpupar
  for (i = 0; i < dims[2][0]; i++) // expected-remark {{loop offloaded: dims (in), xstart (in), map (out)}}
    for (j = 0; j < dims[2][1]; j++) // expected-remark {{perfectly nested loops over 'j', 'k' collapsed}}
      for (k = 0; k < dims[2][2]; k++)
        map[k][j][i] = i * i + j + xstart[2];
#pragma gpupar
  for (i = 0; i < dims[2][0]; i++)
    for (j = 0; j < dims[2][1]; j++) {
      dims[1][1] = j;
      map[0][j][i] = i; // expected-warning {{not affine}}
    }
}

// NPB FT's evolve: extents through a pointer parameter (`int d[3]`) are read once before the loop
// where the serial loop reads them (the host file tests that the loops around run), and passed
// as values; the array itself is not copied.
void evolve(double (*u1)[8][8], const double (*u0)[8][8], int d[3]) {
  int i, j, k;
#pragma gpupar
  for (k = 0; k < d[2]; k++) // expected-remark {{loop offloaded: u0 (in), u1 (out)}}
    for (j = 0; j < d[1]; j++) // expected-remark {{perfectly nested loops over 'j', 'i' collapsed}}
      for (i = 0; i < d[0]; i++)
        u1[k][j][i] = u0[k][j][i] * 2;
}

// An int the loop writes may be the extent: not read once.
void extent_written(int *a, int *d, int n) {
  int i, j;
#pragma gpupar
  for (i = 0; i < n; i++)
    for (j = 0; j < d[1]; j++) // expected-warning {{'d[1]' bounds an inner loop or is in a subscript, so it is read once before the loop, but 'a[i * 8 + j]' may write the same memory}}
      a[i * 8 + j] = j; // expected-note {{written here}}
}

// Read under a condition, at a variable index, or through a pointer the loop moves: not a value
// of the loop.
void extent_conditional(double *a, int *d, int n) {
  int i, j;
#pragma gpupar
  for (i = 0; i < n; i++)
    if (i > 2)
      for (j = 0; j < d[1]; j++)
        a[i * 8 + j] = j; // expected-warning {{subscript 'a[i * 8 + j]' is not affine}}
#pragma gpupar
  for (i = 0; i < n; i++)
    for (j = 0; j < d[n]; j++)
      a[i * 8 + j] = j; // expected-warning {{subscript 'a[i * 8 + j]' is not affine}}
}
