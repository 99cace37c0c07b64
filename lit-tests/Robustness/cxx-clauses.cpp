// C++ input with clauses: a clean rejection, not a crash.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: ls %t | count 0
template <typename T> T sum(int n, const T *a) {
  T s = 0;
  // expected-warning@+1 {{gpupar supports C only}}
#pragma gpupar reduction(+: s) collapse(2) map(to: a[0:n]) if(n > 10)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
double g(int n, const double *a) { return sum(n, a); }
