// Two pointer parameters into one array, which the call writes (NPB BT's
// `matvec_sub(lhs[i][j][k][AA], rhs[i][j][k-1], rhs[i][j][k])`): each access is located through
// its own parameter, so the dependence test sees the elements each iteration touches and decides
// as for accesses written in the loop. The flat index of a row of a multi-dimensional array is
// split into its dimensions (under run-time facts when the bounds are not constants); a
// dependence found only in the flat index is not proven (a warning, not an error).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
static void copy2(double *dst, const double *src) { dst[0] = src[1]; } // expected-error {{write to 'dst[0]' and read of 'src[1]' carry a dependence of distance 1}} expected-note {{read is here}}
static double sum2(const double *x, const double *y) { return x[0] + y[0]; }
static void sub_row(double *b, const double *a, int m) {
  for (int k = 0; k < m; k++)
    b[k] -= a[k]; // expected-warning {{cannot prove that write to 'b[k]' and read of 'a[k]' are independent; the loop stays serial}} expected-note {{read is here}} expected-note {{as 'collapse(2)': cannot prove that write to 'b[k]' and read of 'a[k]' are independent}}
}
void f(int n, double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (in), b (out)}}
    b[i] = sum2(&a[i], &a[i + 1]);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: a (inout)}}
    copy2(&a[2 * i], &a[2 * i]);
#pragma gpupar
  for (int i = 0; i < n; i++)
    copy2(&a[i], &a[i]); // expected-note {{called from the loop here}}
}
void sweep(int n, double g[n][8][4]) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: g (inout)}}
    for (int j = 1; j < 8; j++) // expected-remark {{perfectly nested loop over 'j' not collapsed: each thread runs all of its iterations}}
      sub_row(g[i][j], g[i][j - 1], 4);
}

static int dims[3];
void lines(double (*r)[19][17][5], int n1, int n2) {
  int i, j, k;
#pragma gpupar
  for (j = 1; j < n1; j++) // expected-remark {{loop offloaded: r (inout), i (private)}} expected-remark {{the loop runs on a device only when '1700 - 85 * n1 - 5 * n2 >= 0' and '85 - 5 * n2 >= 0' at run time}}
    for (k = 1; k < n2; k++) // expected-remark {{perfectly nested loop over 'k' collapsed with the offloaded loop}}
      for (i = 1; i < 20; i++) // expected-remark {{'i' is private to each iteration}}
        sub_row(r[i][j][k], r[i - 1][j][k], 5);
#pragma gpupar
  for (j = 1; j < dims[1] - 1; j++) // expected-remark {{loop offloaded: dims (in), r (inout), i (private)}} expected-remark {{the loop runs on a device only when '1790 - 85 * (long long)(dims[1]) - 5 * (long long)(dims[2]) >= 0' and '90 - 5 * (long long)(dims[2]) >= 0' at run time}}
    for (k = 1; k < dims[2] - 1; k++) // expected-remark {{perfectly nested loop over 'k' collapsed with the offloaded loop}}
      for (i = 1; i < dims[0]; i++) // expected-remark {{'i' is private to each iteration}}
        sub_row(r[i][j][k], r[i - 1][j][k], 5);
#pragma gpupar
  for (i = 1; i < 19; i++)
    for (j = 1; j < n1; j++)
      sub_row(r[i][j][0], r[i - 1][j][0], 5); // expected-note {{called from the loop here}}
}

// NPB BT's x_solve: the line index i is fixed by a serial loop around the offloaded one, so the
// row `13*i + j` of the flat subscript splits by 13 (a constant coefficient of an invariant) into
// {i, j}, under a fact on j's bound.
static int gp[3];
static double lhs[13][13][13][5][5], rhs[13][13][13][5];
static void matvec_sub(double ablock[5][5], double avec[5], double bvec[5]) {
  for (int m = 0; m < 5; m++)
    bvec[m] = bvec[m] - ablock[m][0] * avec[0] - ablock[m][1] * avec[1];
}
void x_solve(void) {
  int i, j, k, isize = gp[0] - 1;
  for (i = 1; i < isize; i++) {
#pragma gpupar
    for (j = 1; j < gp[1] - 1; j++) // expected-remark {{loop offloaded: gp (in), rhs (inout), lhs (in)}} expected-remark {{the loop runs on a device only when '70 - 5 * (long long)(gp[2]) >= 0' and '14 - (long long)(gp[1]) >= 0' at run time}}
      for (k = 1; k < gp[2] - 1; k++) // expected-remark {{collapsed}}
        matvec_sub(lhs[i][j][k], rhs[i - 1][j][k], rhs[i][j][k]);
  }
}

// A parameter's own dimensions say nothing about the array's: `p = &a[i][1]` as a 5x5 block
// reaches a[i + 1][0][0] at p[4][0], which the next iteration reads through q[0][0].
static void carry(double p[5][5], double q[5][5]) { p[4][0] = q[0][0] + 1; } // expected-warning {{cannot prove that write to 'p[4][0]' and read of 'q[0][0]' are independent; the loop stays serial}} expected-note {{read is here}}
void chain(int n, double (*a)[5][5]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    carry(&a[i][1], a[i]); // expected-note {{called from the loop here}}
}
