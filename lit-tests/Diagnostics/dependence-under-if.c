// A proven dependence in a loop with an `if` clause is a warning, not an error: the program may
// rely on the condition being false whenever the loop would race (DataRaceBench DRB114b's
// `if ((argc + 1) % 2)`). The loop stays serial; without the clause the same loop is an error.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void shift(int argc, int n, int *a) {
#pragma gpupar if ((argc + 1) % 2)
  for (int i = 0; i < n - 1; i++)
    a[i + 1] = a[i] + 1; // expected-warning {{write to 'a[i + 1]' and read of 'a[i]' carry a dependence of distance 1; the loop stays serial (a warning only, since its 'if' clause may keep it serial whenever it runs)}} expected-note {{read is here}}
#pragma gpupar
  for (int i = 0; i < n - 1; i++)
    a[i + 1] = a[i] + 1; // expected-error {{write to 'a[i + 1]' and read of 'a[i]' carry a dependence of distance 1}} expected-note {{read is here}}
}
