// Writes through `/` and `%` by a constant: two iterations writing one element are a proven
// dependence (an error naming the access); a write whose elements are not one range stays
// serial with a warning. Reads are fine (lit-tests/Emit/divmod.test).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
#define M 8
void halves(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i / 2] = 1; // expected-error {{'a[i / 2]' writes the same element in different iterations of 'i': 'i / 2' has the same value in consecutive iterations}}
}
void period(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i % 4] += 1; // expected-error {{'a[i % 4]' writes the same element in different iterations of 'i': 'i % 4' has the same value in iterations 4 apart}}
}
void stepped(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i += 2)
    a[i % 4] = 1; // expected-error {{'a[i % 4]' writes the same element in different iterations of 'i': 'i % 4' has the same value in iterations 2 apart}}
}
void constant(float *a) {
#pragma gpupar
  for (int i = 0; i < 10; i++)
    a[i / 3] = 1; // expected-error {{'a[i / 3]' writes the same element in different iterations of 'i': 'i / 3' has the same value in iterations 'i = 0' and 'i = 1'}}
}
void through_locals(int n, float *a) {
#pragma gpupar
  for (int idx = 0; idx < n; idx++) {
    int row = idx / M;
    a[row] = 0; // expected-error {{'a[row]' writes the same element in different iterations of 'idx': 'idx / 8' has the same value in consecutive iterations}}
  }
}
void conditional(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (b[i] > 0)
      a[i / 2] = b[i]; // expected-warning {{'a[i / 2]' may write the same element in different iterations of 'i': 'i / 2' has the same value in consecutive iterations (the accesses are conditional); the loop stays serial}}
}
void padded(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[(i / 4) * 8 + i % 4] = 1; // expected-warning {{cannot tell exactly which elements 'a[(i / 4) * 8 + i % 4]' writes ('i / 4' divides a loop variable); the loop stays serial ('idx / M' and 'idx % M' combine into 'idx' only as 'a[idx / M][idx % M]' with rows of exactly M elements, or 'a[(idx / M) * M + idx % M]')}}
}
// Four iterations, four different elements: no dependence, but still not one range.
void short_period(float *a) {
#pragma gpupar
  for (int i = 0; i < 4; i++)
    a[i % 4 * 2] = 1; // expected-warning {{cannot tell exactly which elements 'a[i % 4 * 2]' writes ('i / 4' divides a loop variable)}}
}
// Spaced far enough apart: every iteration its own element, still not one range.
void spaced(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[(3 * i) / 2] = 1; // expected-warning {{cannot tell exactly which elements 'a[(3 * i) / 2]' writes ('(3 * i) / 2' divides a loop variable)}}
}
// The flattened nest is an ordinary affine write: `(idx / M) * M + idx % M` is idx.
void flat(int n, float out[][M], const float in[][M]) {
#pragma gpupar
  for (int idx = 0; idx < n * M; idx++) {
    int i = idx / M, j = idx % M;
    out[i][j] = in[i][(j + 1) % M];
  }
}
