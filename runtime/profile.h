/* GPUPAR_PROFILE: a summary table per loop site on stderr. */
#ifndef GPUPAR_RUNTIME_PROFILE_H
#define GPUPAR_RUNTIME_PROFILE_H

#include <stdio.h>

/* Writes the profile table to `out` (NULL: stderr). */
void gpupar__profile_write(FILE *out);

/* Writes the profile table to stderr (at exit with GPUPAR_PROFILE=1). */
void gpupar__profile_print(void);

#endif
