/* gpupar version. Generated code records the version it was generated for; the runtime refuses
 * code generated for another major version. */
#ifndef GPUPAR_VERSION_H
#define GPUPAR_VERSION_H

#define GPUPAR_VERSION_MAJOR 0
#define GPUPAR_VERSION_MINOR 1
#define GPUPAR_VERSION_PATCH 0

#define GPUPAR_VERSION_CODE                                                                        \
  (GPUPAR_VERSION_MAJOR * 10000 + GPUPAR_VERSION_MINOR * 100 + GPUPAR_VERSION_PATCH)
#define GPUPAR_VERSION_STRING "0.1.0"

#endif
