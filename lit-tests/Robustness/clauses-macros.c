// Clauses written through macros and _Pragma; a clause on a nested pragma; an empty body.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define SUM(x) reduction(+: x)
#define OFFLOAD_SUM _Pragma("gpupar reduction(+: s)")
double f(int n, const double *a, double *b) {
  double s = 0, t = 0;
#pragma gpupar SUM(t)
  for (int i = 0; i < n; i++)
    t += a[i];
  OFFLOAD_SUM
  for (int i = 0; i < n; i++)
    s += a[i];
#pragma gpupar private(t)
  for (int i = 0; i < n; i++) {
#pragma gpupar collapse(1)
    // expected-warning@+1 {{loop runs sequentially inside the offloaded loop at line 14; its '#pragma gpupar' has no effect}}
    for (int j = 0; j < n; j++)
      b[i * n + j] = a[j];
  }
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    ;
  return s + t;
}
