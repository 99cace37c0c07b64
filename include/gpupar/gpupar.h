/* libgpupar: run independent C loops on every GPU of the machine, with CPU fallback.
 *
 * Most programs never call this API directly: the gpupar plugin rewrites each `#pragma gpupar`
 * loop into a call of gpupar_run() that keeps the original loop as the fallback. The functions
 * below let a program inspect devices and control the runtime.
 *
 * Configuration comes from the environment, read once at the first call (docs/runtime.md has
 * the full table), and from gpupar_configure() called before that:
 *   GPUPAR_DEVICES  auto (default) | cpu | cuda | cuda:0,2 | emu:N (N in 1..64)
 *   GPUPAR_LOG      error | warn (default) | info | debug
 *   GPUPAR_TRACE    path of a Chrome trace-event JSON file written at exit
 *   GPUPAR_PROFILE  1: a table per loop site on stderr at exit
 *   GPUPAR_FORCE, GPUPAR_MIN_BYTES, GPUPAR_MIN_TRIP, GPUPAR_THREADS, GPUPAR_STREAMS,
 *   GPUPAR_HYBRID   the cost model, host threads, streams and host share
 *   GPUPAR_FAULT, GPUPAR_EMU_SPEEDS  fault injection and slow emulated devices, for tests
 * A malformed value prints one message on stderr and ends the program with exit status 2: that is
 * the only place the library calls exit().
 *
 * All functions are thread-safe. */
#ifndef GPUPAR_GPUPAR_H
#define GPUPAR_GPUPAR_H

#include <stddef.h>

#include "gpupar/loop.h"
#include "gpupar/version.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GPUPAR_EXTERN __attribute__((visibility("default")))
#else
#define GPUPAR_EXTERN
#endif

/* Status codes: 0 is success, errors are negative. */
#define GPUPAR_STATUS_MAP(XX)                                                                      \
  XX(OK, 0, "success")                                                                             \
  XX(EINVAL, -1, "invalid argument")                                                               \
  XX(ENOMEM, -2, "out of memory")                                                                  \
  XX(ENODEV, -3, "no usable device")                                                               \
  XX(EDEVICE, -4, "device error")                                                                  \
  XX(EVERSION, -5, "generated code does not match the runtime version")                            \
  XX(ECONFIG, -6, "invalid configuration")                                                         \
  XX(EIO, -7, "input/output error")                                                                \
  XX(ESTARTED, -8, "the runtime has already started")                                              \
  XX(ENOTFOUND, -9, "no such data region")

typedef enum gpupar_status {
#define GPUPAR_STATUS_ENUM(name, code, text) GPUPAR_##name = (code),
  GPUPAR_STATUS_MAP(GPUPAR_STATUS_ENUM)
#undef GPUPAR_STATUS_ENUM
} gpupar_status;

/* Returns the name of status code `status` ("GPUPAR_ENOMEM"); never NULL. */
GPUPAR_EXTERN const char *gpupar_status_name(int status);
/* Returns a one-line description of status code `status`; never NULL. */
GPUPAR_EXTERN const char *gpupar_strerror(int status);

/* Returns GPUPAR_VERSION_CODE of the library the program runs with. */
GPUPAR_EXTERN unsigned gpupar_version(void);

/* Initialises the runtime (done implicitly by every other call): reads the environment and
 * detects devices. Returns GPUPAR_OK, or exits with status 2 on a malformed environment. */
GPUPAR_EXTERN int gpupar_init(void);

/* Kinds of backend. */
typedef enum gpupar_backend {
  GPUPAR_BACKEND_CPU = 0,
  GPUPAR_BACKEND_EMU = 1,
  GPUPAR_BACKEND_CUDA = 2
} gpupar_backend;

/* Output structs (gpupar_device_info, gpupar_counters) start with `size`, set by the caller
 * (GPUPAR_DEVICE_INFO_INIT, GPUPAR_COUNTERS_INIT) to the struct's size as the caller was built:
 * the runtime writes only the bytes that fit in it (later versions append fields), never `size`
 * itself. Added in 0.4. */

