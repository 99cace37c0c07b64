/* matmul: C = A * B for square single-precision matrices, with `collapse(2)`: one thread per
 * element of C, neighbouring threads on neighbouring columns (coalesced reads of B and writes of
 * C); chunks of rows go to the devices.
 * Usage: matmul [n]. Checks every element against a serial computation (relative 1e-4). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void matmul(int n, const float *A, const float *B, float *C) {
#pragma gpupar collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
  if (n <= 0) {
    fprintf(stderr, "usage: matmul [n]\n");
    return 2;
  }
  size_t nn = (size_t)n * n;
  float *A = malloc(nn * sizeof *A), *B = malloc(nn * sizeof *B), *C = malloc(nn * sizeof *C);
  if (!A || !B || !C) {
    fprintf(stderr, "matmul: out of memory\n");
    return 1;
  }
  for (size_t e = 0; e < nn; e++) {
    A[e] = (float)((e * 37) % 101) / 101.0f - 0.5f;
    B[e] = (float)((e * 91) % 103) / 103.0f - 0.5f;
  }
  matmul(n, A, B, C);
  long bad = 0;
  double worst = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double ref = 0, mag = 0;
      for (int k = 0; k < n; k++) {
        ref += (double)A[i * n + k] * B[k * n + j];
        mag += fabs((double)A[i * n + k] * B[k * n + j]);
      }
      double err = fabs(C[i * n + j] - ref) / (mag > 0 ? mag : 1);
      worst = err > worst ? err : worst;
      bad += err > 1e-4;
    }
  printf("matmul %dx%d: C[0][0] = %.5f, C[n-1][n-1] = %.5f; %s (worst relative error %.1e)\n", n, n,
         C[0], C[nn - 1], bad ? "MISMATCH" : "matches the serial product", worst);
  free(A), free(B), free(C);
  return bad ? 1 : 0;
}
