// A kernel that spills registers on every architecture, added to a generated kernel file with
// `nvcc -include` (tests/e2e/ptxas_gate.sh): 1024 threads per block leave 64 registers per
// thread, and 96 values stay live until the end.
__global__ void __launch_bounds__(1024) gate_spills(float *x, int n) {
  float a[96];
#pragma unroll
  for (int i = 0; i < 96; i++)
    a[i] = x[i * n + threadIdx.x];
  float s = 0;
#pragma unroll
  for (int j = 0; j < 96; j++)
    s += a[j] * a[(j * 7) % 96] * a[(j * 13) % 96];
  x[threadIdx.x] = s;
}
