/* Chrome trace-event JSON (chrome://tracing, Perfetto): one complete event ("ph":"X") per chunk
 * and per copy, one thread per device. */
#include "trace.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpupar/gpupar.h"
#include "log.h"

static pthread_mutex_t trace_mutex = PTHREAD_MUTEX_INITIALIZER;
static char trace_path[4096];
static int trace_enabled, exit_hook;
static gpupar__trace_event *events;
static size_t nevents, capacity;

static pthread_once_t epoch_once = PTHREAD_ONCE_INIT;
static struct timespec epoch;

static void set_epoch(void) { clock_gettime(CLOCK_MONOTONIC, &epoch); }

double gpupar__now_us(void) {
  pthread_once(&epoch_once, set_epoch);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - epoch.tv_sec) * 1e6 + (double)(now.tv_nsec - epoch.tv_nsec) / 1e3;
}

static void write_at_exit(void) { gpupar__trace_write(); }

static atomic_ullong seq_counter;

unsigned long long gpupar__trace_seq(void) { return atomic_fetch_add(&seq_counter, 1) + 1; }

void gpupar__trace_start(const char *path) {
  gpupar__now_us();
  pthread_mutex_lock(&trace_mutex);
  snprintf(trace_path, sizeof trace_path, "%s", path ? path : "");
  trace_enabled = trace_path[0] != '\0';
  if (trace_enabled && !exit_hook) {
    exit_hook = 1;
    atexit(write_at_exit);
  }
  pthread_mutex_unlock(&trace_mutex);
}

int gpupar__trace_on(void) {
  pthread_mutex_lock(&trace_mutex);
  int on = trace_enabled;
  pthread_mutex_unlock(&trace_mutex);
  return on;
}

void gpupar__trace_add(const gpupar__trace_event *add, int n) {
  pthread_mutex_lock(&trace_mutex);
  if (trace_enabled && n > 0) {
    if (nevents + (size_t)n > capacity) {
      size_t want = capacity ? capacity : 256;
      while (want < nevents + (size_t)n)
        want *= 2;
      gpupar__trace_event *grown = realloc(events, want * sizeof *events);
      if (!grown) {
        pthread_mutex_unlock(&trace_mutex);
        GPUPAR__WARN("trace: out of memory; events dropped");
        return;
      }
      events = grown;
      capacity = want;
    }
    memcpy(events + nevents, add, (size_t)n * sizeof *add);
    nevents += (size_t)n;
  }
  pthread_mutex_unlock(&trace_mutex);
}

size_t gpupar__trace_copy(gpupar__trace_event *out, size_t max) {
  pthread_mutex_lock(&trace_mutex);
  size_t n = nevents;
  if (out)
    memcpy(out, events, (n < max ? n : max) * sizeof *out);
  pthread_mutex_unlock(&trace_mutex);
  return n;
}

void gpupar__trace_clear(void) {
  pthread_mutex_lock(&trace_mutex);
  nevents = 0;
  pthread_mutex_unlock(&trace_mutex);
}

/* Writes `s` as a JSON string literal. */
static void put_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

/* Returns the thread id of `device` and `stream` in `names` (adding it), 1-based: one thread per
 * device stream ("emu:1 stream 0"), per host worker ("cpu thread 2"), or per device. */
static int device_tid(char (*names)[96], int *count, const char *device, int stream) {
  char name[96];
  if (stream < 0)
    snprintf(name, sizeof name, "%s", device);
  else
    snprintf(name, sizeof name, "%.63s %s %d", device,
             strcmp(device, "cpu") == 0 ? "thread" : "stream", stream);
  for (int i = 0; i < *count; i++)
    if (strcmp(names[i], name) == 0)
      return i + 1;
  if (*count == 256)
    return 256;
  snprintf(names[*count], 96, "%s", name);
  return ++*count;
}

/* Writes the start of one event, up to and including its "args" loop and device:
 * {"name":NAME,"cat":CAT,"ph":"X","ts":..,"dur":..,"pid":1,"tid":TID,"args":{"loop":..,"device":..
 * Instant events ("ph":"i") have no duration. */