typedef struct gpupar_device_info {
  size_t size;            /* sizeof(gpupar_device_info), set by the caller */
  char name[64];          /* trace name: "cuda:0", "emu:2" */
  char model[128];        /* "NVIDIA H100 80GB HBM3", "host-emulated device" */
  int backend;            /* gpupar_backend */
  int ordinal;            /* index within its backend (CUDA device number) */
  size_t total_mem;       /* bytes */
  size_t free_mem;        /* bytes, at detection */
  int sm_count;           /* multiprocessors (1 for emulated devices) */
  int cc_major, cc_minor; /* compute capability (0.0 for emulated devices) */
  /* Added in 0.1: */
  int clock_khz;        /* SM clock (0 for emulated devices) */
  double h2d_bandwidth; /* host to device, bytes/s: measured at init (emu: modeled) */
  double d2h_bandwidth; /* device to host, bytes/s */
  int streams;          /* streams the runtime uses on it (GPUPAR_STREAMS) */
  int lost;             /* the device failed for good and is no longer used */
} gpupar_device_info;

#define GPUPAR_DEVICE_INFO_INIT                                                                    \
  {sizeof(gpupar_device_info), "", "", 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0, 0}

/* Returns the backend loops run on: GPUPAR_BACKEND_CPU when no device is in use. */
GPUPAR_EXTERN int gpupar_backend_in_use(void);
/* Returns the name of backend kind `backend` ("cpu", "emu", "cuda", or "unknown"); never NULL. */
GPUPAR_EXTERN const char *gpupar_backend_name(int backend);
/* Returns why the backend in use was chosen ("GPUPAR_DEVICES=emu:3", "GPUPAR_DEVICES=auto: no
 * usable GPU (no CUDA driver ...)"); the string is owned by the library. */
GPUPAR_EXTERN const char *gpupar_backend_reason(void);
/* Returns the number of devices loops are split across (0 for the cpu backend). */
GPUPAR_EXTERN int gpupar_device_count(void);
/* Fills `*info` (owned by the caller, info->size set: GPUPAR_DEVICE_INFO_INIT) for device `index`
 * in [0, gpupar_device_count()), the fields that fit in info->size. Returns GPUPAR_OK, or
 * GPUPAR_EINVAL (nothing written) for another index, a NULL `info`, or an info->size smaller than
 * the first layout (`size` through `cc_minor`; logged). */
GPUPAR_EXTERN int gpupar_device_get_info(int index, gpupar_device_info *info);
/* Returns why no GPU is usable ("no CUDA driver", "built without CUDA"), or NULL when one is;
 * the string is owned by the library. */
GPUPAR_EXTERN const char *gpupar_cuda_unavailable_reason(void);

/* Writes the trace file named by GPUPAR_TRACE now (it is also written at exit). Returns
 * GPUPAR_OK, or GPUPAR_EIO when the file cannot be written. */
GPUPAR_EXTERN int gpupar_trace_flush(void);

/* Returns whether device `i` can read the memory of device `j` directly (peer to peer), both in
 * [0, gpupar_device_count()): 1 or 0; GPUPAR_EINVAL for other indices. */
GPUPAR_EXTERN int gpupar_device_can_peer(int i, int j);

/* Sets `*version` (owned by the caller) to NCCL's version code (e.g. 22809), found by loading
 * libnccl.so.2 at run time. Returns GPUPAR_OK, or GPUPAR_ENODEV when NCCL is not installed. */
GPUPAR_EXTERN int gpupar_nccl_version(int *version);

/* --- Configuration from the program -------------------------------------------------------- */

#define GPUPAR_OPTIONS_VERSION 1

/* Options that override the environment. Start from GPUPAR_OPTIONS_INIT (every field "not
 * set": the environment or the default applies) and set what you need. Strings take the values
 * of the matching environment variables and are copied. */
