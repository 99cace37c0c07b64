// A read-only pointer accessed through an index array, with no 'map': its extent is the block it
// points into, looked up at the call; the remark says so and names the clause that would give it.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float *y, const float *x, const int *idx) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), x (in), y (out)}} expected-remark {{read at indices known only at run time: 'x'; each call copies the whole block of memory each points into, found among the blocks the program allocated; where one points elsewhere (a local or global array, a block under 4 KiB), the loop runs serially; 'map(to: x[lo:len])' names the elements instead}}
    y[i] = x[idx[i]];
}

// A pointer to rows of a run-time length: no block lookup (its elements are rows), so the
// clause is still needed.
void rows(int n, int m, float *y, float (*x)[m], const int *idx) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i]][0]; // expected-warning {{cannot tell which elements of 'x' 'x[idx[i]][0]' reads; add 'map(to: x[0:len])' with the number of elements}}
}
