// collapse(n) needs n perfectly nested loops.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  // expected-error@+1 {{'collapse(3)' needs 3 perfectly nested loops; the nest here has 2}}
#pragma gpupar collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) { // expected-note {{the body of this loop is not a single 'for' loop}}
      a[i * n + j] = 0;
    }
}
