// memcpy, memmove and memset of whole elements are accesses like an inner loop over the
// elements: `memcpy(&y[i*m], &x[i*m], m * sizeof(double))` writes y[i*m + k] and reads
// x[i*m + k] for k in [0, m). The .cu calls kernel.h's gpupar_memcpy, gpupar_memmove and
// gpupar_memset, which a device has. Sizes that are not whole elements, counts that change with
// the loop, memset of a non-zero byte into wider elements and copies of struct members keep the
// loop serial.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %filecheck %s --check-prefix=CU < %t/memory-calls.gpupar.cu
// RUN: %cxx -x c++ -Wall -Wextra -Werror -fsyntax-only %gpupar_include %t/memory-calls.gpupar.cu
#include <string.h>

struct pt {
  double x[4];
};

void rows(int n, int m, double *y, const double *x, float *f, unsigned char *bytes) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: y (out), x (in)}}
    memcpy(&y[i * m], &x[i * m], m * sizeof(double));
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: f (out)}}
    memset(f + i * m, 0, sizeof *f * m);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: bytes (out)}}
    memset(&bytes[i * 16], 0xff, 16);
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: x (in), y (out)}}
    double t[4];
    memcpy(t, &x[4 * i], sizeof t);
    y[i] = t[0] + t[3];
  }
}
// CU: gpupar_memcpy(&y[i * m], &x[i * m], m * sizeof(double));
// CU: gpupar_memset(f + i * m, 0, ((size_t)4u) * m);
// CU: gpupar_memcpy(t, &x[4 * i], ((size_t)32u));

void shifted(int n, int m, double *r) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: r (inout)}}
    memmove(&r[i * m + 1], &r[i * m], (m - 1) * sizeof(double));
}
// CU: gpupar_memmove(&r[i * m + 1], &r[i * m], (m - 1) * sizeof(double));

// The copies overlap from one iteration to the next.
void overlapping(int n, double *r) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    memcpy(&r[2 * i], &r[2 * i + 1], 2 * sizeof(double)); // expected-warning {{cannot prove that write to '&r[2 * i]' and read of '&r[2 * i + 1]' are independent; the loop stays serial}} expected-note {{read is here}}
}

void refused(int n, int m, double *y, const double *x, struct pt *p) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    memcpy(&y[i * m], &x[i * m], m); // expected-warning {{the size 'm' of 'memcpy' is not a number of elements times 'sizeof(double)' that stays the same in every iteration}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    memcpy(&y[i * m], &x[i * m], i * sizeof(double)); // expected-warning {{the size 'i * sizeof(double)' of 'memcpy' is not a number of elements}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    memset(&y[i * m], 1, m * sizeof(double)); // expected-warning {{'memset' to '1' sets each byte of an element of type 'double' to '1'; only 0 is supported for elements wider than a byte}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    memcpy(p[i].x, &x[4 * i], 4 * sizeof(double)); // expected-warning {{'memcpy' of 'p[i].x': only whole elements of an array of the loop or a local array of the body are supported}}
}

// Rows of two-dimensional arrays count in their elements: `sizeof *A` is one row of 8 doubles.
void rows2d(int n, double (*A)[8], double (*B)[8]) {
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: A (out)}}
    memset(A + i, 0, sizeof *A);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: B (out), A (in)}}
    memcpy(B[i], A + i, sizeof A[i]);
}
// CU: gpupar_memset(A + i, 0, ((size_t)64u));
// CU: gpupar_memcpy(B[i], A + i, ((size_t)64u));
