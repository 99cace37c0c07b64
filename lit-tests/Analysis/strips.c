// Strip-mined loops: the offloaded loop steps by a tile (a constant, or a local that always
// holds one), and an inner loop runs over one tile, cut by further bounds (`&&`, a conditional
// min, a min function of the file). Iterations are at least a tile apart, so the tiles are
// disjoint; a tile one element too wide overlaps the next and stays serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s

static int min_int(int a, int b) { return a < b ? a : b; }

void local_step(int n, float *y) {
  int tile = 32;
#pragma gpupar
  for (int i = 0; i < n; i += tile) // expected-remark {{loop offloaded: y (inout)}}
    for (int t = i; t < i + tile && t < n; t++) // expected-remark {{not collapsed}} expected-note {{loop condition must compare the loop variable 't' with a bound}}
      y[t] = 2 * y[t];
}

static const int strip = 16;
void const_global_step(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i += strip) // expected-remark {{loop offloaded: y (inout)}}
    for (int t = i; t < i + strip; t++) // expected-remark {{not collapsed}} expected-note {{bound 'i' of a collapsed loop depends on 'i'}}
      y[t] = 2 * y[t];
}

void changed_step(int n, float *y) {
  int tile = 32;
#pragma gpupar
  for (int i = 0; i < n; i += tile) // expected-warning {{loop increment must be 'i++', 'i--', 'i += c', 'i -= c' or 'i = i + c' with 'c' a nonzero integer constant, or a local variable initialised to one and never changed}}
    y[i] = 0;
  tile++;
}

void escaped_step(int n, float *y, void (*f)(int *)) {
  int tile = 32;
  f(&tile);
#pragma gpupar
  for (int i = 0; i < n; i += tile) // expected-warning {{loop increment must be}}
    y[i] = 0;
}

void overlapping(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i += 32)
    for (int t = i; t < i + 33 && t < n; t++)
      y[t] = 2 * y[t]; // expected-warning {{cannot prove that write to 'y[t]' and read of 'y[t]' are independent; the loop stays serial}} expected-note {{read is here}}
}

void conditional_min(int n, int m, float *c) {
#pragma gpupar
  for (int i = 0; i < n; i += 8) // expected-remark {{loop offloaded: c (inout)}}
    for (int r = i; r < (i + 8 < n ? i + 8 : n); r++) // expected-remark {{not collapsed}} expected-note {{bound 'i' of a collapsed loop depends on 'i'}}
      for (int j = 0; j < m; j++)
        c[r * m + j] += 1;
}

void function_min(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i += 8) // expected-remark {{loop offloaded: y (inout)}}
    for (int t = i; t < min_int(i + 8, n); t++) // expected-remark {{not collapsed}} expected-note {{has side effects}}
      y[t] += 1;
}

// Both bounds move with i: neither can guard the other. The tiles are not proven disjoint, but
// `y` is only updated: an array reduction over the block it points into.
void two_moving(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i += 8) // expected-remark {{loop offloaded: y (reduction)}} expected-remark {{updated at indices known only at run time: 'y'}}
    for (int t = i; t < i + 8 && t < 2 * i; t++) // expected-remark {{not collapsed}} expected-note {{must compare the loop variable}}
      y[t] += 1; // expected-remark {{'y' is only updated with '+', at indices known only at run time: an array reduction over the block it points into}}
}

// A max is no cut: the loop runs to the farther bound.
void max_as_upper(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i += 8) // expected-remark {{loop offloaded: y (reduction)}} expected-remark {{updated at indices known only at run time: 'y'}}
    for (int t = i; t < (i + 8 > n ? i + 8 : n); t++) // expected-remark {{not collapsed}} expected-note {{only rectangular nests}}
      y[t] += 1; // expected-remark {{'y' is only updated with '+', at indices known only at run time: an array reduction over the block it points into}}
}

// `t != min(a, b)` is no pair of bounds: the loop stays as it is.
void not_equal_min(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i += 8) // expected-remark {{loop offloaded: y (reduction)}} expected-remark {{updated at indices known only at run time: 'y'}}
    for (int t = i; t != (i + 8 < n ? i + 8 : n); t++) // expected-remark {{not collapsed}} expected-note {{must count towards its bound}}
      y[t] += 1; // expected-remark {{'y' is only updated with '+', at indices known only at run time: an array reduction over the block it points into}}
}

// The host file reads a member once where the loops around its read run; it tests that with
// one bound, so a member read in a loop with several bounds is not read once.
struct P {
  int w;
  float *data;
};
void member_in_cut_loop(int n, int m, struct P *p, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m && k < 4; k++)
      a[i * 4 + k] = p->w; // expected-warning {{'p->w' is a member of 'p', whose struct cannot be copied to a device, and it is read in the loop over 'k', which has several bounds}}
}

// Tiles over two dimensions: the column loop moves with 'jj' (an inner loop), its strips'
// union is cut at m; the row strips are disjoint.
void tiles(int n, int m, float *c, const float *a) {
#pragma gpupar
  for (int ii = 0; ii < n; ii += 8) // expected-remark {{loop offloaded: a (in), c (inout)}}
    for (int jj = 0; jj < m; jj += 8) // expected-remark {{not collapsed}}
      for (int i = ii; i < ii + 8 && i < n; i++)
        for (int j = jj; j < jj + 8 && j < m; j++)
          c[i * m + j] += a[i * m + j]; // expected-note {{as 'collapse(2)': 'c[i * m + j] += a[i * m + j]' updates 'c' at an index that is not affine}}
}

// Under collapse(2) the tiles' loops move with a collapsed variable: the outer loop only.
void tiles_collapsed(int n, float *c, const float *a) {
#pragma gpupar collapse(2)
  for (int ii = 0; ii < n; ii += 8) // expected-remark {{loop offloaded: a (in), c (inout)}}
    for (int jj = 0; jj < n; jj += 8) // expected-remark {{not collapsed}}
      for (int i = ii; i < ii + 8 && i < n; i++)
        for (int j = jj; j < jj + 8 && j < n; j++) // expected-warning {{bound 'jj' of the loop over 'j' inside the collapsed nest depends on the collapsed loop's variable 'jj'; only the outer loop is offloaded}}
          c[i * n + j] += a[i * n + j]; // expected-note {{as 'collapse(2)': 'c[i * n + j] += a[i * n + j]' updates 'c' at an index that is not affine}}
}

// Row strips one wider than their step overlap the next iteration's: not proven. (Column strips
// that overlap are fine: the tiles of one row strip run in one iteration, in order.)
void tiles_overlapping(int n, int m, float *c) {
#pragma gpupar
  for (int ii = 0; ii < n; ii += 8)
    for (int jj = 0; jj < m; jj += 8)
      for (int i = ii; i < ii + 9 && i < n; i++)
        for (int j = jj; j < jj + 8 && j < m; j++)
          c[i * m + j] += 1; // expected-warning {{cannot prove}} expected-note {{read is here}}
}

void column_strips_overlapping(int n, int m, float *c) {
#pragma gpupar
  for (int ii = 0; ii < n; ii += 8) // expected-remark {{loop offloaded: c (inout)}}
    for (int jj = 0; jj < m; jj += 8) // expected-remark {{not collapsed}}
      for (int i = ii; i < ii + 8 && i < n; i++)
        for (int j = jj; j < jj + 9 && j < m; j++)
          c[i * m + j] += 1; // expected-note {{as 'collapse(2)': 'c[i * m + j] += 1' updates 'c' at an index that is not affine}}
}
