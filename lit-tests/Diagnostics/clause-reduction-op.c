// Only + * min max & | ^ && || are reduction operators (and OpenMP's '-', taken as '+':
// Analysis/openmp-clauses.c).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, float s) {
  // expected-error@+1 {{expected a reduction operator (+ * min max & | ^ && ||), found '/'}}
#pragma gpupar reduction(/ : s)
  for (int i = 0; i < n; i++)
    a[i] = s;
}
