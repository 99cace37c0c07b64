/* The simulator's cuda_runtime.h: the runtime API (cuda_runtime_api.h); device code support
 * comes from gpupar/sim_device.h, which gpupar/kernel.h includes under GPUPAR_SIM. */
#ifndef GPUPAR_SIM_CUDA_RUNTIME_H
#define GPUPAR_SIM_CUDA_RUNTIME_H
#include "cuda_runtime_api.h"
#endif
