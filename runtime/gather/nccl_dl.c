/* NCCL through dlopen (see nccl_dl.h). The constants below are NCCL's ABI (nccl.h of NCCL 2.x);
 * tests/unit/test_nccl.c checks them against nccl.h when the toolkit has it. */
#include "gather/nccl_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpupar/gpupar.h"
#include "gpupar/loop.h"

enum {
  NCCL_INT8 = 0,
  NCCL_UINT8 = 1,
  NCCL_INT32 = 2,
  NCCL_UINT32 = 3,
  NCCL_INT64 = 4,
  NCCL_UINT64 = 5,
  NCCL_FLOAT32 = 7,
  NCCL_FLOAT64 = 8
};
enum { NCCL_SUM = 0, NCCL_PROD = 1, NCCL_MAX = 2, NCCL_MIN = 3 };

int gpupar__nccl_datatype(int kind, size_t size) {
  switch (kind) {
  case GPUPAR_TYPE_SIGNED:
    return size == 1 ? NCCL_INT8 : size == 4 ? NCCL_INT32 : size == 8 ? NCCL_INT64 : -1;
  case GPUPAR_TYPE_UNSIGNED:
    return size == 1 ? NCCL_UINT8 : size == 4 ? NCCL_UINT32 : size == 8 ? NCCL_UINT64 : -1;
  case GPUPAR_TYPE_FLOAT:
    return size == 4 ? NCCL_FLOAT32 : size == 8 ? NCCL_FLOAT64 : -1;
  default: /* _Bool: NCCL's sum of 0/1 bytes is not C's _Bool arithmetic */
    return -1;
  }
}

int gpupar__nccl_redop(int op) {
  switch (op) {
  case GPUPAR_RED_ADD:
    return NCCL_SUM;
  case GPUPAR_RED_MUL:
    return NCCL_PROD;
  case GPUPAR_RED_MIN:
    return NCCL_MIN;
  case GPUPAR_RED_MAX:
    return NCCL_MAX;
  default:
    return -1;
  }
}

int gpupar__nccl_can_reduce(int kind, size_t size, int op) {
  return gpupar__nccl_datatype(kind, size) >= 0 && gpupar__nccl_redop(op) >= 0;
}

/* --- The library ---------------------------------------------------------------------------- */

typedef void *comm_t; /* ncclComm_t */

typedef struct api {
  int (*get_version)(int *);
  int (*comm_init_all)(comm_t *, int, const int *);
  int (*group_start)(void);
  int (*group_end)(void);
  int (*reduce)(const void *, void *, size_t, int, int, int, comm_t, void *);
  const char *(*error_string)(int);
  int (*get_async_error)(comm_t, int *);
  int (*comm_abort)(comm_t);
  int (*comm_destroy)(comm_t);
} api;

enum { NCCL_IN_PROGRESS = 7 }; /* ncclInProgress: not an error */

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static api nccl;
static int loaded; /* every symbol was found */

