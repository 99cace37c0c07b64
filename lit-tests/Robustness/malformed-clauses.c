// Malformed clauses of every kind: each gets one error at the offending token, no crash.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define N 16
#define RED reduction(+: s)
void f(int n, float *a, float s) {
#pragma gpupar reduction // expected-error {{expected '(' after 'reduction'}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar reduction( // expected-error {{expected a reduction operator}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar reduction(+ // expected-error {{expected ':' after reduction operator}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar reduction(+: // expected-error {{expected a variable name in 'reduction' clause}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar reduction(+: s, ) // expected-error {{expected a variable name in 'reduction' clause, found ')'}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar reduction(+: a[0:]) // expected-error {{expected an expression in 'reduction' clause}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar reduction(+: a[(0:n]) // expected-error {{expected ':' between the first element and the length}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar map(to a[0:n]) // expected-error {{expected ':' after map kind}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar map(: a[0:n]) // expected-error {{expected a map kind ('to', 'from' or 'tofrom')}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar collapse() // expected-error {{expected an expression in 'collapse' clause}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar collapse(-1) // expected-error {{the argument of 'collapse' must be a positive integer constant, found '- 1'}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar collapse(99999999999999999999999) // expected-error {{the argument of 'collapse' must be a positive integer constant}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar if(n > (1) // expected-error {{expected ')' to close the 'if' clause}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar devices(2)) // expected-error {{expected a clause name in '#pragma gpupar', found ')'}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar private(,) // expected-error {{expected a variable name in 'private' clause, found ','}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar independent independent // expected-error {{duplicate 'independent' clause}} expected-note {{previous 'independent' is here}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar "string" // expected-error {{expected a clause name in '#pragma gpupar', found '"string"'}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar reduction(+: s) RED // expected-error {{'s' appears in more than one 'private' or 'reduction' item}} expected-note {{first named here}}
  for (int i = 0; i < n; i++) a[i] = s;
#pragma gpupar if(n > N) devices(N / 8) , , independent
  for (int i = 0; i < n; i++) a[i] = s;
}
