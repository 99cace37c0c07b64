// Loops written for '#pragma omp parallel for' keep compiling when the pragma becomes
// '#pragma gpupar': OpenMP words and clauses are accepted and have no effect, except 'ordered',
// which cannot be honoured: that loop stays serial, with a warning (DataRaceBench DRB110). So does
// a reduction with an identifier of OpenMP's 'declare reduction' (OpenMPSnapshot's LU_Parallel:
// 'reduction(maximum: max)' over a struct).
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
#pragma gpupar reduction(maximum: i, s) // expected-warning {{reduction identifier 'maximum' is not an operator gpupar knows (+ * min max & | ^ && ||): user-defined reductions ('declare reduction') are not supported; the loop stays serial}}
  for (int k = 0; k < n; k++)
    a[k] += b[k];
#pragma gpupar reduction(+: s) reduction(maximum: s, i) // expected-warning {{reduction identifier 'maximum'}}
  for (int k = 0; k < n; k++)
    s += b[k];
  float t = 0;
#pragma gpupar reduction(-: t) // OpenMP's '-' (as in NeoRodinia's lud): partial results are added
  for (int k = 0; k < n; k++) // expected-remark {{loop offloaded}}
    t -= a[k] * b[k];
  a[0] = t;
#pragma gpupar reduction(maximum) // expected-error {{expected a reduction operator (+ * min max & | ^ && ||), found 'maximum'}}
  for (i = 0; i < n; i++)
    a[i] += b[i];
#pragma gpupar schedule(dynamic // expected-error {{expected ')' to close the 'schedule' clause}}
  for (i = 0; i < n; i++)
    a[i] += b[i];
}
