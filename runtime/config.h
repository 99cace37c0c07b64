/* Configuration from the environment (GPUPAR_DEVICES, GPUPAR_LOG, GPUPAR_TRACE and the tuning and
 * testing variables of docs/runtime.md). Parsing is pure (it returns a message instead of
 * exiting) so that every form can be unit-tested. */
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

#define GPUPAR__FAULT_FORMS                                                                        \
  "expected a comma-separated list of KIND@DEVICE with KIND oom, launch, lost or reduce and "      \
  "DEVICE as in the trace (emu:1, cuda:0)"
#define GPUPAR__MAX_FAULTS 64
#define GPUPAR__MAX_STREAMS 8

/* Injected failures (GPUPAR_FAULT); reduce: combining array reductions on the devices fails
 * when it involves the device (an emu device: the runtime then combines on the host). */
enum {
  GPUPAR__FAULT_OOM = 1,
  GPUPAR__FAULT_LAUNCH = 2,
  GPUPAR__FAULT_LOST = 4,
  GPUPAR__FAULT_REDUCE = 16
};

/* GPUPAR_COMMIT: when a device's sub-chunks are committed. AUTO: as each completes, as CHUNK
 * (on an H200 a 64M saxpy took 12 ms per call against 16.5 at the end of the round,
 * docs/performance.md "Write-back"). */
enum { GPUPAR__COMMIT_AUTO = 0, GPUPAR__COMMIT_CHUNK = 1, GPUPAR__COMMIT_ROUND = 2 };

/* GPUPAR_REDUCE: where the array reductions of several devices are combined. */
enum { GPUPAR__REDUCE_DEVICES = 0, GPUPAR__REDUCE_HOST = 1 };

/* GPUPAR_FORCE. */
enum { GPUPAR__FORCE_NONE = 0, GPUPAR__FORCE_GPU = 1, GPUPAR__FORCE_CPU = 2 };

typedef struct gpupar__fault {
  int kind;     /* GPUPAR__FAULT_* */
  char dev[32]; /* device name as in the trace: "emu:1" */
} gpupar__fault;

typedef struct gpupar__config {
  int devices;                       /* gpupar__devices_mode */
  int count;                         /* emu: N; cuda: number of listed indices, 0 = all */
  int cuda_ids[GPUPAR__MAX_DEVICES]; /* cuda:<i>,<j>: the indices in the order written */
  char devices_text[128];            /* GPUPAR_DEVICES as given ("auto" when unset) */
  int log_level;                     /* GPUPAR__LOG_* */
  char trace_path[4096];             /* GPUPAR_TRACE, "" when tracing is off */
  int nfaults;                       /* GPUPAR_FAULT entries */
  gpupar__fault faults[GPUPAR__MAX_FAULTS];
  int nspeeds; /* GPUPAR_EMU_SPEEDS: relative speed of emu:i (0 = none) */
  double emu_speeds[GPUPAR__MAX_DEVICES];
  double hybrid;       /* GPUPAR_HYBRID: 0 off, -1 learned share, (0,1) fixed */
  int streams;         /* GPUPAR_STREAMS: streams per device, 1..8 */
  int threads;         /* GPUPAR_THREADS: host threads, 0 = online CPUs */
  long long min_bytes; /* GPUPAR_MIN_BYTES: -1 = derived from the bandwidth */
  long long min_trip;  /* GPUPAR_MIN_TRIP: host threads below this trip: no */
  int pin_cache;       /* GPUPAR_PIN_CACHE: registrations kept across calls (-1: when hooked) */
  long long pin_limit; /* GPUPAR_PIN_LIMIT: bytes of program memory registered at most */
  int force;           /* GPUPAR_FORCE: GPUPAR__FORCE_* */
  int profile;         /* GPUPAR_PROFILE: summary table at exit */
  int reduce;          /* GPUPAR_REDUCE: GPUPAR__REDUCE_* */
  int commit;          /* GPUPAR_COMMIT: GPUPAR__COMMIT_* */
  int max_devices;     /* cap on devices per call, 0 = none (API only) */
} gpupar__config;

/* Sets `*cfg` to the defaults (auto, warn, no trace). */
void gpupar__config_defaults(gpupar__config *cfg);

/* Parses a GPUPAR_DEVICES value (NULL means unset) into `*cfg`. Returns 0, or -1 with a
 * one-line message naming the variable, the value and the accepted forms in `msg` (`len`
 * bytes, owned by the caller). */
int gpupar__config_parse_devices(const char *value, gpupar__config *cfg, char *msg, size_t len);

/* Parses a GPUPAR_LOG value (NULL means unset) into `*level`. Returns 0 or -1 with `msg`. */
int gpupar__config_parse_log(const char *value, int *level, char *msg, size_t len);

/* Parses the value `value` (NULL means unset: the default is kept) of the tuning variable `name`
 * (GPUPAR_FAULT, GPUPAR_EMU_SPEEDS, GPUPAR_HYBRID, GPUPAR_STREAMS, GPUPAR_THREADS,
 * GPUPAR_MIN_BYTES, GPUPAR_MIN_TRIP, GPUPAR_FORCE, GPUPAR_PROFILE, GPUPAR_REDUCE, GPUPAR_COMMIT)
 * into `*cfg`. Returns 0, or -1 with a one-line message naming the variable, the value and the
 * accepted forms in `msg`; a failed parse leaves `*cfg` alone. */
int gpupar__config_parse_var(const char *name, const char *value, gpupar__config *cfg, char *msg,
                             size_t len);

/* The tuning variables gpupar__config_parse_var() knows, NULL-terminated. */
extern const char *const gpupar__config_vars[];

/* Fills `*cfg` from the environment. Returns 0 or -1 with `msg`. */
int gpupar__config_from_env(gpupar__config *cfg, char *msg, size_t len);

/* Prints `gpupar: error: <msg>` on stderr and ends the program with exit status 2: the only
 * exit() of the library. */
_Noreturn void gpupar__config_die(const char *msg);

#endif
