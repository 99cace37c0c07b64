/* GPUPAR_TRACE: events collected in memory and written as Chrome trace-event JSON at exit and on
 * gpupar_trace_flush(). */
#ifndef GPUPAR_RUNTIME_TRACE_H
#define GPUPAR_RUNTIME_TRACE_H

#include <stddef.h>

enum { GPUPAR__TRACE_CHUNK = 0, GPUPAR__TRACE_COPY = 1 };

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
  int d2h;                             /* copies: device to host */
} gpupar__trace_event;

/* Returns microseconds since the runtime's epoch (a monotonic clock). */
double gpupar__now_us(void);

/* Starts tracing to `path` ("" or NULL: tracing off), registering the exit-time write once.
 * Events collected so far are kept. */
void gpupar__trace_start(const char *path);

/* Returns whether tracing is on. */
int gpupar__trace_on(void);

/* Appends `n` events (copied) when tracing is on. */
void gpupar__trace_add(const gpupar__trace_event *events, int n);

/* Drops all events collected so far (for tests). */
void gpupar__trace_clear(void);

/* Writes all events so far to the trace file. Returns GPUPAR_OK, GPUPAR_OK when tracing is off,
 * or GPUPAR_EIO after a warning when the file cannot be written. */
int gpupar__trace_write(void);

#endif
