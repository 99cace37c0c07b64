/* The devices loops run on: configuration read and devices selected once (thread-safe). */
#ifndef GPUPAR_RUNTIME_REGISTRY_H
#define GPUPAR_RUNTIME_REGISTRY_H

#include "backends/backend.h"
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

/* Returns whether the runtime has started (gpupar__registry_get was called). */
int gpupar__registry_started(void);

/* For tests: replaces the devices in use by `count` (0..64) devices of backend `backend`
 * (owned by the caller, must outlive its use) named "<backend->name>:<i>", each with weight 1
 * and sm_count 1, the configured streams, GPUPAR_FAULT and GPUPAR_EMU_SPEEDS applied; count 0
 * selects the cpu backend. No call may be running. Returns GPUPAR_OK or GPUPAR_EINVAL. */
int gpupar__registry_install(const gpupar__backend *backend, int count);

/* For tests: parses tuning variable `name` = `value` (see gpupar__config_parse_var; for
 * GPUPAR_FAULT, "" clears the faults) into the running configuration and re-applies faults and
 * speeds to the devices. No call may be running. Returns 0 or -1. */
int gpupar__registry_set(const char *name, const char *value);

/* Applies options set with gpupar_configure() over `cfg` (from api.c). Returns 0 or -1 with a
 * configuration error message in `msg`. */
int gpupar__options_apply(gpupar__config *cfg, char *msg, size_t len);

/* Selects the devices `cfg` asks for into `*reg` (reg->config is set to *cfg). Returns 0, or -1
 * with a configuration error message in `msg` (`len` bytes). Used by init and by tests. */
int gpupar__registry_select(gpupar__registry *reg, const gpupar__config *cfg, char *msg,
                            size_t len);

/* Returns the calling thread's current device of the backend in use (CUDA: cudaGetDevice), or -1
 * when it keeps none; gpupar__current_restore makes it current again. Every public entry point
 * that issues device work brackets it with these: the caller's current device is unchanged. */
int gpupar__current_save(const gpupar__registry *reg);
void gpupar__current_restore(const gpupar__registry *reg, int saved);

#endif
