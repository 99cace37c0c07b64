// Arrays of row pointers are pointer-to-pointer arrays: a local pair (`double *u[2]`, the
// double buffer of DataRaceBench DRB196), a variable-length array of rows, a global pair. Rows
// `1 - p` and `p` differ whatever p is (the GCD test counts invariants as integers: 1 - 2p is
// odd); rows `p` and `q` may be one row, so that stencil stays serial with a warning.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
double *pair[2];

void diffusion(double *b, int n, int p) {
  double *u[2] = {&b[0], &b[n]};
#pragma gpupar
  for (int i = 1; i < n - 1; i++) // expected-remark {{loop offloaded: u (inout)}}
    u[1 - p][i] = u[p][i] + 0.25 * (u[p][i - 1] + u[p][i + 1] - 2 * u[p][i]);
}
void vla(int rows, int cols, double *const *from) {
  double *r[rows];
  for (int k = 0; k < rows; k++)
    r[k] = from[k];
#pragma gpupar
  for (int k = 0; k < rows; k++) // expected-remark {{loop offloaded: r (inout)}}
    for (int j = 0; j < cols; j++) // expected-remark {{perfectly nested loop over 'j' collapsed with the offloaded loop}}
      r[k][j] *= 2;
}
void global(int n, int p) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: pair (inout)}}
    pair[1 - p][i] += pair[p][i];
}
void maybe_same(double *b, int n, int p, int q) {
  double *u[2] = {&b[0], &b[n]};
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    u[q][i] = u[p][i - 1]; // expected-warning {{cannot prove that write to 'u[q][i]' and read of 'u[p][i - 1]' are independent; the loop stays serial}} expected-note {{read is here}} expected-note {{add 'independent' to '#pragma gpupar' if no two iterations touch the same element of 'u'}}
}
