/* Device selection from GPUPAR_DEVICES and the CUDA probe. */
#include "registry.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "memory/devmem.h"
#include "memory/hostreg.h"
#include "profile.h"
#include "trace.h"

static gpupar__registry registry;
static pthread_once_t registry_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t install_mutex = PTHREAD_MUTEX_INITIALIZER;
static atomic_int registry_started;

/* Modeled host<->device bandwidth and launch latency of emulated devices (docs/runtime.md). */
#define GPUPAR__EMU_BPS 12e9
#define GPUPAR__EMU_LATENCY_US 10.0
#define GPUPAR__CUDA_LATENCY_US 8.0

/* Resets `d` and sets what every backend shares: streams, faults, locks, pool. */
static void device_init(gpupar__registry *reg, gpupar__device *d) {
  memset(d, 0, sizeof *d);
  d->index = (int)(d - reg->dev);
  d->nstreams = reg->config.streams > 0 ? reg->config.streams : 1;
  atomic_init(&d->lost, 0);
  atomic_init(&d->sticky, 0);
  atomic_init(&d->chunks_done, 0);
  pthread_mutex_init(&d->lock, NULL);
}

/* Applies GPUPAR_FAULT and GPUPAR_EMU_SPEEDS to the devices in use. */
static void apply_testing(gpupar__registry *reg) {
  double fastest = 0;
  for (int i = 0; i < reg->config.nspeeds; i++)
    if (reg->config.emu_speeds[i] > fastest)
      fastest = reg->config.emu_speeds[i];
  for (int i = 0; i < reg->ndev; i++) {
    gpupar__device *d = &reg->dev[i];
    d->faults = 0;
    for (int f = 0; f < reg->config.nfaults; f++)
      if (strcmp(reg->config.faults[f].dev, d->info.name) == 0)
        d->faults |= reg->config.faults[f].kind;
    d->slowdown = 1;
    if (d->backend->kind == GPUPAR_BACKEND_EMU && i < reg->config.nspeeds)
      d->slowdown = fastest / reg->config.emu_speeds[i];
  }
}

static void add_emu(gpupar__registry *reg, const gpupar__backend *backend, int count) {
  reg->ndev = 0;
  for (int i = 0; i < count; i++) {
    gpupar__device *d = &reg->dev[reg->ndev++];
    device_init(reg, d);
    snprintf(d->info.name, sizeof d->info.name, "%s:%d", backend->name, i);
    snprintf(d->info.model, sizeof d->info.model, "host-emulated device");
    d->info.backend = backend->kind;
    d->info.ordinal = i;
    d->info.sm_count = 1;
    d->backend = backend;
    d->weight = 1;
    d->h2d_bps = d->d2h_bps = GPUPAR__EMU_BPS;
    d->latency_us = GPUPAR__EMU_LATENCY_US;
    gpupar__pool_init(&d->mem, (size_t)256 << 20);
  }
  reg->backend = count > 0 ? backend->kind : GPUPAR_BACKEND_CPU;
  apply_testing(reg);
}

