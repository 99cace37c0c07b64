// Loops written for '#pragma omp parallel for' keep compiling when the pragma becomes
// '#pragma gpupar': OpenMP words and clauses are accepted and have no effect, except 'ordered',
// which cannot be honoured: that loop stays serial, with a warning (DataRaceBench DRB110).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, const float *b, float s) {
  int i;
#pragma gpupar parallel for schedule(static, 4) shared(a, b) default(shared) firstprivate(s) num_threads(4) nowait proc_bind(close)
  for (i = 0; i < n; i++) // expected-remark {{loop offloaded}}
    a[i] = s * b[i];
#pragma gpupar simd safelen(8) aligned(a : 32) lastprivate(i)
  for (i = 0; i < n; i++) // expected-remark {{loop offloaded}}
    a[i] += b[i];
#pragma gpupar ordered // expected-warning {{'ordered' asks for parts of the iterations to run in order, which an offloaded loop cannot honour; the loop stays serial}}
  for (i = 0; i < n; i++)
    a[i] += b[i];
#pragma gpupar schedule(static) ordered(1) private(i) // expected-warning {{'ordered' asks}}
  for (int k = 0; k < n; k++)
    a[k] += b[k];
#pragma gpupar schedule(dynamic // expected-error {{expected ')' to close the 'schedule' clause}}
  for (i = 0; i < n; i++)
    a[i] += b[i];
}
