// Malformed data regions are errors at the offending clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void step(int n, float *a, const float *b);

int region(int n, float *a, float *b) {
#pragma gpupar data map(tofrom: c[0:n]) // expected-error {{use of undeclared identifier 'c' in 'map' clause of the data region}}
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

// Names resolve where the block begins: not a local of another function, nor one of a
// sibling block (the host file would not compile).
void other(int n) {
  float *hidden = 0;
  (void)hidden;
  (void)n;
}

void scopes(int n, float *a, int k) { // expected-note {{'k' is declared here}}
  {
    float *inner = a;
    (void)inner;
  }
#pragma gpupar data map(tofrom: hidden[0:n]) // expected-error {{use of undeclared identifier 'hidden' in 'map' clause of the data region}}
  {
    step(n, a, a);
  }
#pragma gpupar data map(tofrom: inner[0:n]) // expected-error {{use of undeclared identifier 'inner' in 'map' clause of the data region}}
  {
    step(n, a, a);
  }
#pragma gpupar data map(to: k[0:n]) // expected-error {{'k' in 'map' is not a pointer or array variable}}
  {
    step(n, a, a);
  }
}
