// A row's column may not depend on the outer loop variable: rows may differ in length, so the
// runtime copies one column range that every touched row has.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void diag(int n, double **a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i][i] = 1; // expected-warning {{the column 'i' of 'a[i][i]' depends on the loop variable; the loop stays serial (rows of 'a' may differ in length, so only columns that every row has can be copied)}}
}
