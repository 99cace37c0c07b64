// Pointer dereferences are subscripts of the array they point into.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: b (in), a (out)}}
    a[i] = *(b + i);
}

// Through a pointer local, the dependence is the array's.
void g(int n, float *a) {
#pragma gpupar
  for (int i = 1; i < n; i++) {
    float *p = a + i;
    *p = p[-1]; // expected-error {{write to '*p' and read of 'p[-1]' carry a dependence of distance 1}} expected-note {{read is here}}
  }
}
