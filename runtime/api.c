/* Public inspection API: init, version, backend and devices. */
#include <string.h>

#include "backend.h"
#include "registry.h"

int gpupar_init(void) {
  gpupar__registry_get();
  return GPUPAR_OK;
}

unsigned gpupar_version(void) { return GPUPAR_VERSION_CODE; }

int gpupar_backend_in_use(void) { return gpupar__registry_get()->backend; }

const char *gpupar_backend_name(int backend) {
  switch (backend) {
  case GPUPAR_BACKEND_CPU:
    return "cpu";
  case GPUPAR_BACKEND_EMU:
    return "emu";
  case GPUPAR_BACKEND_CUDA:
    return "cuda";
  }
  return "unknown";
}

const char *gpupar_backend_reason(void) { return gpupar__registry_get()->reason; }

int gpupar_device_count(void) { return gpupar__registry_get()->ndev; }

int gpupar_device_get_info(int index, gpupar_device_info *info) {
  gpupar__registry *reg = gpupar__registry_get();
  if (!info || index < 0 || index >= reg->ndev)
    return GPUPAR_EINVAL;
  *info = reg->dev[index].info;
  return GPUPAR_OK;
}

const char *gpupar_cuda_unavailable_reason(void) {
  gpupar__registry_get();
  const gpupar__cuda_probe *probe = gpupar__cuda_probe_get();
  return probe->count > 0 ? NULL : probe->reason;
}