typedef struct gpupar_options {
  unsigned version;       /* GPUPAR_OPTIONS_VERSION */
  const char *devices;    /* GPUPAR_DEVICES; NULL: not set */
  const char *log;        /* GPUPAR_LOG */
  const char *trace;      /* GPUPAR_TRACE */
  const char *force;      /* GPUPAR_FORCE: "gpu" or "cpu" */
  const char *hybrid;     /* GPUPAR_HYBRID: "0", "1" or "0.25" */
  const char *fault;      /* GPUPAR_FAULT */
  const char *emu_speeds; /* GPUPAR_EMU_SPEEDS */
  int streams;            /* GPUPAR_STREAMS; 0: not set */
  int threads;            /* GPUPAR_THREADS; 0: not set */
  long long min_bytes;    /* GPUPAR_MIN_BYTES; -1: not set */
  long long min_trip;     /* GPUPAR_MIN_TRIP; -1: not set */
  int profile;            /* GPUPAR_PROFILE; -1: not set, 0 or 1 */
  int max_devices;        /* at most this many devices per call; 0: no cap */
} gpupar_options;

#define GPUPAR_OPTIONS_INIT                                                                        \
  {GPUPAR_OPTIONS_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, -1, -1, -1, 0}

/* Sets the configuration from `*options` (owned by the caller; strings are copied). Must be
 * called before any other gpupar function (before the first offloaded loop). Returns GPUPAR_OK;
 * GPUPAR_ESTARTED when the runtime has already started (nothing changes); GPUPAR_EINVAL for a
 * NULL pointer or an unknown version; GPUPAR_ECONFIG for a malformed value (logged as an error,
 * nothing changes; unlike a malformed environment it does not end the program). */
GPUPAR_EXTERN int gpupar_configure(const gpupar_options *options);

/* Caps the devices a call may use at `max` (0: no cap), at any time; a call's own cap
 * (gpupar_call.max_devices) applies too. Returns GPUPAR_OK or GPUPAR_EINVAL for max < 0. */
GPUPAR_EXTERN int gpupar_set_max_devices(int max);

/* Prints the profile table (per loop site: calls, where they ran, time, bytes, effective
 * bandwidth) on stderr now; GPUPAR_PROFILE=1 prints it at exit. Returns GPUPAR_OK. */
GPUPAR_EXTERN int gpupar_profile_dump(void);

/* What the data path did: counted by the runtime for every call that ran on the devices. */
typedef struct gpupar_counters {
  size_t size;                      /* sizeof(gpupar_counters), set by the caller (added in 0.4) */
  unsigned long long calls;         /* calls on the devices counted here */
  unsigned long long subchunks;     /* device sub-chunks committed */
  unsigned long long memcpy_bytes;  /* bytes the host copied with memcpy (staging, commit) */
  unsigned long long h2d, d2h, d2d; /* device copies issued, by direction */
  unsigned long long syncs;         /* waits for a device (stream or event synchronisation) */
  unsigned long long launches;      /* kernel launches */
  unsigned long long registered;    /* host ranges registered (pinned in place) for DMA */
  unsigned long long pageable;      /* copies from or to pageable (unregistered) user memory */
} gpupar_counters;

#define GPUPAR_COUNTERS_INIT {sizeof(gpupar_counters), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}

/* Copies the data-path counters: `total` (may be NULL) gets the sums over every call so far, of
 * the loop site named `site` (its `#pragma gpupar` location as in the profile, "file:line"), or
 * of every site when `site` is NULL; `last` (may be NULL) gets those of the last call on the
 * devices (of any site). Both are owned by the caller and have `size` set (GPUPAR_COUNTERS_INIT);
 * each gets the fields that fit in its size. Returns GPUPAR_OK, or GPUPAR_EINVAL when no site has
 * that name, or (nothing written, logged) when a size is smaller than sizeof(gpupar_counters) of
 * 0.4, the first layout. */
GPUPAR_EXTERN int gpupar_counters_get(const char *site, gpupar_counters *total,
                                      gpupar_counters *last);

/* Unregisters the runtime's registrations (pinned in place for DMA, cached across calls, see
 * GPUPAR_PIN_CACHE) of host memory overlapping [host, host + bytes), memory owned by the caller.
 * free, realloc, munmap, mremap and madvise do this themselves (the library's memory hooks); call
 * it before memory goes back to the system another way (a custom allocator's own system calls)
 * when GPUPAR_PIN_CACHE=1. Registrations of a call in progress are kept. Returns GPUPAR_OK. */
