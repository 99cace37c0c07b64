/* Parsing of GPUPAR_DEVICES, GPUPAR_LOG and GPUPAR_TRACE. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

void gpupar__config_defaults(gpupar__config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->devices = GPUPAR__DEVICES_AUTO;
  snprintf(cfg->devices_text, sizeof cfg->devices_text, "auto");
  cfg->log_level = GPUPAR__LOG_WARN;
}

/* Parses a decimal number without sign of at most 4 digits from `*p`, advancing it. */
static int parse_small_uint(const char **p, int *out) {
  const char *s = *p;
  int v = 0, digits = 0;
  while (*s >= '0' && *s <= '9') {
    if (++digits > 4)
      return -1;
    v = v * 10 + (*s - '0');
    s++;
  }
  if (digits == 0)
    return -1;
  *p = s;
  *out = v;
  return 0;
}

static int invalid_devices(const char *value, char *msg, size_t len) {
  snprintf(msg, len, "GPUPAR_DEVICES='%.100s' is invalid: " GPUPAR__DEVICES_FORMS, value);
  return -1;
}

int gpupar__config_parse_devices(const char *value, gpupar__config *cfg, char *msg, size_t len) {
  if (!value) {
    cfg->devices = GPUPAR__DEVICES_AUTO;
    cfg->count = 0;
    snprintf(cfg->devices_text, sizeof cfg->devices_text, "auto");
    return 0;
  }
  int mode, count = 0, ids[GPUPAR__MAX_DEVICES];
  if (strcmp(value, "auto") == 0) {
    mode = GPUPAR__DEVICES_AUTO;
  } else if (strcmp(value, "cpu") == 0) {
    mode = GPUPAR__DEVICES_CPU;
  } else if (strcmp(value, "cuda") == 0) {
    mode = GPUPAR__DEVICES_CUDA;
  } else if (strncmp(value, "cuda:", 5) == 0) {
    mode = GPUPAR__DEVICES_CUDA;
    const char *p = value + 5;
    for (;;) {
      int id;
      if (count == GPUPAR__MAX_DEVICES || parse_small_uint(&p, &id) != 0 ||
          id > GPUPAR__MAX_CUDA_INDEX)
        return invalid_devices(value, msg, len);
      for (int i = 0; i < count; i++)
        if (ids[i] == id)
          return invalid_devices(value, msg, len);
      ids[count++] = id;
      if (*p == '\0')
        break;
      if (*p++ != ',')
        return invalid_devices(value, msg, len);
    }
  } else if (strncmp(value, "emu:", 4) == 0) {
    mode = GPUPAR__DEVICES_EMU;
    const char *p = value + 4;
    if (parse_small_uint(&p, &count) != 0 || *p != '\0' || count < 1 ||
        count > GPUPAR__MAX_DEVICES || value[4] == '0')
      return invalid_devices(value, msg, len);
  } else {
    return invalid_devices(value, msg, len);
  }
  cfg->devices = mode;
  cfg->count = count;
  if (mode == GPUPAR__DEVICES_CUDA)
    memcpy(cfg->cuda_ids, ids, (size_t)count * sizeof ids[0]);
  snprintf(cfg->devices_text, sizeof cfg->devices_text, "%s", value);
  return 0;
}

int gpupar__config_parse_log(const char *value, int *level, char *msg, size_t len) {
  static const char *const names[] = {"error", "warn", "info", "debug"};
  if (!value) {
    *level = GPUPAR__LOG_WARN;
    return 0;
  }
  for (int i = 0; i < 4; i++) {
    if (strcmp(value, names[i]) == 0) {
      *level = i;
      return 0;
    }
  }
  snprintf(msg, len, "GPUPAR_LOG='%.100s' is invalid: " GPUPAR__LOG_FORMS, value);
  return -1;
}

int gpupar__config_from_env(gpupar__config *cfg, char *msg, size_t len) {
  gpupar__config_defaults(cfg);
  if (gpupar__config_parse_log(getenv("GPUPAR_LOG"), &cfg->log_level, msg, len) != 0)
    return -1;
  if (gpupar__config_parse_devices(getenv("GPUPAR_DEVICES"), cfg, msg, len) != 0)
    return -1;
  const char *trace = getenv("GPUPAR_TRACE");
  if (trace && strlen(trace) >= sizeof cfg->trace_path) {
    snprintf(msg, len, "GPUPAR_TRACE is invalid: the path is longer than %zu bytes",
             sizeof cfg->trace_path - 1);
    return -1;
  }
  snprintf(cfg->trace_path, sizeof cfg->trace_path, "%s", trace ? trace : "");
  return 0;
}

_Noreturn void gpupar__config_die(const char *msg) {
  fprintf(stderr, "gpupar: error: %s\n", msg);
  fflush(stderr);
  exit(2);
}
