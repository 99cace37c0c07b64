/* Parsing of GPUPAR_DEVICES, GPUPAR_LOG, GPUPAR_TRACE and the tuning and testing variables. */
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
  cfg->streams = 2;
  cfg->min_bytes = -1;
  cfg->pin_limit = 4ll << 30; /* GPUPAR__PIN_LIMIT_DEFAULT */
  cfg->pin_cache = -1;        /* kept while the memory hooks see frees */
  cfg->min_trip = 16384;
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

const char *const gpupar__config_vars[] = {"GPUPAR_FAULT",     "GPUPAR_EMU_SPEEDS",
                                           "GPUPAR_HYBRID",    "GPUPAR_STREAMS",
                                           "GPUPAR_THREADS",   "GPUPAR_MIN_BYTES",
                                           "GPUPAR_MIN_TRIP",  "GPUPAR_PIN_LIMIT",
                                           "GPUPAR_PIN_CACHE", "GPUPAR_FORCE",
                                           "GPUPAR_PROFILE",   "GPUPAR_REDUCE",
                                           "GPUPAR_COMMIT",    NULL};

static int invalid_var(const char *name, const char *value, const char *forms, char *msg,
                       size_t len) {
  snprintf(msg, len, "%s='%.100s' is invalid: %s", name, value, forms);
  return -1;
}

/* Parses a whole decimal integer in [lo, hi] with an optional K, M or G suffix (powers of 1024)
 * when `suffix`. Returns 0 or -1. */
