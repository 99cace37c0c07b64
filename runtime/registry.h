/* The devices loops run on: configuration read and devices selected once (thread-safe). */
#ifndef GPUPAR_RUNTIME_REGISTRY_H
#define GPUPAR_RUNTIME_REGISTRY_H

#include "backend.h"
#include "config.h"

typedef struct gpupar__registry {
  gpupar__config config;
  int backend;      /* gpupar_backend in use */
  char reason[512]; /* why this backend: "GPUPAR_DEVICES=emu:3", "auto: no usable GPU (...)" */
  int ndev;         /* devices in use (0 for cpu) */
  gpupar__device dev[GPUPAR__MAX_DEVICES];
} gpupar__registry;

/* Returns the registry (owned by the library), reading the environment, selecting devices and
 * starting the trace on the first call; exits with status 2 on a configuration error. */
gpupar__registry *gpupar__registry_get(void);

/* Serialise the device path of gpupar_run (one loop on the devices at a time). */
void gpupar__registry_lock(void);
void gpupar__registry_unlock(void);

/* For tests: replaces the devices in use by `count` (0..64) devices of backend `backend`
 * (owned by the caller, must outlive its use) named "<backend->name>:<i>", each with weight 1
 * and sm_count 1; count 0 selects the cpu backend. Returns GPUPAR_OK or GPUPAR_EINVAL. */
int gpupar__registry_install(const gpupar__backend *backend, int count);

/* Selects the devices `cfg` asks for into `*reg` (reg->config is set to *cfg). Returns 0, or -1
 * with a configuration error message in `msg` (`len` bytes). Used by init and by tests. */
int gpupar__registry_select(gpupar__registry *reg, const gpupar__config *cfg, char *msg,
                            size_t len);

#endif
