// A file without '#pragma gpupar' produces no files.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fplugin-arg-gpupar-outdir=%t -c %s -o %t.o
// RUN: ls %t | count 0
void f(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
