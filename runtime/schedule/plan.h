/* A call's plan: its device sub-chunks (a range of iterations, the sections each array needs,
 * the buffers of its current attempt) and the state that transfers and execution share. Planning
 * splits the iteration space over the devices and the host share and cuts each device's range
 * into sub-chunks. See docs/runtime.md, "How a call runs". */
#ifndef GPUPAR_RUNTIME_PLAN_H
#define GPUPAR_RUNTIME_PLAN_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "backends/backend.h"
#include "gather/reduce.h"
#include "memory/hostreg.h"
#include "memory/region.h"
#include "placement/site.h"
#include "schedule/section.h"
#include "schedule/space.h"
#include "schedule/split.h"
#include "trace.h"

/* Iterations below which a device range is not cut into more sub-chunks for pipelining. */
#define GPUPAR__MIN_SUB_ITERS 1024ull
/* Out-of-memory splits of one range before it moves to another device. */
#define GPUPAR__MAX_OOM_SPLITS 10

typedef struct gpupar__exec_in {
  const gpupar_loop *loop;
  gpupar_call *call;
  const gpupar__space *sp;
  gpupar__site *site;
  gpupar__device *devs[GPUPAR__MAX_DEVICES]; /* devices this call holds (locked) */
  int ndev;
  double hybrid; /* host share: 0 none, -1 learned, (0,1) fixed fraction */
  int host_threads;
  int reduce_on_devices; /* combine array reductions on the devices when they can (GPUPAR_REDUCE) */
  int commit;            /* GPUPAR_COMMIT: GPUPAR__COMMIT_* */
} gpupar__exec_in;

typedef struct gpupar__exec_out {
  unsigned long long bytes_in, bytes_out; /* moved between host and devices */
  unsigned long long faults;              /* chunks that failed somewhere */
  int ndev_used;                          /* devices that committed a chunk */
  char used[512];                         /* their names ("emu:0 emu:2"), "cpu" for the host */
  gpupar_counters cnt;                    /* what the data path did */
  /* 1 + the first array reduction a chunk updated outside its checked section (0: none): the
   * call must not count as run (see run.c, "Checked sections"). */
  int outside;
  /* A chunk stopped where an iteration reaches a fatal path of the program (a call to exit or
   * abort): the call fails, and the loop runs serially, where the path runs as written. */
  int fatal;
} gpupar__exec_out;

#define HOST (-1)

enum { SUB_PENDING, SUB_RUNNING, SUB_DONE, SUB_FAILED };
/* Failure kinds (GPUPAR__FAULT_* bits, plus a generic error). */
enum {
  KIND_OOM = GPUPAR__FAULT_OOM,
  KIND_LAUNCH = GPUPAR__FAULT_LAUNCH,
  KIND_LOST = GPUPAR__FAULT_LOST,
  KIND_ERROR = 8
};

/* One array in one sub-chunk. */
typedef struct slot {
  gpupar__hull read, write, buf; /* element indices; buf = read ∪ write */
  void *dev;                     /* device buffer holding buf (NULL: none or shared) */
  size_t dev_size;
  void *stage; /* host staging of the write hull (a write-back that must wait for the commit) */
  size_t stage_size;
  int direct;             /* the write hull was copied straight into the program's array */
  gpupar__region *region; /* present in a data region: copies come from / go to it */
} slot;

/* A contiguous range of iterations run as a unit: committed whole or not at all. */
typedef struct sub {
  gpupar__range range;
  int dev;    /* index into the call's devices, or HOST */
  int stream; /* stream of its current attempt */
  int state;  /* SUB_* */
  int kind;   /* failure kind of its last attempt */
  gpupar__error err;
  unsigned long long excluded; /* devices (call indices) it failed on */
  int splits;                  /* out-of-memory splits so far */
  int initial;                 /* planned at the start (not a retry) */
  slot *slots;
  void **ptrs;
  double t0, t1;
  unsigned long long seq;
  gpupar__red_chunk *red; /* reductions: partial results of the current attempt */
  int launched;           /* its current attempt reached the kernel launch */
  void *mark;             /* backend marker after its copy-out (commit as each one completes) */
} sub;

