// An array written at a run-time index and also read stays serial, with or without
// 'independent', and no clause is suggested: one index array read with an offset makes
// iterations read what others write.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const int *idx, float *x) {
#pragma gpupar independent map(tofrom: x[0:n])
  for (int i = 1; i < n; i++)
    x[idx[i]] = x[idx[i] - 1] + 1; // expected-warning {{'x' is written at 'x[idx[i]]', an index that is not affine in the loop variables, and also read; gpupar cannot tell whether an iteration reads what another writes; the loop stays serial}} expected-note {{read is here}}
#pragma gpupar map(tofrom: x[0:n])
  for (int i = 1; i < n; i++)
    x[idx[i]] = 2 * x[i]; // expected-warning {{'x' is written at 'x[idx[i]]', an index that is not affine in the loop variables, and also read}} expected-note {{read is here}}
}
