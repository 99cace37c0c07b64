/* For the e2e programs that allocate many rows: every allocation is kept (keep(p) returns p,
 * and exits with status 2 when p is NULL or the table is full) and freed by free_kept() before
 * main returns, so that leak checkers (the sanitizer pass) see the program clean up. */
#ifndef GPUPAR_E2E_KEEP_H
#define GPUPAR_E2E_KEEP_H

#include <stdio.h>
#include <stdlib.h>

static void *kept[8192];
static int nkept;

static void *keep(void *p) {
  if (!p || nkept == (int)(sizeof kept / sizeof kept[0])) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  return kept[nkept++] = p;
}

static void free_kept(void) {
  while (nkept)
    free(kept[--nkept]);
}

#endif