static void put_event_head(FILE *f, const char *name, const char *cat, const gpupar__trace_event *e,
                           int tid) {
  fputs("{\"name\":", f);
  put_string(f, name);
  if (e->cat == GPUPAR__TRACE_FAULT)
    fprintf(f, ",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.3f,\"pid\":1,\"tid\":%d,", cat,
            e->ts, tid);
  else
    fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":1,\"tid\":%d,", cat,
            e->ts, e->dur, tid);
  fputs("\"args\":{\"loop\":", f);
  put_string(f, e->site);
  fputs(",\"device\":", f);
  put_string(f, e->device);
}

int gpupar__trace_write(void) {
  pthread_mutex_lock(&trace_mutex);
  if (!trace_enabled) {
    pthread_mutex_unlock(&trace_mutex);
    return GPUPAR_OK;
  }
  int rc = GPUPAR_OK;
  FILE *f = fopen(trace_path, "w");
  if (!f) {
    GPUPAR__WARN("cannot write the trace file '%s': %s", trace_path, strerror(errno));
    pthread_mutex_unlock(&trace_mutex);
    return GPUPAR_EIO;
  }
  static char names[256][96];
  int ndevices = 0;
  static const char *const dirs[] = {"h2d", "d2h", "d2d"};
  fputs("{\"traceEvents\":[", f);
  for (size_t i = 0; i < nevents; i++) {
    const gpupar__trace_event *e = &events[i];
    int tid = device_tid(names, &ndevices, e->device, e->stream);
    fputs(i ? ",\n" : "\n", f);
    if (e->cat == GPUPAR__TRACE_CHUNK) {
      put_event_head(f, e->site, "chunk", e, tid);
      fprintf(f, ",\"call\":%llu,\"stream\":%d,\"seq\":%llu", e->call, e->stream, e->seq);
      if (e->has_range)
        fprintf(f, ",\"begin\":%llu,\"end\":%llu,\"trip\":%llu", e->begin, e->end, e->trip);
      fputs("}}", f);
    } else if (e->cat == GPUPAR__TRACE_FAULT) {
      char name[64];
      snprintf(name, sizeof name, "fault %s", e->kind);
      put_event_head(f, name, "fault", e, tid);
      fprintf(f, ",\"call\":%llu,\"seq\":%llu,\"kind\":", e->call, e->seq);
      put_string(f, e->kind);
      fputs(",\"action\":", f);
      put_string(f, e->action);
      fprintf(f, ",\"begin\":%llu,\"end\":%llu}}", e->begin, e->end);
    } else {
      char name[96];
      snprintf(name, sizeof name, "%s %s", dirs[e->dir], e->array);
      put_event_head(f, name, "copy", e, tid);
      fprintf(f, ",\"call\":%llu,\"array\":", e->call);
      put_string(f, e->array);
      fprintf(f, ",\"bytes\":%zu,\"direction\":\"%s\",\"stream\":%d,\"seq\":%llu", e->bytes,
              dirs[e->dir], e->stream, e->seq);
      if (e->has_range)
        fprintf(f, ",\"begin\":%llu,\"end\":%llu", e->begin, e->end);
      if (e->dir == GPUPAR__D2D) {
        fputs(",\"from\":", f);
        put_string(f, e->peer);
      }
      fputs("}}", f);
    }
  }
  for (int i = 0; i < ndevices; i++) {
    fprintf(f, "%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,\"args\":{\"name\":",
            nevents || i ? ",\n" : "\n", i + 1);
    put_string(f, names[i]);
    fputs("}}", f);
  }
  fputs("\n],\"displayTimeUnit\":\"ms\"}\n", f);
  if (ferror(f))
    rc = GPUPAR_EIO;
  if (fclose(f) != 0)
    rc = GPUPAR_EIO;
  if (rc != GPUPAR_OK)
    GPUPAR__WARN("cannot write the trace file '%s': %s", trace_path, strerror(errno));
  pthread_mutex_unlock(&trace_mutex);
  return rc;
}

int gpupar_trace_flush(void) {
  gpupar_init();
  return gpupar__trace_write();
}
