// With collapse, iterations of every collapsed loop must be independent.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define N 64
float A[N][N];
void f(void) {
#pragma gpupar collapse(2)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i - 1][j]; // expected-error {{write to 'A[i][j]' and read of 'A[i - 1][j]' carry a dependence of distance 1}} expected-note {{read is here}}
#pragma gpupar collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i][j - 1]; // expected-error {{write to 'A[i][j]' and read of 'A[i][j - 1]' carry a dependence of distance 1 in loop 'j'}} expected-note {{read is here}}
}
