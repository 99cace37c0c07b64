/* Public API: init, version, backend and devices, options, NCCL version, counters; the output
 * structs' `size` (gpupar.h). */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"
#include "gather/nccl_dl.h"
#include "log.h"
#include "memory/heapmap.h"
#include "memory/hostreg.h"
#include "placement/site.h"
#include "profile.h"
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

/* Returns whether the caller's output struct `out` (starting with its size_t size) can take the
 * first `min` bytes of the layout; logs why not, naming the function `fn` and the struct. */
static int out_size_ok(const void *out, size_t min, const char *fn, const char *type) {
  if (!out) {
    GPUPAR__WARN("%s: NULL %s pointer", fn, type);
    return 0;
  }
  size_t size = *(const size_t *)out;
  if (size < min) {
    GPUPAR__WARN("%s: %s.size is %zu, less than the %zu bytes of its first layout (set it with "
                 "the struct's _INIT macro)",
                 fn, type, size, min);
    return 0;
  }
  return 1;
}

/* Copies the `full` bytes of `src` into `out` after its `size` member, up to out->size bytes. */
static void out_copy(void *out, const void *src, size_t full) {
  size_t size = *(const size_t *)out, n = size < full ? size : full;
  memcpy((char *)out + sizeof(size_t), (const char *)src + sizeof(size_t), n - sizeof(size_t));
}

int gpupar_device_get_info(int index, gpupar_device_info *info) {
  gpupar__registry *reg = gpupar__registry_get();
  /* The first layout: `size` and the fields that precede those added in 0.1. */
  if (!out_size_ok(info, offsetof(gpupar_device_info, clock_khz), "gpupar_device_get_info",
                   "gpupar_device_info") ||
      index < 0 || index >= reg->ndev)
    return GPUPAR_EINVAL;
  const gpupar__device *d = &reg->dev[index];
  gpupar_device_info full = d->info;
  full.h2d_bandwidth = d->h2d_bps;
  full.d2h_bandwidth = d->d2h_bps;
  full.streams = d->nstreams;
  full.lost = atomic_load(&((gpupar__device *)d)->lost);
  if (d->backend->kind == GPUPAR_BACKEND_CUDA) {
    const gpupar__cuda_probe *probe = gpupar__cuda_probe_get();
    for (int i = 0; i < probe->count; i++)
      if (probe->info[i].ordinal == d->info.ordinal)
        full.clock_khz = probe->clock_khz[i];
  }
  out_copy(info, &full, sizeof full);
  return GPUPAR_OK;
}

int gpupar_device_can_peer(int i, int j) {
  gpupar__registry *reg = gpupar__registry_get();
  if (i < 0 || j < 0 || i >= reg->ndev || j >= reg->ndev)
    return GPUPAR_EINVAL;
  gpupar__device *a = &reg->dev[i], *b = &reg->dev[j];
  if (i == j)
    return 1;
  return a->backend == b->backend && a->backend->can_peer && a->backend->can_peer(a, b) ? 1 : 0;
}

const char *gpupar_cuda_unavailable_reason(void) {
  gpupar__registry_get();
  const gpupar__cuda_probe *probe = gpupar__cuda_probe_get();
  return probe->count > 0 ? NULL : probe->reason;
}

int gpupar_nccl_version(int *version) {
  if (!version)
    return GPUPAR_EINVAL;
  return gpupar__nccl_version(version);
}

/* --- gpupar_configure --------------------------------------------------------------------- */

static pthread_mutex_t options_lock = PTHREAD_MUTEX_INITIALIZER;
static int options_set;
static gpupar__config options_cfg; /* the options applied over a default configuration */
static int options_has_devices, options_has_log, options_has_trace;
static char options_vars[16][2][128]; /* tuning variables set by options: name, value */
static int options_nvars;

int gpupar__options_apply(gpupar__config *cfg, char *msg, size_t len) {
  pthread_mutex_lock(&options_lock);
  int rc = 0;
  if (options_set) {
    if (options_has_devices) {
      cfg->devices = options_cfg.devices;
      cfg->count = options_cfg.count;
      memcpy(cfg->cuda_ids, options_cfg.cuda_ids, sizeof cfg->cuda_ids);
      memcpy(cfg->devices_text, options_cfg.devices_text, sizeof cfg->devices_text);
    }
    if (options_has_log)
      cfg->log_level = options_cfg.log_level;
    if (options_has_trace)
      memcpy(cfg->trace_path, options_cfg.trace_path, sizeof cfg->trace_path);
    for (int i = 0; i < options_nvars && rc == 0; i++)
      rc = gpupar__config_parse_var(options_vars[i][0], options_vars[i][1], cfg, msg, len);
    if (options_cfg.max_devices > 0)
      cfg->max_devices = options_cfg.max_devices;
  }
  pthread_mutex_unlock(&options_lock);
  return rc;
}

/* Adds tuning variable `name` = `value` to the options after checking it. Returns 0 or -1. */
static int add_var(gpupar__config *scratch, const char *name, const char *value, char *msg,
                   size_t len) {
  if (!value)
    return 0;
  if (strlen(value) >= sizeof options_vars[0][1]) {
    snprintf(msg, len, "%s is invalid: the value is too long", name);
    return -1;
  }
  if (gpupar__config_parse_var(name, value, scratch, msg, len) != 0)
    return -1;
  snprintf(options_vars[options_nvars][0], sizeof options_vars[0][0], "%s", name);
  snprintf(options_vars[options_nvars][1], sizeof options_vars[0][1], "%s", value);
  options_nvars++;
  return 0;
}

