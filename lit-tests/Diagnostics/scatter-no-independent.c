// A write at an index read from memory stays serial without 'independent'; the warning names
// the clauses that would offload it if no two iterations write one element. An index that is
// not read from memory (a scalar set in branches) gets no such suggestion.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const int *perm, const float *src, float *dst) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    dst[perm[i]] = src[i]; // expected-warning {{subscript 'dst[perm[i]]' is not affine in the loop variables, so gpupar cannot prove that different iterations write different elements of 'dst'; if no two iterations write the same element, add 'independent' and 'map(tofrom: dst[0:len])' with the number of elements; the loop stays serial}}
#pragma gpupar map(tofrom: dst[0:n])
  for (int i = 0; i < n; i++) {
    int k = perm[i];
    dst[k] = src[i]; // expected-warning {{subscript 'dst[k]' is not affine in the loop variables, so gpupar cannot prove that different iterations write different elements of 'dst'; if no two iterations write the same element, add 'independent'; the loop stays serial}}
  }
#pragma gpupar map(tofrom: dst[0:n])
  for (int i = 0; i < n; i++) {
    int k;
    k = i;
    if (i > 3)
      k = i - 1;
    dst[k] = src[i]; // expected-warning {{subscript 'dst[k]' is not affine in the loop variables, so gpupar cannot prove that different iterations write different elements of 'dst'; the loop stays serial}}
  }
}
