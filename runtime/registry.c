/* Device selection from GPUPAR_DEVICES and the CUDA probe. */
#include "registry.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "trace.h"

static gpupar__registry registry;
static pthread_once_t registry_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t run_mutex = PTHREAD_MUTEX_INITIALIZER;

static void add_emu(gpupar__registry *reg, const gpupar__backend *backend, int count) {
  reg->ndev = 0;
  for (int i = 0; i < count; i++) {
    gpupar__device *d = &reg->dev[reg->ndev++];
    memset(d, 0, sizeof *d);
    snprintf(d->info.name, sizeof d->info.name, "%s:%d", backend->name, i);
    snprintf(d->info.model, sizeof d->info.model, "host-emulated device");
    d->info.backend = backend->kind;
    d->info.ordinal = i;
    d->info.sm_count = 1;
    d->backend = backend;
    d->weight = 1;
  }
  reg->backend = count > 0 ? backend->kind : GPUPAR_BACKEND_CPU;
}

/* Opens CUDA device `info` as reg->dev[reg->ndev]. Returns 0 or -1 with `err`. */
static int add_cuda(gpupar__registry *reg, const gpupar_device_info *info, gpupar__error *err) {
  gpupar__device *d = &reg->dev[reg->ndev];
  memset(d, 0, sizeof *d);
  d->info = *info;
  d->backend = &gpupar__backend_cuda;
  d->weight = info->sm_count > 0 ? (unsigned)info->sm_count : 1u;
  if (d->backend->open && d->backend->open(d, err) != GPUPAR_OK)
    return -1;
  reg->ndev++;
  return 0;
}

static int invalid(char *msg, size_t len, const gpupar__config *cfg, const char *detail) {
  snprintf(msg, len, "GPUPAR_DEVICES='%s' is invalid: %s; " GPUPAR__DEVICES_FORMS,
           cfg->devices_text, detail);
  return -1;
}

int gpupar__registry_select(gpupar__registry *reg, const gpupar__config *cfg, char *msg,
                            size_t len) {
  char detail[400];
  gpupar__error err;
  reg->config = *cfg;
  reg->ndev = 0;
  reg->backend = GPUPAR_BACKEND_CPU;
  switch (cfg->devices) {
  case GPUPAR__DEVICES_CPU:
    snprintf(reg->reason, sizeof reg->reason, "GPUPAR_DEVICES=cpu");
    return 0;
  case GPUPAR__DEVICES_EMU:
    add_emu(reg, &gpupar__backend_emu, cfg->count);
    snprintf(reg->reason, sizeof reg->reason, "GPUPAR_DEVICES=%s", cfg->devices_text);
    return 0;
  case GPUPAR__DEVICES_CUDA: {
    const gpupar__cuda_probe *probe = gpupar__cuda_probe_get();
    if (probe->count == 0) {
      snprintf(detail, sizeof detail, "no usable GPU: %s", probe->reason);
      return invalid(msg, len, cfg, detail);
    }
    int n = cfg->count > 0 ? cfg->count : probe->count;
    for (int i = 0; i < n; i++) {
      const gpupar_device_info *info = cfg->count > 0 ? NULL : &probe->info[i];
      for (int j = 0; j < probe->count && !info; j++)
        if (probe->info[j].ordinal == cfg->cuda_ids[i])
          info = &probe->info[j];
      if (!info) {
        snprintf(detail, sizeof detail, "there is no usable CUDA device %d (%d found)",
                 cfg->cuda_ids[i], probe->count);
        return invalid(msg, len, cfg, detail);
      }
      if (add_cuda(reg, info, &err) != 0) {
        snprintf(detail, sizeof detail, "%s: %s", info->name, err.msg);
        return invalid(msg, len, cfg, detail);
      }
    }
    reg->backend = GPUPAR_BACKEND_CUDA;
    snprintf(reg->reason, sizeof reg->reason, "GPUPAR_DEVICES=%s", cfg->devices_text);
    return 0;
  }
  default: { /* auto */
    const gpupar__cuda_probe *probe = gpupar__cuda_probe_get();
    for (int i = 0; i < probe->count; i++)
      if (add_cuda(reg, &probe->info[i], &err) != 0)
        GPUPAR__WARN("%s: device skipped: %s", probe->info[i].name, err.msg);
    if (reg->ndev > 0) {
      reg->backend = GPUPAR_BACKEND_CUDA;
      snprintf(reg->reason, sizeof reg->reason, "GPUPAR_DEVICES=auto: %d usable CUDA device%s",
               reg->ndev, reg->ndev == 1 ? "" : "s");
    } else {
      snprintf(reg->reason, sizeof reg->reason, "GPUPAR_DEVICES=auto: no usable GPU (%s)",
               probe->count == 0 ? probe->reason : "no CUDA device could be opened");
    }
    return 0;
  }
  }
}

static void init_once(void) {
  char msg[1024];
  gpupar__config cfg;
  if (gpupar__config_from_env(&cfg, msg, sizeof msg) != 0)
    gpupar__config_die(msg);
  gpupar__log_set_level(cfg.log_level);
  if (gpupar__registry_select(&registry, &cfg, msg, sizeof msg) != 0)
    gpupar__config_die(msg);
  gpupar__trace_start(cfg.trace_path);
  char names[256] = "";
  for (int i = 0, at = 0; i < registry.ndev && at < (int)sizeof names - 1; i++)
    at += snprintf(names + at, sizeof names - (size_t)at, "%s%s", i ? " " : "",
                   registry.dev[i].info.name);
  GPUPAR__INFO("backend %s (%s)%s%s", gpupar_backend_name(registry.backend), registry.reason,
               registry.ndev ? ": " : "", names);
}

gpupar__registry *gpupar__registry_get(void) {
  pthread_once(&registry_once, init_once);
  return &registry;
}

void gpupar__registry_lock(void) { pthread_mutex_lock(&run_mutex); }

void gpupar__registry_unlock(void) { pthread_mutex_unlock(&run_mutex); }

int gpupar__registry_install(const gpupar__backend *backend, int count) {
  if (!backend || count < 0 || count > GPUPAR__MAX_DEVICES)
    return GPUPAR_EINVAL;
  gpupar__registry *reg = gpupar__registry_get();
  gpupar__registry_lock();
  add_emu(reg, backend, count);
  snprintf(reg->reason, sizeof reg->reason, "installed by a test: %d %s device%s", count,
           backend->name, count == 1 ? "" : "s");
  gpupar__registry_unlock();
  return GPUPAR_OK;
}
