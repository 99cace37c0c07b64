// Functions called from the loop may use their parameters and locals, and file-scope constants:
// 'const' integers, floats and doubles with a constant value, which the .cu file defines again
// with that value. Any other global keeps the loop serial.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=CU < %t/function-global.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/function-global.gpupar.cu
int scale;
static float mul(float x) { return x * scale; } // expected-warning {{in function 'mul': global variable 'scale' is used; functions called from an offloaded loop may only use their parameters and locals; the loop stays serial}}
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = mul(a[i]); // expected-note {{called from the offloaded loop here}}
}

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

static const int table[2] = {1, 2};
static volatile const int knob = 3;
static const _Bool flag = 1;
static int first(int k) { return table[k & 1]; } // expected-warning {{in function 'first': global variable 'table' is used}}
static int turned(int k) { return k + knob; }    // expected-warning {{in function 'turned': global variable 'knob' is used}}
static int flagged(int k) { return k + flag; }   // expected-warning {{in function 'flagged': global variable 'flag' is used}}
void others(int n, int *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = first(a[i]); // expected-note {{called from the offloaded loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = turned(a[i]); // expected-note {{called from the offloaded loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = flagged(a[i]); // expected-note {{called from the offloaded loop here}}
}
