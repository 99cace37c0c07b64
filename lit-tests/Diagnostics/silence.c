// -fplugin-arg-gpupar-no=<id> silences one warning or remark by the id its message ends with;
// the loop still stays serial (with 'remarks', an offloaded loop would be reported). Errors
// cannot be silenced, and an unknown id is a warning.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=quiet -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-no=dependence-unknown -fplugin-arg-gpupar-no=scalar-reduced -fplugin-arg-gpupar-no=auto-not-collapsed -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=quiet -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-werror -fplugin-arg-gpupar-no=dependence-unknown -fplugin-arg-gpupar-no=scalar-reduced -fplugin-arg-gpupar-no=auto-not-collapsed -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=other -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-no=call-undefined -fplugin-arg-gpupar-outdir=%t %s
// RUN: not %gpupar_cc -fsyntax-only -fplugin-arg-gpupar-no=dependence-distance %s 2>&1 | %FileCheck --check-prefix=ERROR %s
// RUN: not %gpupar_cc -fsyntax-only -fplugin-arg-gpupar-no=note-read %s 2>&1 | %FileCheck --check-prefix=NOTE %s
// RUN: %gpupar_cc -fsyntax-only -fplugin-arg-gpupar-no=no-such-id -fplugin-arg-gpupar-outdir=%t %s 2>&1 | %FileCheck --check-prefix=UNKNOWN %s
// quiet-remark@+5 {{loop offloaded: s (reduction)}}
// other-remark@+4 {{loop offloaded: s (reduction)}}
// expected-remark@+3 {{loop offloaded: s (reduction)}}
float sum(int n, float s) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    s += i; // expected-remark {{'s' is reduced with '+' [gpupar-scalar-reduced]}} other-remark {{'s' is reduced with '+'}}
  return s;
}
void f(int n, int m, int k, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = a[(m + k) * i]; // expected-warning {{cannot prove that write to 'a[i]' and read of 'a[(m + k) * i]' are independent; the loop stays serial [gpupar-dependence-unknown]}} expected-note {{read is here}} expected-note {{add 'independent' to '#pragma gpupar'}} other-warning {{are independent}} other-note {{read is here}} other-note {{add 'independent'}}
}
// A remark of the analysis goes with its note; the outer loop is still offloaded.
// quiet-remark@+5 {{loop offloaded: a (inout)}}
// other-remark@+4 {{loop offloaded: a (inout)}}
// expected-remark@+3 {{loop offloaded: a (inout)}}
void prefix(int n, double (*a)[100]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 1; j < 100; j++) // expected-remark {{perfectly nested loop over 'j' not collapsed: each thread runs all of its iterations [gpupar-auto-not-collapsed]}} other-remark {{not collapsed}}
      a[i][j] += a[i][j - 1]; // expected-note {{as 'collapse(2)': write to 'a[i][j]' and read of 'a[i][j - 1]' carry a dependence of distance 1 in loop 'j'}} other-note {{as 'collapse(2)'}}
}
// ERROR: error: 'dependence-distance' cannot be silenced with 'no=dependence-distance': it is an error or a note; only warnings and remarks can
// NOTE: error: 'note-read' cannot be silenced
// UNKNOWN: warning: unknown gpupar diagnostic id 'no-such-id' in 'no=no-such-id'; the ids are listed in docs/diagnostics.md
// UNKNOWN: warning: cannot prove that write to 'a[i]' and read of 'a[(m + k) * i]' are independent
