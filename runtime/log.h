/* The runtime's one logger: lines `gpupar: LEVEL: message` on stderr. */
#ifndef GPUPAR_RUNTIME_LOG_H
#define GPUPAR_RUNTIME_LOG_H

#include <stdio.h>

enum { GPUPAR__LOG_ERROR = 0, GPUPAR__LOG_WARN = 1, GPUPAR__LOG_INFO = 2, GPUPAR__LOG_DEBUG = 3 };

/* Sets the most verbose level printed (GPUPAR__LOG_*); the default is GPUPAR__LOG_WARN. */
void gpupar__log_set_level(int level);
/* Returns the current level. */
int gpupar__log_level(void);
/* Returns whether messages of `level` are printed. */
int gpupar__log_enabled(int level);
/* Sends log lines to `stream` (owned by the caller) instead of stderr; NULL restores stderr. */
void gpupar__log_set_stream(FILE *stream);
/* Prints one line `gpupar: <level>: <fmt...>` when `level` is enabled. */
void gpupar__log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define GPUPAR__ERROR(...) gpupar__log(GPUPAR__LOG_ERROR, __VA_ARGS__)
#define GPUPAR__WARN(...) gpupar__log(GPUPAR__LOG_WARN, __VA_ARGS__)
#define GPUPAR__INFO(...) gpupar__log(GPUPAR__LOG_INFO, __VA_ARGS__)
#define GPUPAR__DEBUG(...) gpupar__log(GPUPAR__LOG_DEBUG, __VA_ARGS__)

#endif
