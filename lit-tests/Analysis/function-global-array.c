// Global arrays of constant size that functions called from the loop read, and global pointers
// they read or write through (`double *data;` set by main), are arrays of the loop: their accesses are walked through the call (sections, the dependence test), and the
// device copy of the function takes a pointer to the array's elements or rows, passed on by
// name (a global pointer cast to the function's type: the loop's copy is `const` when it only
// reads). A write to one from a function keeps the loop serial; a dependence between the loop's
// write and a function's read is an error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t -fplugin-arg-gpupar-remarks %s
// RUN: %filecheck %s --check-prefix=CU < %t/function-global-array.gpupar.cu
// RUN: %filecheck %s --check-prefix=PTR < %t/function-global-array.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/function-global-array.gpupar.cu
// RUN: not %gpupar_cc -fsyntax-only -DDEPENDENCE -Xclang -verify=dep %s

extern int perm[8];
static int permuted(int k) { return perm[k % 8]; }
int perm[8] = {3, 1, 2, 0, 7, 5, 6, 4};
static const double coef[4] = {0.5, 1.0, 2.0, 4.0};
double grid[3][4];
static double lookup(int k) { return coef[k & 3]; }
static double at(int r, int c) { return grid[r % 3][c % 4]; }
static double both(const double *x, int k) { return x[k] * lookup(k) + at(k, k + 1); }

// Declared without a size before the function that reads it: the definition gives the size.
extern double late[];
static double tail(int k) { return late[k & 3]; }
double late[4];

void reads(int n, int *p, double *x, double *y) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: perm (in), p (out)}}
    p[i] = permuted(i) + perm[i % 8];
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: x (in), coef (in), grid (in), y (out)}}
    y[i] = both(x, i);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: late (in), y (out)}}
    y[i] = tail(i);
}
// CU: static __host__ __device__ inline int gpupar_fn_permuted(int k, const int *perm) {
// CU: static __host__ __device__ inline double gpupar_fn_lookup(int k, const double *coef) {
// CU: static __host__ __device__ inline double gpupar_fn_at(int r, int c, const double (*grid)[4]) {
// CU: static __host__ __device__ inline double gpupar_fn_both(const double *x, int k, const double *coef, const double (*grid)[4]) {
// CU-NEXT: return x[k] * gpupar_fn_lookup(k, coef) + gpupar_fn_at(k, k + 1, grid);
// CU: p[i] = gpupar_fn_permuted(i, perm) + perm[i % 8];
// CU: y[i] = gpupar_fn_both((const double *)(x), i, coef, grid);

double *data, *result;
int width;
static double first(int i) { return data[i * width]; }
static void fill(int i) {
  for (int j = 0; j < width; j++)
    result[i * width + j] = data[i * width + j] * 2;
}
void pointers(int n, double *y) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: data (in), y (out)}}
    y[i] = first(i);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: data (in), result (out)}}
    fill(i);
}
// PTR: static __host__ __device__ inline double gpupar_fn_first(int i, double *data, int width) {
// PTR: static __host__ __device__ inline void gpupar_fn_fill(int i, int width, double *result, double *data) {
// PTR: y[i] = gpupar_fn_first(i, (double *)(data), width);
// PTR: gpupar_fn_fill(i, width, (double *)(result), (double *)(data));

double tab[16];
static void put(int k) { tab[k] = 1; } // expected-warning {{in function 'put': global variable 'tab' is written; functions called from an offloaded loop may read globals but not write them (each device gets a copy of their values); the loop stays serial}}
void writes(void) {
#pragma gpupar
  for (int i = 0; i < 16; i++)
    put(i); // expected-note {{called from the loop here}}
}

#ifdef DEPENDENCE
static double next(int k) { return tab[k + 1]; } // dep-note {{read is here}}
void shifted(void) {
#pragma gpupar
  for (int i = 0; i < 15; i++)
    tab[i] = next(i); // dep-error {{write to 'tab[i]' and read of 'tab[k + 1]' carry a dependence of distance 1}} dep-note {{called from the loop here}}
}
#endif
