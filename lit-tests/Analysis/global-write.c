// Writing a global scalar needs a clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int last;
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    last = i; // expected-warning {{write to global variable 'last' in an offloaded loop; the loop stays serial}} expected-note {{name it in 'private(last)' if that is what the loop does}}
  }
}
int hits;
void g(int n, const float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      hits++; // expected-warning {{write to global variable 'hits' in an offloaded loop; the loop stays serial}} expected-note {{name it in 'reduction(+: hits)' if that is what the loop does}}
}
int seen;
void h(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    a[i] = seen; // expected-note {{an iteration reads the value another iteration wrote here; the loop cannot run in parallel as written}}
    seen = i;    // expected-warning {{write to global variable 'seen' in an offloaded loop; the loop stays serial}}
  }
}
