// OpenMP code that reduces by hand into per-thread partial arrays indexed by
// omp_get_thread_num() (Rodinia kmeans) stays serial, with a note on the idiom.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
int omp_get_thread_num(void);
void centers(int n, int k, const int *member, int **partial, int *counts) {
  int tid;
  tid = omp_get_thread_num(); // expected-note {{'tid' is set from omp_get_thread_num() here: per-thread partial results are how OpenMP code reduces by hand; for gpupar, update one shared array instead and name it in 'reduction(op: a[0:len])'}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    partial[tid][member[i]]++; // expected-warning {{subscripts of 'partial[tid][member[i]]' are not affine}}
  // The rewrite the note suggests: offloaded.
#pragma gpupar reduction(+ : counts[0:k])
  for (int i = 0; i < n; i++)
    counts[member[i]]++;
}

void declared(int n, const int *member, float **partial, const float *w) {
  int me = omp_get_thread_num(); // expected-note {{'me' is set from omp_get_thread_num() here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    partial[me][member[i]] += w[i]; // expected-warning {{are not affine}}
}
