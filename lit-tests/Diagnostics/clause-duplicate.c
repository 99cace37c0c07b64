// A clause that may appear once, given twice.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *a) {
  // expected-error@+2 {{duplicate 'collapse' clause}}
  // expected-note@+1 {{previous 'collapse' is here}}
#pragma gpupar collapse(1) collapse(1)
  for (int i = 0; i < n; i++)
    a[i] = 0;
  // expected-error@+2 {{duplicate 'independent' clause}}
  // expected-note@+1 {{previous 'independent' is here}}
#pragma gpupar independent independent
  for (int i = 0; i < n; i++)
    a[i] = 0;
  // expected-error@+2 {{duplicate 'if' clause}}
  // expected-note@+1 {{previous 'if' is here}}
#pragma gpupar if(n > 1) if(n > 2)
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
