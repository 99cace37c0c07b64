// Functions of this file whose bodies follow the loop's rules are called from the loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
#include <math.h>
struct V { float x, y; };
static float sq(float x) { return x * x; }
static float norm(struct V v) { return sqrtf(sq(v.x) + sq(v.y)); }
void f(int n, const struct V *v, float *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = norm(v[i]);
}