static int parse_int(const char *s, long long lo, long long hi, int suffix, long long *out) {
  long long v = 0;
  int digits = 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    if (++digits > 15)
      return -1;
    v = v * 10 + (*s - '0');
  }
  if (digits == 0)
    return -1;
  if (suffix && *s) {
    int shift = *s == 'K' || *s == 'k' ? 10 : *s == 'M' ? 20 : *s == 'G' ? 30 : -1;
    if (shift < 0 || s[1] != '\0' || v > (1LL << (62 - shift)))
      return -1;
    v <<= shift;
    s++;
  }
  if (*s != '\0' || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

/* Parses a positive decimal number "12", "0.25" (no sign, no exponent). Returns 0 or -1. */
static int parse_positive(const char *s, double *out) {
  double v = 0, scale = 1;
  int digits = 0, point = 0;
  for (; *s; s++) {
    if (*s == '.' && !point) {
      point = 1;
    } else if (*s >= '0' && *s <= '9' && digits < 15) {
      digits++;
      if (point)
        v += (scale /= 10) * (*s - '0');
      else
        v = v * 10 + (*s - '0');
    } else {
      return -1;
    }
  }
  if (digits == 0 || !(v > 0))
    return -1;
  *out = v;
  return 0;
}

static int parse_faults(const char *value, gpupar__config *cfg) {
  int n = 0;
  gpupar__fault faults[GPUPAR__MAX_FAULTS];
  const char *p = value;
  for (;;) {
    const char *comma = strchr(p, ',');
    size_t item = comma ? (size_t)(comma - p) : strlen(p);
    const char *at = memchr(p, '@', item);
    if (!at || n == GPUPAR__MAX_FAULTS)
      return -1;
    size_t klen = (size_t)(at - p), dlen = item - klen - 1;
    int kind = klen == 3 && strncmp(p, "oom", 3) == 0      ? GPUPAR__FAULT_OOM
               : klen == 6 && strncmp(p, "launch", 6) == 0 ? GPUPAR__FAULT_LAUNCH
               : klen == 4 && strncmp(p, "lost", 4) == 0   ? GPUPAR__FAULT_LOST
               : klen == 6 && strncmp(p, "reduce", 6) == 0 ? GPUPAR__FAULT_REDUCE
                                                           : 0;
    /* DEVICE: lowercase letters, ':', 1 to 4 digits. */
    const char *d = at + 1, *colon = memchr(d, ':', dlen);
    if (!kind || !colon || colon == d || dlen >= sizeof faults[0].dev)
      return -1;
    for (const char *c = d; c < colon; c++)
      if (*c < 'a' || *c > 'z')
        return -1;
    size_t ndig = dlen - (size_t)(colon - d) - 1;
    if (ndig < 1 || ndig > 4 || (ndig > 1 && colon[1] == '0'))
      return -1;
    for (size_t i = 1; i <= ndig; i++)
      if (colon[i] < '0' || colon[i] > '9')
        return -1;
    faults[n].kind = kind;
    memcpy(faults[n].dev, d, dlen);
    faults[n].dev[dlen] = '\0';
    n++;
    if (!comma)
      break;
    p = comma + 1;
  }
  cfg->nfaults = n;
  memcpy(cfg->faults, faults, (size_t)n * sizeof faults[0]);
  return 0;
}

static int parse_speeds(const char *value, gpupar__config *cfg) {
  double speeds[GPUPAR__MAX_DEVICES];
  int n = 0;
  char item[32];
  const char *p = value;
  for (;;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (len == 0 || len >= sizeof item || n == GPUPAR__MAX_DEVICES)
      return -1;
    memcpy(item, p, len);
    item[len] = '\0';
    if (parse_positive(item, &speeds[n++]) != 0)
      return -1;
    if (!comma)
      break;
    p = comma + 1;
  }
  cfg->nspeeds = n;
  memcpy(cfg->emu_speeds, speeds, (size_t)n * sizeof speeds[0]);
  return 0;
}

int gpupar__config_parse_var(const char *name, const char *value, gpupar__config *cfg, char *msg,
                             size_t len) {
  if (!value)
    return 0;
  long long v;
  double d;
  if (strcmp(name, "GPUPAR_FAULT") == 0) {
    if (parse_faults(value, cfg) != 0)
      return invalid_var(name, value, GPUPAR__FAULT_FORMS, msg, len);
  } else if (strcmp(name, "GPUPAR_EMU_SPEEDS") == 0) {
    if (parse_speeds(value, cfg) != 0)
      return invalid_var(name, value,
                         "expected a comma-separated list of positive numbers (emu:0, emu:1, ...)",
                         msg, len);
  } else if (strcmp(name, "GPUPAR_HYBRID") == 0) {
    if (strcmp(value, "0") == 0)
      cfg->hybrid = 0;
    else if (strcmp(value, "1") == 0)
      cfg->hybrid = -1;
    else if (value[0] == '0' && value[1] == '.' && parse_positive(value, &d) == 0 && d < 1)
      cfg->hybrid = d;
    else
      return invalid_var(name, value, "expected 0, 1 or a fraction 0.<digits> of the iterations",
                         msg, len);
  } else if (strcmp(name, "GPUPAR_STREAMS") == 0) {
    if (parse_int(value, 1, GPUPAR__MAX_STREAMS, 0, &v) != 0)
      return invalid_var(name, value, "expected a number of streams per device in 1..8", msg, len);
    cfg->streams = (int)v;
  } else if (strcmp(name, "GPUPAR_THREADS") == 0) {
    if (parse_int(value, 1, 1024, 0, &v) != 0)
      return invalid_var(name, value, "expected a number of host threads in 1..1024", msg, len);
    cfg->threads = (int)v;
  } else if (strcmp(name, "GPUPAR_MIN_BYTES") == 0) {
    if (parse_int(value, 0, 1LL << 50, 1, &v) != 0)
      return invalid_var(name, value, "expected a number of bytes, optionally with K, M or G", msg,
                         len);
    cfg->min_bytes = v;
  } else if (strcmp(name, "GPUPAR_MIN_TRIP") == 0) {
    if (parse_int(value, 0, 1LL << 50, 1, &v) != 0)
      return invalid_var(name, value, "expected a number of iterations, optionally with K, M or G",
                         msg, len);
    cfg->min_trip = v;
  } else if (strcmp(name, "GPUPAR_PIN_LIMIT") == 0) {
    if (parse_int(value, 0, 1LL << 50, 1, &v) != 0)
      return invalid_var(name, value, "expected a number of bytes, optionally with K, M or G", msg,
                         len);
    cfg->pin_limit = v;
  } else if (strcmp(name, "GPUPAR_PIN_CACHE") == 0) {
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0)
      return invalid_var(name, value, "expected 0 or 1", msg, len);
    cfg->pin_cache = value[0] == '1';
  } else if (strcmp(name, "GPUPAR_FORCE") == 0) {
    if (strcmp(value, "gpu") == 0)
      cfg->force = GPUPAR__FORCE_GPU;
    else if (strcmp(value, "cpu") == 0)
      cfg->force = GPUPAR__FORCE_CPU;
    else
      return invalid_var(name, value, "expected gpu or cpu", msg, len);
  } else if (strcmp(name, "GPUPAR_PROFILE") == 0) {
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0)
      return invalid_var(name, value, "expected 0 or 1", msg, len);
    cfg->profile = value[0] == '1';
  } else if (strcmp(name, "GPUPAR_REDUCE") == 0) {
    if (strcmp(value, "devices") == 0)
      cfg->reduce = GPUPAR__REDUCE_DEVICES;
    else if (strcmp(value, "host") == 0)
      cfg->reduce = GPUPAR__REDUCE_HOST;
    else
      return invalid_var(name, value, "expected devices or host", msg, len);
  } else if (strcmp(name, "GPUPAR_COMMIT") == 0) {
    if (strcmp(value, "auto") == 0)
      cfg->commit = GPUPAR__COMMIT_AUTO;
    else if (strcmp(value, "chunk") == 0)
      cfg->commit = GPUPAR__COMMIT_CHUNK;
    else if (strcmp(value, "round") == 0)
      cfg->commit = GPUPAR__COMMIT_ROUND;
    else
      return invalid_var(name, value, "expected auto, chunk or round", msg, len);
  } else {
    snprintf(msg, len, "%s is not a gpupar variable", name);
    return -1;
  }
  return 0;
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
  for (int i = 0; gpupar__config_vars[i]; i++)
    if (gpupar__config_parse_var(gpupar__config_vars[i], getenv(gpupar__config_vars[i]), cfg, msg,
                                 len) != 0)
      return -1;
  return 0;
}

_Noreturn void gpupar__config_die(const char *msg) {
  fprintf(stderr, "gpupar: error: %s\n", msg);
  fflush(stderr);
  exit(2);
}
