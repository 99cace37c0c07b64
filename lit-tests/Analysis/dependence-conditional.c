// A dependence between accesses under conditions may not happen: a warning, not an error.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (i % 2 == 0) // (a[i + 1] would be odd: independent, Analysis/residues.c)
      a[i] = a[i + 2]; // expected-warning {{write to 'a[i]' and read of 'a[i + 2]' may carry a dependence of distance 2 (the accesses are conditional); the loop stays serial}} expected-note {{read is here}}
}
