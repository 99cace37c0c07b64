/* The runtime's one logger. Each line is formatted in full and written with one call so that
 * lines from different threads do not interleave. */
#include "log.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>

static atomic_int log_level = GPUPAR__LOG_WARN;
static FILE *_Atomic log_stream = NULL;

void gpupar__log_set_level(int level) {
  if (level < GPUPAR__LOG_ERROR)
    level = GPUPAR__LOG_ERROR;
  if (level > GPUPAR__LOG_DEBUG)
    level = GPUPAR__LOG_DEBUG;
  atomic_store(&log_level, level);
}

int gpupar__log_level(void) { return atomic_load(&log_level); }

int gpupar__log_enabled(int level) { return level <= atomic_load(&log_level); }

void gpupar__log_set_stream(FILE *stream) { atomic_store(&log_stream, stream); }

void gpupar__log(int level, const char *fmt, ...) {
  static const char *const names[] = {"error", "warning", "info", "debug"};
  if (!gpupar__log_enabled(level) || level < 0)
    return;
  char line[1024];
  int n = snprintf(line, sizeof line, "gpupar: %s: ", names[level]);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
  va_end(ap);
  size_t len = strlen(line);
  line[len] = '\n';
  line[len + 1] = '\0';
  FILE *out = atomic_load(&log_stream);
  fputs(line, out ? out : stderr);
  fflush(out ? out : stderr);
}
