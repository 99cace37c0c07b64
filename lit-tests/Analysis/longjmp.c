// longjmp jumps across iterations.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#include <setjmp.h>
jmp_buf env;
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (a[i] < 0)
      longjmp(env, 1); // expected-warning {{'longjmp' cannot be used in an offloaded loop: it jumps across iterations}}
}
