// Array-reduction sections are checked where it is provable: a section outside a fixed-size
// array (the runtime would copy past it) and an update at a constant index outside the section
// (it would be lost) are errors.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, const int *d) {
  int hist[16] = {0};
#pragma gpupar reduction(+: hist[3:16]) // expected-error {{section 'hist[3:16]' is outside 'hist', which has 16 elements}}
  for (int i = 0; i < n; i++)
    hist[d[i] & 7] += 1;
#pragma gpupar reduction(+: hist[-1:4]) // expected-error {{section 'hist[-1:4]' is outside 'hist', which has 16 elements}}
  for (int i = 0; i < n; i++)
    hist[d[i] & 1] += 1;
#pragma gpupar reduction(+: hist[0:8])
  for (int i = 0; i < n; i++)
    hist[12] += d[i]; // expected-error {{'hist[12]' updates element 12, outside the section 'hist[0:8]' named in 'reduction'}}
#pragma gpupar reduction(+: hist[0:16])
  for (int i = 0; i < n; i++)
    hist[d[i] & 15] += 1; // the whole array: fine
#pragma gpupar reduction(max: hist[8:8])
  for (int i = 0; i < n; i++)
    hist[15] = hist[15] > d[i] ? hist[15] : d[i]; // inside the section: fine
}
