/* The blocks the program allocated: what a loop reading a pointer at indices known only at run
 * time may copy (the block the pointer points into, gpupar_heap_extent).
 *
 * The memory hooks (memhooks.c) note every block of at least GPUPAR__HEAP_MIN bytes that malloc,
 * calloc, realloc, reallocarray, posix_memalign, aligned_alloc, memalign, getline or getdelim
 * return, and forget it when free, realloc or those two release it. A block the hooks did not see
 * (allocated before they were resolved, by a sanitizer's allocator, by a custom allocator, on the
 * stack or as a global) is simply not found: the loop then runs on the host. Entries are keyed by
 * the block's start; a full table notes nothing more (a lookup then fails, which only costs the
 * offload). */
#ifndef GPUPAR_RUNTIME_HEAPMAP_H
#define GPUPAR_RUNTIME_HEAPMAP_H

#include <stddef.h>
#include <stdint.h>

/* Smaller blocks are not noted: one smaller than a page seldom holds an array worth a device. */
#define GPUPAR__HEAP_MIN 4096

/* How many blocks the table holds (relaxed reads: the hooks' fast path). */
extern int gpupar__heap_count;

/* Notes block [p, p + bytes) (bytes >= GPUPAR__HEAP_MIN), replacing an entry at p. */
void gpupar__heap_note(const void *p, size_t bytes);
/* Returns 0 when no block starting at p can be noted (no lock: the hooks' test before forgetting
 * one). */
int gpupar__heap_may_hold(const void *p);
/* Forgets the block that starts at p, if noted. */
void gpupar__heap_forget(const void *p);
/* Finds the noted block holding address p: 1 with its start and size, else 0. Of several
 * (a stale entry the C library released internally), the one that starts last. */
int gpupar__heap_find(const void *p, uintptr_t *start, size_t *bytes);
/* Forgets every block (tests). */
void gpupar__heap_reset(void);

#endif
