/* CUDA error codes the runtime acts on, as plain integers (cudaError_t values of CUDA 12/13), so
 * that code without the CUDA headers and the unit tests can use them. */
#ifndef GPUPAR_RUNTIME_CUDA_ERRORS_H
#define GPUPAR_RUNTIME_CUDA_ERRORS_H

enum {
  GPUPAR__CUDA_NO_KERNEL_IMAGE = 209, /* cudaErrorNoKernelImageForDevice */
};

/* Returns whether CUDA error `code` is sticky: the device's context is corrupt and every later
 * call on it fails until the process ends (cudaErrorECCUncorrectable 214, IllegalAddress 700,
 * LaunchTimeout 702, Assert 710, HardwareStackError 714, IllegalInstruction 715,
 * MisalignedAddress 716, InvalidAddressSpace 717, InvalidPc 718, LaunchFailure 719, Unknown 999).
 */
static inline int gpupar__cuda_sticky(int code) {
  switch (code) {
  case 214:
  case 700:
  case 702:
  case 710:
  case 714:
  case 715:
  case 716:
  case 717:
  case 718:
  case 719:
  case 999:
    return 1;
  default:
    return 0;
  }
}

#endif
