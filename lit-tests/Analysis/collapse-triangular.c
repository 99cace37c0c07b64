// Only rectangular nests are collapsed: under `collapse(n)` of a triangular nest (OpenMP 5
// allows it) the outer loop is offloaded and the nest runs inside each of its iterations, as
// without the clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s 2>&1 | %filecheck %s
// CHECK: warning: bound 'i' of a collapsed loop depends on 'i'
// CHECK: remark: loop offloaded: a (out)
// CHECK: warning: bound 'k' of a collapsed loop depends on 'k'
// CHECK: remark: loop offloaded: a (out)
// CHECK: warning: cannot prove that write to 'a[j]'
void f(int n, float *a) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) // expected-warning {{bound 'i' of a collapsed loop depends on 'i'; only rectangular nests are collapsed, so only the outer loop is offloaded and the loops in it run in each of its iterations}}
      a[i * n + j] = 0;
}

void g(int n, int m, float *a) {
#pragma gpupar collapse(3)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 64; k++)
      for (int j = k; j < 64; j++) // expected-warning {{bound 'k' of a collapsed loop depends on 'k'; only rectangular nests are collapsed, so only the outer loop is offloaded}}
        a[(i * 64 + k) * 64 + j] = 1;
}

// A nest that stays serial all the same reports why, not the narrowed clause.
void h(int n, float *a) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      a[j] = a[j] + 1; // expected-warning {{cannot prove that write to 'a[j]' and read of 'a[j]' are independent}} expected-note {{read is here}}
}
