// Clause names resolve in the loop's scope, as C resolves names in the loop's header: a
// variable of a sibling block, of a block after the loop or of another function is an error at
// the clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int other(int n) {
  int elsewhere = n;
  return elsewhere;
}

void sibling(int n, float *a) {
  {
    float t = 0; // expected-note {{'t' is declared here, in a scope that does not contain the loop}}
    (void)t;
  }
  // expected-error@+1 {{use of undeclared identifier 't' in 'private' clause}}
#pragma gpupar private(t)
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

void later(int n, float *a) {
  // expected-error@+1 {{use of undeclared identifier 's' in 'reduction' clause}}
#pragma gpupar reduction(+: s)
  for (int i = 0; i < n; i++)
    a[i] = 0;
  float s = 0; // expected-note {{'s' is declared here, in a scope that does not contain the loop}}
  (void)s;
}

void function(int n, float *a) {
  // expected-error@+1 {{use of undeclared identifier 'elsewhere' in 'private' clause}}
#pragma gpupar private(elsewhere)
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

void mapped(int n, float *a) {
  if (n > 4) {
    float *b = a; // expected-note {{'b' is declared here, in a scope that does not contain the loop}}
    (void)b;
  }
  // expected-error@+1 {{use of undeclared identifier 'b' in 'map' clause}}
#pragma gpupar map(tofrom: b[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

// Visible: an enclosing block's local declared before the loop, a loop header's variable, a
// parameter, a file-scope variable.
float g;
void visible(int n, float *a) {
  float t;
  for (int k = 0; k < 2; k++) {
#pragma gpupar private(t, g)
    for (int i = 0; i < n; i++) {
      t = a[i];
      g = t * 2;
      a[i] = g + k;
    }
  }
}
