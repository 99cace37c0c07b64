/* GPUPAR_TRACE: events collected in memory and written as Chrome trace-event JSON at exit and on
 * gpupar_trace_flush(). */
#ifndef GPUPAR_RUNTIME_TRACE_H
#define GPUPAR_RUNTIME_TRACE_H

#include <stddef.h>

enum { GPUPAR__TRACE_CHUNK = 0, GPUPAR__TRACE_COPY = 1, GPUPAR__TRACE_FAULT = 2 };

/* Directions of copies. */
enum { GPUPAR__H2D = 0, GPUPAR__D2H = 1, GPUPAR__D2D = 2 };

typedef struct gpupar__trace_event {
  int cat;                             /* GPUPAR__TRACE_* */
  double ts, dur;                      /* microseconds since the runtime started */
  char site[96];                       /* the loop site "file.c:LINE" */
  char device[64];                     /* "emu:1", "cuda:0", "cpu" */
  char array[64];                      /* copies: the array's name */
  unsigned long long begin, end, trip; /* chunks: normalised iterations [begin, end) of trip */
  int has_range;                       /* chunks: begin, end and trip are known */
  unsigned long long call;             /* gpupar_call.call_id of the event's call */
  size_t bytes;                        /* copies */
  int dir;                             /* copies: GPUPAR__H2D, GPUPAR__D2H or GPUPAR__D2D */
  char peer[64];                       /* d2d copies: the source device */
  int stream;                          /* stream (host threads: worker), -1 when none */
  unsigned long long seq;              /* issue order in the process (gpupar__trace_seq) */
  char kind[16];                       /* faults: oom, launch, lost, error */
  char action[96]; /* faults: what the runtime did ("split", "moved to emu:2") */
} gpupar__trace_event;

/* Returns the next issue sequence number (1, 2, ...), shared by every thread. */
unsigned long long gpupar__trace_seq(void);

/* Returns microseconds since the runtime's epoch (a monotonic clock). */
double gpupar__now_us(void);

/* Starts tracing to `path` ("" or NULL: tracing off), registering the exit-time write once.
 * Events collected so far are kept. */
void gpupar__trace_start(const char *path);

/* Returns whether tracing is on. */
int gpupar__trace_on(void);

/* Appends `n` events (copied) when tracing is on. */
void gpupar__trace_add(const gpupar__trace_event *events, int n);

/* Copies up to `max` of the events collected so far into `out` (owned by the caller) and returns
 * how many there are in all (for tests). */
size_t gpupar__trace_copy(gpupar__trace_event *out, size_t max);

/* Drops all events collected so far (for tests). */
void gpupar__trace_clear(void);

/* Writes all events so far to the trace file. Returns GPUPAR_OK, GPUPAR_OK when tracing is off,
 * or GPUPAR_EIO after a warning when the file cannot be written. */
int gpupar__trace_write(void);

#endif
