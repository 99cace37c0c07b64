/* Extents of arrays read at indices known only at run time. For arrays the loop's function
 * allocated (plugin/Analysis/Allocation.h): the allocator's usable size, which lies inside the
 * block, so a copy of it never leaves the program's memory (sanitizers report the size asked
 * for). Other pointers: gpupar_heap_extent (api.c) and memory/heapmap.h. */
#define _GNU_SOURCE
#include <malloc.h>

#include "gpupar/gpupar.h"

size_t gpupar_alloc_elems(const void *p, size_t elem_size) {
  if (!p || elem_size == 0)
    return 0;
  return malloc_usable_size((void *)p) / elem_size;
}

