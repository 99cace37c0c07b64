/* Calls of a loop's host entry point, which stop early when an iteration reaches a fatal path of
 * the program (a report and exit(), plugin/Analysis/FatalPaths.h): the generated code calls
 * gpupar_fatal_stop() there instead of leaving the program from a runtime thread. */
#ifndef GPUPAR_RUNTIME_ENTRY_H
#define GPUPAR_RUNTIME_ENTRY_H

#include "gpupar/loop.h"

/* What gpupar__run_entry returns when the chunk stopped at a fatal path: the call must then run
 * serially (the user's loop), where the path runs as written. */
#define GPUPAR__ENTRY_FATAL 0x7a7a1

/* Runs `loop`'s host entry point on `launch` on this thread. Returns its result, or
 * GPUPAR__ENTRY_FATAL. */
int gpupar__run_entry(const gpupar_loop *loop, const gpupar_launch *launch);

#endif
