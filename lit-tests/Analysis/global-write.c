// Writing a global scalar needs a clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int last;
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    last = i; // expected-warning {{write to global variable 'last' in an offloaded loop; the loop stays serial}} expected-note {{name it in 'private(last)' or 'reduction(op: last)' if that is what the loop does}}
  }
}
