// Counting loops: `x++`, `x--`, `++x`, `x += 1`, `x -= e` are '+' updates, with the clause and
// detected without it. A counter whose value is used (`b[k++]`) is no reduction.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=expected,remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const float *a, int *out) {
  int cnt = 0, neg = 0, pre = 0, mixed = 0;
  long sub = 0;
#pragma gpupar reduction(+: cnt)
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    if (a[i] > 0)
      cnt++;
#pragma gpupar
  for (int i = 0; i < n; i++) { // remarks-remark {{loop offloaded}}
    if (a[i] < 0)
      neg--;                    // remarks-remark {{'neg' is reduced with '+'}}
    ++pre;                      // remarks-remark {{'pre' is reduced with '+'}}
    mixed += 1;                 // remarks-remark {{'mixed' is reduced with '+'}}
    mixed++;
    sub -= (long)a[i];          // remarks-remark {{'sub' is reduced with '+'}}
  }
  for (int i = 0; i < n; i++)
    cnt++;
  out[0] = cnt + neg + pre + mixed + (int)sub;
}
void g(int n, const float *a, float *b) {
  int k = 0;
#pragma gpupar
  for (int i = 0; i < n; i++)
    b[k++] = a[i]; // expected-error {{read of 'k' uses the value written by the previous iteration: the iterations depend on each other through 'k'}} expected-note {{written in every iteration here}}
  b[0] = k;
}