/* Opens CUDA device `info` as reg->dev[reg->ndev]. Returns 0 or -1 with `err`. */
static int add_cuda(gpupar__registry *reg, const gpupar_device_info *info, gpupar__error *err) {
  const gpupar__cuda_probe *probe = gpupar__cuda_probe_get();
  gpupar__device *d = &reg->dev[reg->ndev];
  device_init(reg, d);
  d->info = *info;
  d->backend = &gpupar__backend_cuda;
  int clock = 1000000;
  for (int i = 0; i < probe->count; i++)
    if (probe->info[i].ordinal == info->ordinal) {
      clock = probe->clock_khz[i];
      d->resident_threads = probe->resident_threads[i];
    }
  d->weight = (double)(info->sm_count > 0 ? info->sm_count : 1) * clock;
  d->latency_us = GPUPAR__CUDA_LATENCY_US;
  int current = d->backend->get_current ? d->backend->get_current() : -1;
  int rc = d->backend->open ? d->backend->open(d, err) : GPUPAR_OK;
  if (rc == GPUPAR_OK && gpupar__cuda_bandwidth(d, &d->h2d_bps, &d->d2h_bps) != 0)
    d->h2d_bps = d->d2h_bps = GPUPAR__EMU_BPS;
  if (rc != GPUPAR_OK && d->backend->close) /* what open made before it failed */
    d->backend->close(d);
  if (d->backend->set_current)
    d->backend->set_current(current);
  if (rc != GPUPAR_OK)
    return -1;
  d->info.h2d_bandwidth = d->h2d_bps;
  d->info.d2h_bandwidth = d->d2h_bps;
  gpupar__pool_init(&d->mem, info->total_mem / 8);
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
        if (cfg->count > 0) /* a device the user named */
          return invalid(msg, len, cfg, detail);
        /* `cuda`: every usable device, and one that cannot be opened (another process took it
         * since the probe) is not; as at the probe, it is skipped. */
        GPUPAR__WARN("%s: device skipped: %s", info->name, err.msg);
        continue;
      }
    }
    if (reg->ndev == 0) {
      char why[sizeof detail];
      snprintf(why, sizeof why, "%s", detail);
      snprintf(detail, sizeof detail, "no usable GPU: no CUDA device could be opened (%.300s)",
               why);
      return invalid(msg, len, cfg, detail);
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

/* At exit: the profile table, then every cached device and staging block is freed. */
static void at_exit(void) {
  if (registry.config.profile)
    gpupar__profile_print();
  gpupar__hostreg_drop_all(); /* before the devices' memory goes: no copy is in flight */
  for (int i = 0; i < registry.ndev; i++) {
    gpupar__dev_retire(&registry.dev[i]);
  }
  gpupar__stage_drain();
}

int gpupar__current_save(const gpupar__registry *reg) {
  const gpupar__backend *be = reg->ndev > 0 ? reg->dev[0].backend : NULL;
  return be && be->get_current ? be->get_current() : -1;
}

void gpupar__current_restore(const gpupar__registry *reg, int saved) {
  const gpupar__backend *be = reg->ndev > 0 ? reg->dev[0].backend : NULL;
  if (saved >= 0 && be && be->set_current)
    be->set_current(saved);
}

static void init_once(void) {
  char msg[1024];
  gpupar__config cfg;
  if (gpupar__config_from_env(&cfg, msg, sizeof msg) != 0)
    gpupar__config_die(msg);
  if (gpupar__options_apply(&cfg, msg, sizeof msg) != 0)
    gpupar__config_die(msg);
  gpupar__log_set_level(cfg.log_level);
  gpupar__hostreg_set_limit((unsigned long long)cfg.pin_limit);
  gpupar__hostreg_set_cache(cfg.pin_cache);
  if (gpupar__registry_select(&registry, &cfg, msg, sizeof msg) != 0)
    gpupar__config_die(msg);
  gpupar__trace_start(cfg.trace_path);
  char names[256] = "";
  for (int i = 0, at = 0; i < registry.ndev && at < (int)sizeof names - 1; i++)
    at += snprintf(names + at, sizeof names - (size_t)at, "%s%s", i ? " " : "",
                   registry.dev[i].info.name);
  GPUPAR__INFO("backend %s (%s)%s%s", gpupar_backend_name(registry.backend), registry.reason,
               registry.ndev ? ": " : "", names);
  atexit(at_exit);
}

int gpupar__registry_started(void) { return atomic_load(&registry_started); }

static void mark_started(void) {
  atomic_store(&registry_started, 1);
  init_once();
}

gpupar__registry *gpupar__registry_get(void) {
  pthread_once(&registry_once, mark_started);
  return &registry;
}

int gpupar__registry_install(const gpupar__backend *backend, int count) {
  if (!backend || count < 0 || count > GPUPAR__MAX_DEVICES)
    return GPUPAR_EINVAL;
  gpupar__registry *reg = gpupar__registry_get();
  pthread_mutex_lock(&install_mutex);
  for (int i = 0; i < reg->ndev; i++) {
    gpupar__dev_retire(&reg->dev[i]);
    if (reg->dev[i].backend->close)
      reg->dev[i].backend->close(&reg->dev[i]);
  }
  add_emu(reg, backend, count);
  for (int i = 0; i < count; i++)
    if (backend->open) {
      gpupar__error err;
      if (backend->open(&reg->dev[i], &err) != GPUPAR_OK)
        GPUPAR__WARN("%s: open: %s", reg->dev[i].info.name, err.msg);
    }
  snprintf(reg->reason, sizeof reg->reason, "installed by a test: %d %s device%s", count,
           backend->name, count == 1 ? "" : "s");
  pthread_mutex_unlock(&install_mutex);
  return GPUPAR_OK;
}

int gpupar__registry_set(const char *name, const char *value) {
  gpupar__registry *reg = gpupar__registry_get();
  char msg[512];
  pthread_mutex_lock(&install_mutex);
  int rc = 0;
  if (strcmp(name, "GPUPAR_FAULT") == 0 && (!value || !*value))
    reg->config.nfaults = 0;
  else
    rc = gpupar__config_parse_var(name, value, &reg->config, msg, sizeof msg);
  if (rc == 0)
    apply_testing(reg);
  pthread_mutex_unlock(&install_mutex);
  return rc;
}
