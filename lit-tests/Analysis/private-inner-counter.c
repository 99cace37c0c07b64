// An inner loop counter declared at the top of the function is private to each iteration (or
// the nest is collapsed and the host file gives it its final value).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
void f(int n, int m, float *a, const float *b) {
  int i, j;
#pragma gpupar
  for (i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    for (j = 0; j < m; j++) // remarks-remark {{perfectly nested loop over 'j' collapsed with the offloaded loop as by 'collapse(2)'}}
      a[i * m + j] = b[i * m + j] * 2;
}

void g(int n, int m, float *a) {
  int i, j;
#pragma gpupar
  for (i = 0; i < n; i++) // remarks-remark {{loop offloaded}}
    for (j = 1; j < m; j++) // remarks-remark {{'j' is private to each iteration}} remarks-remark {{perfectly nested loop over 'j' not collapsed}}
      a[i * m + j] += a[i * m + j - 1]; // remarks-note {{as 'collapse(2)': write to 'a[i * m + j]'}}
}
