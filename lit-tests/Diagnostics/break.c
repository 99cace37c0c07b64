// A break that leaves the loop, or a collapsed loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      break; // expected-warning {{'break' leaves the offloaded loop early, which cannot run in parallel; remove '#pragma gpupar' or the 'break'}}
    a[i] = 0;
  }
}

// Each (i, j) of a collapsed nest is its own thread: a break cannot end the row.
void g(int n, float (*a)[64]) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++) {
      if (a[i][j] < 0)
        break; // expected-warning {{'break' leaves a collapsed loop early, which cannot run in parallel; remove the 'collapse' clause or the 'break'}}
      a[i][j] = 0;
    }
}
