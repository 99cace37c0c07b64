/* Issuing threads: one persistent thread per device, so that a call on several devices copies,
 * computes and commits on all of them at once instead of one device after another from the
 * calling thread (docs/runtime.md, "Issuing threads"). */
#ifndef GPUPAR_RUNTIME_ISSUER_H
#define GPUPAR_RUNTIME_ISSUER_H

#include <stdatomic.h>

/* A piece of work for one device's thread; owned by the caller until gpupar__issue_wait
 * returns. */
typedef struct gpupar__issue {
  void (*run)(void *arg);
  void *arg;
  int device;                 /* registry index of the device whose thread runs it */
  int state;                  /* internal */
  struct gpupar__issue *link; /* internal */
} gpupar__issue;

/* Queues `t` for its device's thread, started at the first use. Never fails: when the thread
 * cannot start (or the process forked since), gpupar__issue_wait runs `t` itself. */
void gpupar__issue_post(gpupar__issue *t);

/* Returns once `t` has run. Runs it on the calling thread when its device's thread has not taken
 * it yet, so that a caller that waits is never slower than one that issues alone. */
void gpupar__issue_wait(gpupar__issue *t);

/* Issuing threads started so far (for tests and the status report). */
int gpupar__issue_threads(void);

#endif