static void load(void) {
  void *lib = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("libnccl.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return;
  /* Kept open for the life of the process: communicators live in it. */
  *(void **)&nccl.get_version = dlsym(lib, "ncclGetVersion");
  *(void **)&nccl.comm_init_all = dlsym(lib, "ncclCommInitAll");
  *(void **)&nccl.group_start = dlsym(lib, "ncclGroupStart");
  *(void **)&nccl.group_end = dlsym(lib, "ncclGroupEnd");
  *(void **)&nccl.reduce = dlsym(lib, "ncclReduce");
  *(void **)&nccl.error_string = dlsym(lib, "ncclGetErrorString");
  *(void **)&nccl.get_async_error = dlsym(lib, "ncclCommGetAsyncError");
  *(void **)&nccl.comm_abort = dlsym(lib, "ncclCommAbort");
  *(void **)&nccl.comm_destroy = dlsym(lib, "ncclCommDestroy");
  loaded = nccl.get_version && nccl.comm_init_all && nccl.group_start && nccl.group_end &&
           nccl.reduce && nccl.error_string && nccl.get_async_error && nccl.comm_abort &&
           nccl.comm_destroy;
}

int gpupar__nccl_version(int *version) {
  pthread_once(&load_once, load);
  if (!nccl.get_version || nccl.get_version(version) != 0)
    return GPUPAR_ENODEV;
  return GPUPAR_OK;
}

/* Communicators, one set per ordered list of devices; a list whose creation failed is kept too,
 * so that it is not tried on every call. */
#define MAX_SETS 16
#define MAX_RANKS 64

typedef struct comm_set {
  int n;
  int ordinals[MAX_RANKS];
  comm_t comms[MAX_RANKS];
  int failed;
  char why[160];
} comm_set;

static pthread_mutex_t sets_lock = PTHREAD_MUTEX_INITIALIZER;
static comm_set sets[MAX_SETS];
static int nsets;

/* Aborts every communicator of `set` (a rank that failed inside a collective leaves the others
 * waiting for ever: only an abort ends their kernels) and keeps the set failed with `why`.
 * sets_lock is held. */
static void abort_set_locked(comm_set *set, const char *why) {
  for (int i = 0; i < set->n; i++)
    if (set->comms[i]) {
      nccl.comm_abort(set->comms[i]);
      set->comms[i] = NULL;
    }
  set->failed = 1;
  snprintf(set->why, sizeof set->why, "communicators aborted after: %.120s", why);
}

/* The set for exactly `ordinals`, or NULL. sets_lock is held. */
static comm_set *find_set_locked(const int *ordinals, int n) {
  for (int i = 0; i < nsets; i++)
    if (sets[i].n == n && memcmp(sets[i].ordinals, ordinals, (size_t)n * sizeof *ordinals) == 0)
      return &sets[i];
  return NULL;
}

/* Returns the set for `ordinals` (created on first use), or NULL with `msg` set. */
static comm_set *comm_set_for(const int *ordinals, int n, char *msg, size_t len) {
  pthread_mutex_lock(&sets_lock);
  comm_set *set = find_set_locked(ordinals, n);
  if (!set && nsets < MAX_SETS) {
    set = &sets[nsets++];
    set->n = n;
    memcpy(set->ordinals, ordinals, (size_t)n * sizeof *ordinals);
    int rc = nccl.comm_init_all(set->comms, n, ordinals);
    static int registered;
    if (rc == 0 && !registered) /* after NCCL's own exit handlers: runs before them */
      registered = atexit(gpupar__nccl_shutdown) == 0;
    if (rc != 0) {
      set->failed = 1;
      snprintf(set->why, sizeof set->why, "ncclCommInitAll: %s", nccl.error_string(rc));
    }
  }
  if (!set)
    snprintf(msg, len, "more than %d device sets need NCCL communicators", MAX_SETS);
  else if (set->failed) {
    snprintf(msg, len, "%s", set->why);
    set = NULL;
  }
  pthread_mutex_unlock(&sets_lock);
  return set;
}

int gpupar__nccl_reduce(const int *ordinals, int n, int root, void *const *src, void *dst,
                        size_t count, int datatype, int op, void *const *streams, char *msg,
                        size_t len) {
  pthread_once(&load_once, load);
  if (!loaded) {
    snprintf(msg, len, "libnccl.so.2 cannot be loaded");
    return -1;
  }
  if (n < 2 || n > MAX_RANKS || root < 0 || root >= n || datatype < 0 || op < 0) {
    snprintf(msg, len, "invalid NCCL reduction (%d ranks, root %d)", n, root);
    return -1;
  }
  comm_set *set = comm_set_for(ordinals, n, msg, len);
  if (!set)
    return -1;
  int rc = nccl.group_start();
  if (rc == 0) { /* one thread drives every device: the calls must form one group */
    for (int i = 0; i < n && rc == 0; i++)
      rc = nccl.reduce(src[i], i == root ? dst : (void *)src[i], count, datatype, op, root,
                       set->comms[i], streams[i]);
    int end = nccl.group_end();
    if (rc == 0)
      rc = end;
  }
  if (rc != 0) {
    snprintf(msg, len, "ncclReduce: %s", nccl.error_string(rc));
    /* Ranks enqueued before the failure would wait for the missing ones: abort them all. */
    pthread_mutex_lock(&sets_lock);
    abort_set_locked(set, msg);
    pthread_mutex_unlock(&sets_lock);
    return -1;
  }
  return 0;
}

int gpupar__nccl_check(const int *ordinals, int n, char *msg, size_t len) {
  pthread_once(&load_once, load);
  if (!loaded)
    return 0;
  pthread_mutex_lock(&sets_lock);
  comm_set *set = find_set_locked(ordinals, n);
  int rc = 0;
  for (int i = 0; set && !set->failed && i < set->n && rc == 0; i++) {
    int async = 0;
    if (set->comms[i] && nccl.get_async_error(set->comms[i], &async) == 0 && async != 0 &&
        async != NCCL_IN_PROGRESS) {
      snprintf(msg, len, "NCCL asynchronous error on CUDA device %d: %s", set->ordinals[i],
               nccl.error_string(async));
      abort_set_locked(set, msg);
      rc = -1;
    }
  }
  pthread_mutex_unlock(&sets_lock);
  return rc;
}

void gpupar__nccl_abort(const int *ordinals, int n, const char *why) {
  pthread_once(&load_once, load);
  if (!loaded)
    return;
  pthread_mutex_lock(&sets_lock);
  comm_set *set = find_set_locked(ordinals, n);
  if (set && !set->failed)
    abort_set_locked(set, why);
  pthread_mutex_unlock(&sets_lock);
}

void gpupar__nccl_shutdown(void) {
  if (!loaded)
    return;
  pthread_mutex_lock(&sets_lock);
  for (int s = 0; s < nsets; s++)
    for (int i = 0; i < sets[s].n; i++)
      if (sets[s].comms[i]) {
        nccl.comm_destroy(sets[s].comms[i]);
        sets[s].comms[i] = NULL;
      }
  nsets = 0;
  pthread_mutex_unlock(&sets_lock);
}
