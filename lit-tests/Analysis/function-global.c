// Functions called from the loop may use their parameters and locals, file-scope constants
// ('const' integers, floats and doubles with a constant value, which the .cu file defines again
// with that value), and read other global numbers and structs of numbers, whose values the loop
// sends with each call: the device copy of a function takes them as parameters of the same
// names. Arrays of constant size and pointers are tested in function-global-array.c (here: a
// pointer read at a computed index needs 'map'). Pointers to pointers, arrays of unknown size,
// globals a function writes, and globals the loop writes keep the loop serial.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=CU < %t/function-global.gpupar.cu
// RUN: %filecheck %s --check-prefix=FN < %t/function-global.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/function-global.gpupar.cu
int scale;
static float mul(float x) { return x * scale; }
static float twice(float x) { return mul(x) + mul(x); }
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = twice(a[i]);
}
// FN: static __host__ __device__ inline float gpupar_fn_mul(float x, int scale) {
// FN-NEXT: return x * scale;
// FN: static __host__ __device__ inline float gpupar_fn_twice(float x, int scale) {
// FN-NEXT: return gpupar_fn_mul(x, scale) + gpupar_fn_mul(x, scale);

// A struct of numbers is passed whole; a global declared twice is one value.
struct params {
  double alpha;
  int k;
} par;
extern long total;
long total;
static long count(void) { return total + par.k; }
static double weighted(double v) { return v * par.alpha + par.k + count(); }
void record(int n, double *v) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    v[i] = weighted(v[i]);
}
// FN: inline long gpupar_fn_count(long total, struct params par) {
// FN-NEXT: return total + par.k;
// FN: inline double gpupar_fn_weighted(double v, struct params par, long total) {
// FN-NEXT: return v * par.alpha + par.k + gpupar_fn_count(total, par);
// FN: static __host__ __device__ inline void gpupar_body_function_global_{{[0-9]+}}(int i, int scale, float *__restrict__ a) {
// FN-NEXT: do {
// FN-NEXT: a[i] = gpupar_fn_twice(a[i], scale);

static const float gain = 1.5f;
const long offset = -40000000000L;
static const unsigned char mask = 0x7f;
static const double third = 1.0 / 3.0;
static float shifted(float x) { return x * gain + (float)offset + mask + (float)third; }
void constants(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = shifted(a[i]);
}
// CU: // Constants of {{.*}}function-global.c the functions below read
// CU-NEXT: static constexpr float gain = (float)(0x1.8p+0);
// CU-NEXT: static constexpr long offset = (long)(-40000000000LL);
// CU-NEXT: static constexpr unsigned char mask = (unsigned char)(127ULL);
// CU-NEXT: static constexpr double third = (double)(0x1.5555555555555p-2);

static volatile const int knob = 3;
static const _Bool flag = 1;
extern double open[];
static int first(int k) { return (int)open[k]; } // expected-warning {{in function 'first': global variable 'open' has type 'double[]'; functions called from an offloaded loop may use global numbers and structs of numbers, and arrays of a known size of and pointers to those; the loop stays serial}}
static int turned(int k) { return k + knob; }    // expected-warning {{in function 'turned': volatile variable 'knob' is not supported; the loop stays serial}}
static int flagged(int k) { return k + flag; }
void others(int n, int *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = first(a[i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = turned(a[i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = flagged(a[i]);
}

int calls;
int *where;
static int counted(int k) { calls++; return k; } // expected-warning {{in function 'counted': global variable 'calls' is written; functions called from an offloaded loop may read globals but not write them (each device gets a copy of their values); the loop stays serial}}
static int stored(int k) { par.k = k; return k; }  // expected-warning {{in function 'stored': global variable 'par' is written;}}
static int pointed(int k) { return where[k]; }     // the extent of 'where' is found at the call
int **table;
static int indirect(int k) { return table[k][0]; } // expected-warning {{in function 'indirect': global variable 'table' has type 'int **'; functions called from an offloaded loop may use global numbers and structs of numbers, and arrays of a known size of and pointers to those; the loop stays serial}}
static int hides(int k) {
  int r = k + calls;
  {
    int calls = 2; // expected-warning {{in function 'hides': local 'calls' has the name of a global variable that this function, or one it calls, reads; rename it; the loop stays serial}}
    r += calls;
  }
  return r;
}
static int get(const int *p) { return *p; }
static int addressed(int k) { return get(&calls) + k; } // expected-warning {{in function 'addressed': global variable 'calls' is used through its address; functions called from an offloaded loop may read globals but not write them}}
static int reads(int k) { return k + calls; }
void writers(int n, int *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = counted(a[i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = stored(a[i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = pointed(a[i]);
#pragma gpupar map(to: where[0:n])
  for (int i = 0; i < n; i++)
    a[i] = pointed(a[i]);
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = indirect(a[i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = hides(a[i]); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = addressed(a[i]); // expected-note {{called from the loop here}}
#pragma gpupar private(calls)
  for (int i = 0; i < n; i++) {
    calls = i;
    a[i] = reads(a[i]) + calls; // expected-warning {{the loop writes global variable 'calls', which function 'reads' reads; the loop stays serial}}
  }
}
void shadowed(int n, int *a, int calls) { // expected-warning {{'calls' here hides global variable 'calls', which function 'reads' called from the loop reads; rename it; the loop stays serial}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = reads(a[i]) + calls; // expected-note {{called from the loop here}}
}
