/* The library's view of the program releasing memory, so that cached registrations
 * (memory/hostreg.c) never outlive the memory they pin.
 *
 * libgpupar defines free, realloc, reallocarray, munmap, mremap and madvise (weak symbols; each
 * calls the next definition, normally the C library's, after telling the registration cache):
 * pinned pages stay pinned after the program frees them, so memory the program gets later at the
 * same addresses would otherwise be copied through the old pages. This is what MPI libraries'
 * registration caches do (memory hooks). Memory released past these functions (a custom allocator
 * calling the system directly, brk) is not seen: GPUPAR_PIN_CACHE=0 turns the cache off.
 *
 * It also defines malloc, calloc, posix_memalign, aligned_alloc, memalign, getline and getdelim
 * (and realloc, reallocarray), which note the blocks they return in the block table
 * (heapmap.h), when the program's malloc, calloc, free and realloc are these and no sanitizer
 * runs. */
#ifndef GPUPAR_RUNTIME_MEMHOOKS_H
#define GPUPAR_RUNTIME_MEMHOOKS_H

#include <stddef.h>

/* Whether the program's calls of free, realloc and munmap reach these hooks: another definition
 * may come first (the program's own, a preloaded allocator, a sanitizer linked statically); and
 * no sanitizer runtime is loaded (the hooks then stand aside). */
int gpupar__memhooks_active(void);

/* How many ranges the registration cache holds (written by it): the hooks look no further while
 * it is 0. */
extern int gpupar__memhooks_ranges;

/* Sets what the hooks call with each block or range the program releases, before releasing it. */
void gpupar__memhooks_listen(void (*released)(const void *p, size_t bytes));

#endif
