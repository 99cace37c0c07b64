// A kernel with 52000 bytes of static shared memory (more than the 48 KB a kernel may have),
// added to a generated kernel file with `nvcc -include` (tests/e2e/ptxas_gate.sh).
__global__ void gate_shared_heavy(float *x) {
  __shared__ float buf[13000];
  buf[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = buf[(threadIdx.x + 1) % 13000];
}
