/* What a CUDA program sees around gpupar calls, on the simulated GPUs (sim_defects.sh): its
 * current device is the one it set, before and after every loop and data region, and an error
 * it left pending (a failed cudaMalloc) is not reported as a failure of gpupar's launches.
 * Checks every element against the serial computation; exit status 1 on any difference. */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, float *y) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * y[i] + 1.0f;
}

static int current(void) {
  int d = -1;
  return cudaGetDevice(&d) == cudaSuccess ? d : -1;
}

int main(void) {
  int n = 100003, bad = 0;
  float *y = malloc(n * sizeof *y), *ref = malloc(n * sizeof *ref);
  if (!y || !ref || cudaSetDevice(2) != cudaSuccess)
    return 3;
  for (int i = 0; i < n; i++)
    y[i] = ref[i] = (float)(i % 7);
  void *huge = NULL;
  if (cudaMalloc(&huge, (size_t)1 << 60) == cudaSuccess) /* leaves an error pending */
    return 3;
  scale(n, y);
  bad += current() != 2;
#pragma gpupar data map(tofrom : y[0:n])
  {
    scale(n, y);
    bad += current() != 2;
    cudaSetDevice(1);
    scale(n, y);
    bad += current() != 1;
  }
  bad += current() != 1;
  if (bad)
    fprintf(stderr, "device_state: the current device changed\n");
  /* The serial reference: values stay small integers, exact in float. */
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < n; i++)
      ref[i] = 2.0f * ref[i] + 1.0f;
  long differ = 0;
  for (int i = 0; i < n; i++)
    differ += y[i] != ref[i];
  if (differ)
    fprintf(stderr, "device_state: %ld elements differ from the serial computation\n", differ);
  printf("device_state: %s\n", bad || differ ? "FAILED" : "ok");
  free(y);
  free(ref);
  return bad || differ ? 1 : 0;
}
