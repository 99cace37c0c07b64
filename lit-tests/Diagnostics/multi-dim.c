// Multi-dimensional arrays wait for the emitter.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
float M[10][10];
void f(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    M[i][0] = 0; // expected-warning {{multi-dimensional array access 'M[i][0]' is not generated yet; the loop stays serial}}
}
