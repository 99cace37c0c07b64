/* Configuration from the environment: GPUPAR_DEVICES, GPUPAR_LOG, GPUPAR_TRACE. Parsing is pure
 * (it returns a message instead of exiting) so that every form can be unit-tested. */
#ifndef GPUPAR_RUNTIME_CONFIG_H
#define GPUPAR_RUNTIME_CONFIG_H

#include <stddef.h>

#define GPUPAR__MAX_DEVICES 64
#define GPUPAR__MAX_CUDA_INDEX 1023

#define GPUPAR__DEVICES_FORMS                                                                      \
  "expected auto, cpu, cuda, cuda:<i>[,<j>...] or emu:<N> with N in 1..64"
#define GPUPAR__LOG_FORMS "expected error, warn, info or debug"

typedef enum gpupar__devices_mode {
  GPUPAR__DEVICES_AUTO = 0,
  GPUPAR__DEVICES_CPU,
  GPUPAR__DEVICES_CUDA,
  GPUPAR__DEVICES_EMU
} gpupar__devices_mode;

typedef struct gpupar__config {
  int devices;                       /* gpupar__devices_mode */
  int count;                         /* emu: N; cuda: number of listed indices, 0 = all */
  int cuda_ids[GPUPAR__MAX_DEVICES]; /* cuda:<i>,<j>: the indices in the order written */
  char devices_text[128];            /* GPUPAR_DEVICES as given ("auto" when unset) */
  int log_level;                     /* GPUPAR__LOG_* */
  char trace_path[4096];             /* GPUPAR_TRACE, "" when tracing is off */
} gpupar__config;

/* Sets `*cfg` to the defaults (auto, warn, no trace). */
void gpupar__config_defaults(gpupar__config *cfg);

/* Parses a GPUPAR_DEVICES value (NULL means unset) into `*cfg`. Returns 0, or -1 with a
 * one-line message naming the variable, the value and the accepted forms in `msg` (`len`
 * bytes, owned by the caller). */
int gpupar__config_parse_devices(const char *value, gpupar__config *cfg, char *msg, size_t len);

/* Parses a GPUPAR_LOG value (NULL means unset) into `*level`. Returns 0 or -1 with `msg`. */
int gpupar__config_parse_log(const char *value, int *level, char *msg, size_t len);

/* Fills `*cfg` from the environment. Returns 0 or -1 with `msg`. */
int gpupar__config_from_env(gpupar__config *cfg, char *msg, size_t len);

/* Prints `gpupar: error: <msg>` on stderr and ends the program with exit status 2: the only
 * exit() of the library. */
_Noreturn void gpupar__config_die(const char *msg);

#endif