GPUPAR_EXTERN int gpupar_unregister(const void *host, size_t bytes);

/* --- Data regions ------------------------------------------------------------------------- */

/* How a data region maps its host range (OpenACC data clauses). */
typedef enum gpupar_map {
  GPUPAR_MAP_ALLOC = 0, /* device copies, neither copied in nor out */
  GPUPAR_MAP_TO = 1,    /* copied to the devices at enter */
  GPUPAR_MAP_FROM = 2,  /* copied back to the host at exit */
  GPUPAR_MAP_TOFROM = 3 /* both */
} gpupar_map;

/* Keeps the `bytes` bytes at `host` (owned by the caller, must stay valid until the exit) on the
 * devices until gpupar_data_exit(host): offloaded loops whose arrays lie inside a region use the
 * device copies and copy nothing between host and devices for them. `map` is a gpupar_map.
 * While the region is open the host copy is stale for what loops wrote on devices (like OpenACC
 * `present` data): read it after the exit. Returns GPUPAR_OK; GPUPAR_EINVAL (NULL, 0 bytes, bad
 * map, overlapping an open region); GPUPAR_ENODEV with the cpu backend (nothing to keep; loops
 * then run on the host and the region has no effect, which is still correct); GPUPAR_ENOMEM or
 * GPUPAR_EDEVICE when a device copy cannot be made (the region is not opened). */
GPUPAR_EXTERN int gpupar_data_enter(const void *host, size_t bytes, int map);

/* Ends the region that starts at `host`: copies back to the host the parts loops wrote (from
 * the device that holds each part) when mapped FROM or TOFROM, then frees the device copies.
 * Returns GPUPAR_OK, GPUPAR_ENOTFOUND, or GPUPAR_EDEVICE when data could not be copied back. */
GPUPAR_EXTERN int gpupar_data_exit(const void *host);

/* --- Called by generated code ------------------------------------------------------------- */

/* Runs loop `loop` with run-time values `call` (both owned by the caller) on the configured
 * devices. Returns 1 when the loop ran there and its results are in host memory (then
 * call->last holds the loop variable's final value); returns 0 when the caller must run the
 * original loop on the host (cpu backend, nothing to gain, overlapping arrays, or a device
 * failure; host memory is then untouched) and call gpupar_host_done() afterwards. */
GPUPAR_EXTERN int gpupar_run(const gpupar_loop *loop, gpupar_call *call);
/* Called instead of gpupar_run() when the loop's `if` is false (the clause, or an extent the host
 * file looked up and did not find): arrays of `call` in data regions get an up-to-date host copy,
 * and the devices' copies of the arrays the loop writes become stale, so that the original loop
 * runs on current data. Returns 0: the caller runs the original loop (and does not call
 * gpupar_host_done()). Added in 0.4. */
GPUPAR_EXTERN int gpupar_host_only(const gpupar_loop *loop, gpupar_call *call);
/* Records the end of a host run of `loop` after gpupar_run() returned 0 (for the trace). */
GPUPAR_EXTERN void gpupar_host_done(const gpupar_loop *loop, const gpupar_call *call);
/* Returns how many elements of `elem_size` bytes the block `p` points to holds, `p` being what
 * the C library's malloc or calloc returned (the allocator's usable size; 0 for NULL): the
 * extent of an array the loop's function allocated, read at indices known only at run time.
 * Added in 0.4. */
GPUPAR_EXTERN size_t gpupar_alloc_elems(const void *p, size_t elem_size);
/* Returns how many whole elements of `elem_size` bytes the block `p` points into holds, and sets
 * `*first` to the index (0 or less) of its first one, counted from `p`: the extent of a pointer
 * read at indices known only at run time, when the block is one the program allocated with
 * malloc, calloc, realloc, reallocarray, posix_memalign, aligned_alloc or memalign (of at least
 * 4096 bytes) while the library watched. Returns 0 (and logs at level info, naming `site` and
 * `name`) for any other pointer: the caller then runs the loop on the host. Added in 0.4. */