typedef struct exec {
  const gpupar__exec_in *in;
  const gpupar_loop *loop;
  gpupar_call *call;
  int na;
  sub *subs;
  int nsubs, cap;
  int no_split; /* chunks' write hulls would overlap: never split a range */
  int fatal;    /* a chunk reached a fatal path: nothing more runs (set atomically) */
  int *dense;   /* per array */
  /* Per array the loop never reads: whole rows of `width` elements, `pitch` apart, that every
   * chunk writes, with nothing written between them (gpupar__array_written_rows): no copy-in,
   * and the copy-out takes the rows alone. pitch 0: not such an array. */
  struct written_rows {
    long long width, pitch;
  } *rows_out;
  /* Per array: chunks' write hulls overlap (or it is a scatter array, or `alias`): device chunks
   * copy a snapshot in and their commits merge only what they changed (gpupar__xfer_snapshot). */
  int *merge;
  /* Per array: its bytes overlap another array's, one of them written, elements apart
   * (gpupar__interleaved): merged, from a snapshot even in a lone chunk, so that no copy reads
   * and no write-back carries the other array's elements. */
  int *alias;
  int *shared; /* per array: read-only, same hull in every chunk: one copy per device */
  gpupar__hull *shared_hull;
  void **shared_buf; /* [dev * na + a] */
  size_t *shared_size;
  double w[GPUPAR__MAX_DEVICES], host_w;
  unsigned long long dev_iters[GPUPAR__MAX_DEVICES];
  double dev_us[GPUPAR__MAX_DEVICES];
  /* Device rounds run on issuing threads: the events list, and the counters in `out`
   * (gpupar__count), take this lock or are atomic. */
  pthread_mutex_t lock;
  gpupar__trace_event *events;
  int nevents, max_events;
  gpupar__exec_out *out;
  int committed; /* a chunk's results are in host memory (set atomically: device threads commit) */
  gpupar__red_acc *acc[GPUPAR__MAX_DEVICES]; /* this round's array-reduction buffer per device */
  gpupar__hostreg **reg; /* per array: its registration for DMA held by the call, or NULL */
  /* Merged arrays (`merge`) that more than one sub-chunk writes: per array, a copy of what the
   * chunks touch taken before any chunk wrote it (staging memory, `snap_size` bytes; NULL: none).
   * Device chunks copy it in, and their commits merge only the bytes that differ from it. */
  void **snap;
  size_t *snap_size;
  gpupar__hull *snap_hull;
} exec;

/* Returns host address of element `index` of an array at `base`, modulo 2^64 like the serial
 * code's pointer arithmetic (the alias guard has checked the whole range is addressable). */
static inline void *element(void *base, long long index, size_t elem_size) {
  return (void *)((uintptr_t)base + (uintptr_t)((unsigned long long)index * elem_size));
}

static inline size_t hull_bytes(const gpupar__hull *h, size_t elem_size) {
  return (size_t)((unsigned long long)(h->hi - h->lo) + 1) * elem_size;
}

static inline const char *site_name(const exec *x) { return x->loop->site ? x->loop->site : "?"; }

static inline int fail_sub(sub *s, int kind) {
  s->state = SUB_FAILED;
  s->kind = kind;
  return -1;
}

/* Starts trace event `*e` of the call; returns 0 when tracing is off. */
int gpupar__xevent_start(const exec *x, gpupar__trace_event *e, int cat, const char *device,
                         int stream);
/* Appends `*e` to the call's events (thread-safe; dropped when out of memory). */
void gpupar__xevent_add(exec *x, const gpupar__trace_event *e);

/* Adds `n` to a counter of the call's output: device rounds on issuing threads count at once. */
static inline void gpupar__count(unsigned long long *counter, unsigned long long n) {
  __atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}
/* Appends a pending sub-chunk of `range` on device `dev` (HOST: the host threads); its hulls are
 * not computed yet. Returns NULL when out of memory. May move x->subs. */
sub *gpupar__sub_add(exec *x, gpupar__range range, int dev);
/* Computes the hulls of every array of `s`. Returns GPUPAR_OK or GPUPAR_EINVAL. */
int gpupar__sub_hulls(exec *x, sub *s);
/* Returns the device (call index) of highest weight that is not lost and not in `excluded`, or
 * -1. */
int gpupar__best_device(const exec *x, unsigned long long excluded);
/* Sub-chunks of one device's range at most. */
#define GPUPAR__MAX_SUBS 64

/* Returns how many sub-chunks a device range of `n` iterations is cut into, on `streams`
 * streams: about sqrt(busy_us / op_us) (busy_us: its copy and kernel time; op_us: the fixed cost
 * of one sub-chunk's operations), at least two per stream, at most GPUPAR__MAX_SUBS, with at
 * least `min_iters` iterations each; 1 on one stream. */
unsigned long long gpupar__sub_count(unsigned long long n, int streams, double busy_us,
                                     double op_us, unsigned long long min_iters);
/* Frees the sub-chunks' slot arrays; x->nsubs becomes 0. */
void gpupar__subs_free(exec *x);
/* Splits the iteration space over the devices (and the host share) into sub-chunks. Returns
 * GPUPAR_OK, or an error with `why`. */
int gpupar__plan(exec *x, char *why, size_t len);

#endif
