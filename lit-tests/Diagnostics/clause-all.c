// Every clause parses; the loop is analysed as usual.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
#define N 100
void f(int n, float *a, const float *b) {
#pragma gpupar independent, if(n > N) devices(2) 
  for (int i = 0; i < n; i++)
    a[i] = b[i];
}
