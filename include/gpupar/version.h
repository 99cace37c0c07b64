/* gpupar version. Generated code records the version it was generated for; the runtime refuses
 * (runs on the host) code generated for another major version, for a newer minor version, and,
 * before 1.0, for another minor version: the descriptors of loop.h grow between 0.x minors. */
#ifndef GPUPAR_VERSION_H
#define GPUPAR_VERSION_H

#define GPUPAR_VERSION_MAJOR 0
#define GPUPAR_VERSION_MINOR 3
#define GPUPAR_VERSION_PATCH 0

#define GPUPAR_VERSION_CODE                                                                        \
  (GPUPAR_VERSION_MAJOR * 10000 + GPUPAR_VERSION_MINOR * 100 + GPUPAR_VERSION_PATCH)
#define GPUPAR_VERSION_STRING "0.3.0"

#endif
