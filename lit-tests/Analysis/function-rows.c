// Pointer-to-pointer arrays passed to functions of the file: the array as it is to a 'T **'
// parameter, one of its rows 'a[i]' to a 'T *' parameter (Rodinia kmeans'
// find_nearest_point(feature[i], nfeatures, clusters, nclusters)). Rows stay rows: a row passed
// as a pointer keeps a moving column from packing the array by columns.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static float rowsum(const float *r, int m) {
  float s = 0;
  for (int k = 0; k < m; k++)
    s += r[k];
  return s;
}
static float get(float **a, int i, int j) { return a[i][j]; }
static float colsum(float **w, int n, int j) {
  float s = 0;
  for (int k = 0; k < n; k++)
    s += w[k][j]; // expected-warning {{the column 'j' of 'w[k][j]' depends on the loop variable and a row of it is passed to a function as a pointer ('a[0]')}}
  return s;
}
static void droprow(float **a, int i) { a[i] = a[i + 1]; } // expected-warning {{in function 'droprow': pointer to pointer 'a' is offloaded only as 'a[i][j]'}}
static float second(float **a, int i) { return a[i][1]; }
static void nested(float **a, float *out, int i, int m) { out[i] = rowsum(a[i], m) + get(a, i, 0); }

void accepted(int n, int m, float **a, float **b, float *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = rowsum(a[i], m) + get(b, i, 2);
#pragma gpupar
  for (int j = 0; j < m; j++)
    out[j] = colsum(a, n, j);
#pragma gpupar
  for (int i = 0; i < n; i++)
    nested(a, out, i, m);
}

void refused(int n, int m, float **a, float *out) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    droprow(a, i); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n - 1; i++)
    out[i] = second(a + 1, i); // expected-warning {{argument 'a + 1' for pointer parameter 'a' of 'second': pointer to pointer 'a' is offloaded only as 'a[i][j]'}}
#pragma gpupar
  for (int i = 0; i < n - 1; i++)
    out[i] = second(&a[1], i); // expected-warning {{argument '&a[1]' for pointer parameter 'a' of 'second': a pointer-to-pointer parameter ('float **p') takes a pointer-to-pointer array of the loop as it is ('a'), and a pointer parameter ('float *p') one of its rows ('a[i]'); the loop stays serial}}
#pragma gpupar
  for (int j = 0; j < m; j++)
    out[j] = colsum(a, n, j) + rowsum(a[0], m);
}