int gpupar_configure(const gpupar_options *o) {
  if (!o || o->version != GPUPAR_OPTIONS_VERSION)
    return GPUPAR_EINVAL;
  if (gpupar__registry_started())
    return GPUPAR_ESTARTED;
  char msg[512] = "", num[32];
  gpupar__config scratch;
  gpupar__config_defaults(&scratch);
  pthread_mutex_lock(&options_lock);
  options_nvars = 0;
  int bad = 0;
  if (o->devices && gpupar__config_parse_devices(o->devices, &scratch, msg, sizeof msg) != 0)
    bad = 1;
  if (!bad && o->log && gpupar__config_parse_log(o->log, &scratch.log_level, msg, sizeof msg) != 0)
    bad = 1;
  if (!bad && o->trace) {
    if (strlen(o->trace) >= sizeof scratch.trace_path) {
      snprintf(msg, sizeof msg, "the trace path is too long");
      bad = 1;
    } else {
      snprintf(scratch.trace_path, sizeof scratch.trace_path, "%s", o->trace);
    }
  }
  bad = bad || add_var(&scratch, "GPUPAR_FORCE", o->force, msg, sizeof msg) ||
        add_var(&scratch, "GPUPAR_HYBRID", o->hybrid, msg, sizeof msg) ||
        add_var(&scratch, "GPUPAR_FAULT", o->fault, msg, sizeof msg) ||
        add_var(&scratch, "GPUPAR_EMU_SPEEDS", o->emu_speeds, msg, sizeof msg);
  if (!bad && o->streams != 0) {
    snprintf(num, sizeof num, "%d", o->streams);
    bad = add_var(&scratch, "GPUPAR_STREAMS", o->streams > 0 ? num : "-", msg, sizeof msg);
  }
  if (!bad && o->threads != 0) {
    snprintf(num, sizeof num, "%d", o->threads);
    bad = add_var(&scratch, "GPUPAR_THREADS", o->threads > 0 ? num : "-", msg, sizeof msg);
  }
  if (!bad && o->min_bytes != -1) {
    snprintf(num, sizeof num, "%lld", o->min_bytes);
    bad = add_var(&scratch, "GPUPAR_MIN_BYTES", o->min_bytes >= 0 ? num : "-", msg, sizeof msg);
  }
  if (!bad && o->min_trip != -1) {
    snprintf(num, sizeof num, "%lld", o->min_trip);
    bad = add_var(&scratch, "GPUPAR_MIN_TRIP", o->min_trip >= 0 ? num : "-", msg, sizeof msg);
  }
  if (!bad && o->profile != -1) {
    snprintf(num, sizeof num, "%d", o->profile);
    bad = add_var(&scratch, "GPUPAR_PROFILE", num, msg, sizeof msg);
  }
  if (!bad && o->max_devices < 0) {
    snprintf(msg, sizeof msg, "max_devices=%d is invalid: expected 0 (no cap) or more",
             o->max_devices);
    bad = 1;
  }
  if (bad) {
    options_nvars = 0;
    pthread_mutex_unlock(&options_lock);
    GPUPAR__ERROR("gpupar_configure: %s", msg);
    return GPUPAR_ECONFIG;
  }
  scratch.max_devices = o->max_devices;
  options_cfg = scratch;
  options_has_devices = o->devices != NULL;
  options_has_log = o->log != NULL;
  options_has_trace = o->trace != NULL;
  options_set = 1;
  pthread_mutex_unlock(&options_lock);
  return GPUPAR_OK;
}

int gpupar_counters_get(const char *site, gpupar_counters *total, gpupar_counters *last) {
  /* One layout so far (0.4): the whole struct. Nothing is written unless both sizes are fine. */
  if ((total && !out_size_ok(total, sizeof(gpupar_counters), "gpupar_counters_get",
                             "gpupar_counters (total)")) ||
      (last && !out_size_ok(last, sizeof(gpupar_counters), "gpupar_counters_get",
                            "gpupar_counters (last)")))
    return GPUPAR_EINVAL;
  gpupar_counters t, l;
  int found = gpupar__site_counters(site, &t, &l) == 0;
  if (total)
    out_copy(total, &t, sizeof t);
  if (last)
    out_copy(last, &l, sizeof l);
  return found ? GPUPAR_OK : GPUPAR_EINVAL;
}

int gpupar_unregister(const void *host, size_t bytes) {
  gpupar__hostreg_drop(host, bytes);
  return GPUPAR_OK;
}

int gpupar_profile_dump(void) {
  gpupar__registry_get(); /* the devices and settings are read before the first table */
  gpupar__profile_print();
  return GPUPAR_OK;
}

long long gpupar_heap_extent(const void *p, size_t elem_size, const char *site, const char *name,
                             long long *first) {
  uintptr_t start = 0;
  size_t bytes = 0;
  *first = 0;
  if (!p || elem_size == 0 || !gpupar__heap_find(p, &start, &bytes)) {
    gpupar__registry_get(); /* the log level */
    GPUPAR__INFO("%s: '%s' (%p) points into no block of at least %d bytes that the program "
                 "allocated with malloc or its kin; the loop runs on the host",
                 site, name, p, GPUPAR__HEAP_MIN);
    return 0;
  }
  /* The whole elements of the block, counted from p: those before it too, which the loop may
   * read at negative indices. */
  uintptr_t at = (uintptr_t)p;
  long long before = (long long)((at - start) / elem_size);
  long long after = (long long)((start + bytes - at) / elem_size);
  *first = -before;
  return before + after;
}
