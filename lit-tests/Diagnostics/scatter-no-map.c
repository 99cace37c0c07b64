// Under 'independent' a write at an index read from memory needs the array's extent.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// Silenced by its id, the loop still serial and nothing else said:
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=silenced -fplugin-arg-gpupar-no=scatter-needs-map -fplugin-arg-gpupar-outdir=%t %s
// silenced-no-diagnostics
void f(int n, const int *perm, const float *src, float *dst) {
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    dst[perm[i]] = src[i]; // expected-warning {{cannot tell which elements of 'dst' 'dst[perm[i]]' writes; add 'map(tofrom: dst[0:len])' with the number of elements}}
}
