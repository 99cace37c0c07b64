// Bounds are evaluated once: they must have no side effects.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int next(void);
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < next(); i++) // expected-warning {{loop bound 'next()' has side effects}}
    a[i] = 0;
}
