/* Support for the .cu files the gpupar plugin generates. The generated file compiles with nvcc
 * (kernels and launchers) and as plain C++ without CUDA (host entry points only, for the emu
 * backend). */
#ifndef GPUPAR_KERNEL_H
#define GPUPAR_KERNEL_H

#include <math.h>
#include <stddef.h>

#include "gpupar/loop.h"
#include "gpupar/version.h"

#ifdef __CUDACC__
#include <cuda_runtime.h>
#define GPUPAR_CUDA_FN(fn) (fn)
#else
#define __host__
#define __device__
#define GPUPAR_CUDA_FN(fn) 0
#endif

/* The value of the loop variable at normalised iteration k, modulo 2^64 (cast to its type). */
#define GPUPAR_INDEX(lo, step, k)                                                                  \
  ((unsigned long long)(lo) + (unsigned long long)(k) * (unsigned long long)(step))

#ifdef __CUDACC__
/* Grid-stride loop over the chunk's iterations [begin, end). */
#define GPUPAR_FOR_THREADS(k, begin, end)                                                          \
  for (unsigned long long k = (begin) + (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; \
       k < (end); k += (unsigned long long)gridDim.x * blockDim.x)
#endif

#endif
