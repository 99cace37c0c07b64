/* Host entry points that stop at fatal paths. */
#include "execute/entry.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpupar/gpupar.h"

/* Where gpupar_fatal_stop returns to on this thread: the innermost gpupar__run_entry. */
static _Thread_local jmp_buf *fatal_return;

int gpupar__run_entry(const gpupar_loop *loop, const gpupar_launch *launch) {
  jmp_buf here;
  jmp_buf *outer = fatal_return;
  if (setjmp(here)) {
    fatal_return = outer;
    return GPUPAR__ENTRY_FATAL;
  }
  fatal_return = &here;
  int rc = loop->run_host(launch);
  fatal_return = outer;
  return rc;
}

void gpupar_fatal_stop(void) {
  if (fatal_return)
    longjmp(*fatal_return, 1);
  /* Generated code runs only under gpupar__run_entry; anything else is a defect. */
  fprintf(stderr, "gpupar: error: a fatal path was reached outside the runtime\n");
  abort();
}
