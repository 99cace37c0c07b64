// Triangular inner loops (bounds affine in the offloaded loop's variable) inside an offloaded
// iteration: accepted when the dependence test proves the iterations independent with the
// inner variable's hull; refused (a warning, the loop stays serial) otherwise.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#define N 64

void upper(int n, const double *b, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}}
    for (int j = i + 1; j < n; j++) // expected-remark {{perfectly nested loop over 'j' not collapsed}} expected-note {{bound 'i + 1' of a collapsed loop depends on 'i'}}
      a[i * n + j] = 2 * b[i * n + j];
}

void lower(double s[N][N], const double *x) {
#pragma gpupar
  for (int i = 0; i < N; i++) // expected-remark {{loop offloaded}}
    for (int j = 0; j <= i; j++) // expected-remark {{perfectly nested loop over 'j' not collapsed}} expected-note {{bound 'i' of a collapsed loop depends on 'i'}}
      s[i][j] = x[i] * x[j];
}

void down(int n, double *a) {
  int j;
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}}
    for (j = n - 1; j >= i; j--) // expected-remark {{'j' is private to each iteration}} expected-remark {{perfectly nested loop over 'j' not collapsed}} expected-note {{bound 'i' of a collapsed loop depends on 'i'}}
      a[i * n + j] += 1;
}

// A real dependence: iteration i reads what iterations j < i write (the bound test finds such a
// pair, so no note suggests 'independent').
void prefix(int n, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i] += a[j]; // expected-warning {{cannot prove that write to 'a[i]' and read of 'a[j]' are independent; the loop stays serial}} expected-note {{read is here}}
}

// Every iteration writes a[0] (and more): no 'independent' suggested.
void overlap(int n, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      a[j] = i; // expected-warning {{cannot prove that different iterations write different elements with write to 'a[j]'}}
}

// A condition on the triangular variable cuts its range: the section's ends are the
// condition's bound where it cuts (Planner), so the loop is offloaded.
void guarded(int n, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded}}
    for (int j = i; j < n; j++) // expected-remark {{not collapsed}} expected-note {{bound 'i' of a collapsed loop depends on 'i'}}
      if (j > 0)
        a[i * n + j - 1] = 0;
}

// Two lower bounds on it are more than the planner folds: not offloaded.
void guarded_twice(int n, int m, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      if (j > 0 && j >= m)
        a[i * n + j - 1] = 0; // expected-warning {{subscript 'a[i * n + j - 1]' is not affine in the loop variables}}
}

// Bounds whose difference moves faster than the loop variable stay non-affine.
void steep(int n, double *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 2 * i; j < n; j++)
      a[i * n + j] = 0; // expected-warning {{subscript 'a[i * n + j]' is not affine in the loop variables}}
}
