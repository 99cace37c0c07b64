// Malformed data regions are errors at the offending clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void step(int n, float *a, const float *b);

int region(int n, float *a, float *b) {
#pragma gpupar data map(tofrom: c[0:n]) // expected-error {{'c' in 'map' is not a pointer or array variable declared before the data region}}
  {
    step(n, a, b);
  }
#pragma gpupar data // expected-error {{'#pragma gpupar data' needs at least one 'map' clause}}
  {
    step(n, a, b);
  }
#pragma gpupar data map(to: a[0:n]) private(n) // expected-error {{only 'map' clauses are allowed on '#pragma gpupar data'}}
  {
    step(n, a, b);
  }
#pragma gpupar data map(to: a[0:n]) // expected-error {{'#pragma gpupar data' must be followed by a compound statement}}
  step(n, a, b);
  return 0;
}
