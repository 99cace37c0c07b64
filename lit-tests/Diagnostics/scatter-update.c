// An update at a run-time index may update one element twice. When every access of the array is
// an update with one operator and its extent is known, the loop is offloaded with an array
// reduction over that extent (Analysis/array-reduction-auto.c). Where the reduction cannot be
// formed, the warning suggests it, never 'independent', and only where the clause would be
// accepted: not for an array of more than one dimension or of structs (Rodinia lavaMD). With 'independent' (no two iterations
// write one element: each update reads only what its own iteration writes) and the section's
// extent, it is a scatter write. An array that the loop also reads outside its updates gets no
// suggestion: a reduction clause could not hold that read (each device's copy starts at zero).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const int *idx, const float *v, float *h, int *count, float **rows) {
  int m[8][8] = {{0}};
#pragma gpupar map(tofrom: h[0:n])
  for (int i = 0; i < n; i++)
    h[idx[i]] += rows[i][0]; // expected-warning {{'h[idx[i]] += rows[i][0]' updates 'h' at an index that is not affine in the loop variables, so two iterations may update the same element; to offload it, declare 'reduction(+: h[0:n])'}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    count[idx[i]] *= count[idx[i]] + 2; // expected-warning {{'count' is written at 'count[idx[i]]', an index that is not affine in the loop variables, and also read}} expected-note {{read is here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    m[idx[i] & 7][i % 8]++; // expected-warning {{'m[idx[i] & 7][i % 8]++' updates 'm' at an index that is not affine in the loop variables, so two iterations may update the same element; array reductions take one-dimensional arrays of integer or floating types up to 64 bits, and it has more than one dimension; the loop stays serial}}
#pragma gpupar independent map(tofrom: h[0:n])
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: v (in), idx (in), h (out, scatter)}}
    h[idx[i]] += v[i]; // expected-remark {{'h' is written at indices known only at run time}}
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    count[idx[i]]++; // expected-warning {{'count[idx[i]]++' updates 'count' at an index that is not affine in the loop variables, so two iterations may update the same element; to offload it, declare 'reduction(+: count[0:len])' with the number of elements}}
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float t = h[i];  // expected-note {{read is here}}
    h[idx[i]] -= t; // expected-warning {{'h' is written at 'h[idx[i]]', an index that is not affine in the loop variables, and also read; gpupar cannot tell whether an iteration reads what another writes; the loop stays serial}}
  }
}

// Rodinia lavaMD: updates of a member of structs at an offset read from a table.
typedef struct { double v, x, y, z; } four_vector;
void lavamd(int nb, four_vector *fv, const long *offset, const double *q) {
#pragma gpupar
  for (int l = 0; l < nb; l++) {
    four_vector *fA = &fv[offset[l]];
    for (int i = 0; i < 4; i++)
      fA[i].v += q[i]; // expected-warning {{'fA[i].v += q[i]' updates 'fv' at an index that is not affine in the loop variables, so two iterations may update the same element; array reductions take one-dimensional arrays of integer or floating types up to 64 bits, and its elements are of type 'four_vector'; the loop stays serial}}
  }
}