GPUPAR_EXTERN long long gpupar_heap_extent(const void *p, size_t elem_size, const char *site,
                                           const char *name, long long *first);

/* Returns the trip count of `for (j = lo; j OP hi; j += step)` (OP: gpupar_cond; compared
 * unsigned when `is_unsigned`), or -1 when the loop cannot run on a device (step 0, a wrong-sign
 * step, a final value that wraps around). Used by generated code for collapsed inner loops. */
GPUPAR_EXTERN long long gpupar_trip_count(long long lo, long long hi, long long step, int cond,
                                          int is_unsigned);

/* Called by a generated host entry point where an iteration reaches a fatal path of the program
 * (a report and exit() or abort(), which generated code does not run): returns to the runtime,
 * which runs the loop serially instead, where the path runs as written. Never returns. Added in
 * 0.4.2. */
GPUPAR_EXTERN void gpupar_fatal_stop(void) __attribute__((noreturn));

/* Sets `*span` to the term `coef * i + offset` (element units). */
static inline void gpupar_span_init(gpupar_span *span, long long coef, long long offset) {
  span->coef = coef;
  span->off_lo = offset;
  span->off_hi = offset;
  span->empty = 0;
  span->guarded = 0;
  span->guard_lo = -0x7fffffffffffffffLL - 1;
  span->guard_hi = 0x7fffffffffffffffLL;
  span->rows = 0;
  span->col_lo = span->col_hi = 0;
  span->col_coef = 0;
  span->clamped = 0;
  span->clamp_lo = span->clamp_hi = 0;
}

/* Makes `*span` a term of a pointer-to-pointer array touching elements `offset` (plus ranges
 * from gpupar_span_add_cols) of each of its rows. */
static inline void gpupar_span_cols(gpupar_span *span, long long offset) {
  span->rows = 1;
  span->col_lo = span->col_hi = offset;
}

/* Adds `coef * j` for an inner loop variable j ranging over [lo, hi] to the columns of `*span`;
 * an empty range marks the term as touching nothing. */
static inline void gpupar_span_add_cols(gpupar_span *span, long long coef, long long lo,
                                        long long hi) {
  if (hi < lo) {
    span->empty = 1;
    return;
  }
  long long a = coef * lo, b = coef * hi;
  span->col_lo += a < b ? a : b;
  span->col_hi += a < b ? b : a;
}

/* Makes the columns of `*span` (a pointer-to-pointer array's term) move with the loop
 * variable i: `coef * i` is added to them in iteration i. */
static inline void gpupar_span_col_coef(gpupar_span *span, long long coef) {
  span->col_coef = coef;
}

/* The larger and the smaller of two bounds (inner loop ranges narrowed by conditions). */
static inline long long gpupar_max_ll(long long a, long long b) { return a > b ? a : b; }
static inline long long gpupar_min_ll(long long a, long long b) { return a < b ? a : b; }

/* Restricts `*span` to iterations whose loop variable is at least `lo` (an enclosing condition
 * such as `if (i > 0)` gives lo = 1). */
static inline void gpupar_span_guard_lo(gpupar_span *span, long long lo) {
  if (!span->guarded || lo > span->guard_lo)
    span->guard_lo = lo;
  span->guarded = 1;
}

/* Restricts `*span` to iterations whose loop variable is at most `hi` (`if (i + 1 < n)`: n - 2). */
static inline void gpupar_span_guard_hi(gpupar_span *span, long long hi) {
  if (!span->guarded || hi < span->guard_hi)
    span->guard_hi = hi;
  span->guarded = 1;
}

/* Adds `coef * j` for an inner loop variable j ranging over [lo, hi] (inclusive) to `*span`;
 * an empty range (hi < lo) marks the term as touching nothing. */
static inline void gpupar_span_add_range(gpupar_span *span, long long coef, long long lo,
                                         long long hi) {
  if (hi < lo) {
    span->empty = 1;
    return;
  }
  long long a = coef * lo, b = coef * hi;
  span->off_lo += a < b ? a : b;
  span->off_hi += a < b ? b : a;
}

#ifdef __cplusplus
}
#endif

#endif
