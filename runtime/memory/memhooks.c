/* Memory hooks: the program's releases of memory reach the registration cache, and its blocks the
 * table of blocks (see memhooks.h, heapmap.h). Each hook costs a relaxed load or two when nothing
 * is cached and the block is small (a lock only for a block the table may hold). */
#define _GNU_SOURCE
#include "memory/memhooks.h"

#include "memory/heapmap.h"

#include <dlfcn.h>
#include <malloc.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>

#define GPUPAR_HOOK __attribute__((weak, visibility("default")))

/* The definitions after this library's, normally the C library's. */
static void *next_free, *next_realloc, *next_reallocarray, *next_munmap, *next_mremap,
    *next_madvise, *next_malloc, *next_calloc, *next_posix_memalign, *next_aligned_alloc,
    *next_memalign, *next_getdelim, *next_getline;

static void *next(void **cache, const char *name) {
  void *fn = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
  if (!fn) {
    fn = dlsym(RTLD_NEXT, name);
    __atomic_store_n(cache, fn, __ATOMIC_RELEASE);
  }
  return fn;
}

/* Whether the allocation hooks note blocks: the hooks are on and the program's malloc, calloc,
 * free and realloc are this file's (else a release could go unseen and leave a stale entry). */
static int heap_on;
extern void *gpupar__own_malloc(size_t) __attribute__((visibility("hidden")));
extern void *gpupar__own_calloc(size_t, size_t) __attribute__((visibility("hidden")));

/* Whether the hooks tell the cache anything: not under a sanitizer, whose runtime frees memory
 * before a thread is set up (its instrumented code would then run too early). */
static int hooks_on;
int gpupar__memhooks_ranges;
static void (*listener)(const void *p, size_t bytes);

void gpupar__memhooks_listen(void (*released)(const void *p, size_t bytes)) {
  __atomic_store_n(&listener, released, __ATOMIC_RELEASE);
}

/* Memory for the allocations made while an allocator is looked up (dlsym may allocate): never
 * given back. */
static _Alignas(16) char boot[1 << 16];
static size_t boot_used;
static __thread __attribute__((tls_model("initial-exec"))) int resolving;

static void *boot_alloc(size_t bytes) {
  size_t at = __atomic_fetch_add(&boot_used, (bytes + 15) & ~(size_t)15, __ATOMIC_RELAXED);
  return at + bytes <= sizeof boot ? boot + at : NULL;
}

static int in_boot(const void *p) {
  return (const char *)p >= boot && (const char *)p < boot + sizeof boot;
}

/* The next definition of an allocator, or NULL while one is being looked up on this thread. */
static void *next_allocator(void **cache, const char *name) {
  void *fn = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
  if (fn || resolving)
    return fn;
  resolving = 1;
  fn = next(cache, name);
  resolving = 0;
  return fn;
}

/* Looked up before main (and on first use by the other hooks). free never looks up: dlsym frees
 * its last error message, which would come back here and free it twice. */
__attribute__((constructor)) static void resolve(void) {
  next(&next_free, "free");
  next(&next_realloc, "realloc");
  next(&next_munmap, "munmap");
  next_allocator(&next_malloc, "malloc");
  next_allocator(&next_calloc, "calloc");
  hooks_on = !dlsym(RTLD_DEFAULT, "__asan_init") && !dlsym(RTLD_DEFAULT, "__tsan_init") &&
             !dlsym(RTLD_DEFAULT, "__msan_init");
  heap_on = hooks_on && gpupar__memhooks_active() &&
            dlsym(RTLD_DEFAULT, "malloc") == (void *)gpupar__own_malloc &&
            dlsym(RTLD_DEFAULT, "calloc") == (void *)gpupar__own_calloc;
}

/* Whether the cache may hold a range (a relaxed load: the hooks' only cost otherwise). */
static void (*watching(void))(const void *, size_t) {
  return hooks_on && __atomic_load_n(&gpupar__memhooks_ranges, __ATOMIC_RELAXED) != 0
             ? __atomic_load_n(&listener, __ATOMIC_ACQUIRE)
             : NULL;
}

/* A block the program got: noted when large; a small one drops a stale entry at its start. */
static void *noted(void *p, size_t bytes) {
  if (p && heap_on) {
    if (bytes >= GPUPAR__HEAP_MIN)
      gpupar__heap_note(p, bytes);
    else if (gpupar__heap_may_hold(p))
      gpupar__heap_forget(p);
  }
  return p;
}

static void forget_block(void *p) {
  if (p && heap_on && gpupar__heap_may_hold(p))
    gpupar__heap_forget(p);
  void (*tell)(const void *, size_t) = p ? watching() : NULL;
  if (tell)
    tell(p, malloc_usable_size(p));
}

static void forget_range(void *p, size_t bytes) {
  void (*tell)(const void *, size_t) = watching();
  if (tell)
    tell(p, bytes);
}

GPUPAR_HOOK void *malloc(size_t bytes) {
  void *(*fn)(size_t) = (void *(*)(size_t))next_allocator(&next_malloc, "malloc");
  return fn ? noted(fn(bytes), bytes) : boot_alloc(bytes);
}

GPUPAR_HOOK void *calloc(size_t count, size_t size) {
  void *(*fn)(size_t, size_t) = (void *(*)(size_t, size_t))next_allocator(&next_calloc, "calloc");
  if (!fn)
    return size && count > (size_t)-1 / size ? NULL : boot_alloc(count * size); /* zeroed */
  return noted(fn(count, size), count * size); /* calloc fails when count * size overflows */
}

GPUPAR_HOOK int posix_memalign(void **out, size_t align, size_t bytes) {
  int rc = ((int (*)(void **, size_t, size_t))next(&next_posix_memalign, "posix_memalign"))(
      out, align, bytes);
  if (rc == 0)
    noted(*out, bytes);
  return rc;
}

GPUPAR_HOOK void *aligned_alloc(size_t align, size_t bytes) {
  return noted(
      ((void *(*)(size_t, size_t))next(&next_aligned_alloc, "aligned_alloc"))(align, bytes), bytes);
}

GPUPAR_HOOK void *memalign(size_t align, size_t bytes) {
  return noted(((void *(*)(size_t, size_t))next(&next_memalign, "memalign"))(align, bytes), bytes);
}

GPUPAR_HOOK void free(void *p) {
  void (*fn)(void *) = (void (*)(void *))__atomic_load_n(&next_free, __ATOMIC_ACQUIRE);
  if (in_boot(p))
    return;
  if (!fn)
    return; /* before the lookup (a library's initialisation): the block is leaked, not lost */
  forget_block(p);
  fn(p);
}

GPUPAR_HOOK void *realloc(void *p, size_t bytes) {
  if (in_boot(p)) { /* the block is never given back: moved, up to its end */
    void *q = malloc(bytes);
    size_t room = (size_t)(boot + sizeof boot - (char *)p);
    if (q)
      memcpy(q, p, bytes < room ? bytes : room);
    return q;
  }
  forget_block(p); /* the block may move */
  void *q = ((void *(*)(void *, size_t))next(&next_realloc, "realloc"))(p, bytes);
  return q ? noted(q, bytes) : (bytes ? noted(p, malloc_usable_size(p)) : q);
}

GPUPAR_HOOK void *reallocarray(void *p, size_t count, size_t size) {
  forget_block(p);
  void *q =
      ((void *(*)(void *, size_t, size_t))next(&next_reallocarray, "reallocarray"))(p, count, size);
  return q ? noted(q, count * size) : (p && count && size ? noted(p, malloc_usable_size(p)) : q);
}

/* The C library grows the program's buffer inside these, out of the hooks' sight. */
GPUPAR_HOOK ssize_t getdelim(char **line, size_t *bytes, int delim, FILE *stream) {
  if (line)
    forget_block(*line);
  ssize_t n = ((ssize_t(*)(char **, size_t *, int, FILE *))next(&next_getdelim, "getdelim"))(
      line, bytes, delim, stream);
  if (line && bytes)
    noted(*line, *bytes);
  return n;
}

GPUPAR_HOOK ssize_t getline(char **line, size_t *bytes, FILE *stream) {
  if (line)
    forget_block(*line);
  ssize_t n =
      ((ssize_t(*)(char **, size_t *, FILE *))next(&next_getline, "getline"))(line, bytes, stream);
  if (line && bytes)
    noted(*line, *bytes);
  return n;
}

GPUPAR_HOOK int munmap(void *p, size_t bytes) {
  forget_range(p, bytes);
  return ((int (*)(void *, size_t))next(&next_munmap, "munmap"))(p, bytes);
}

GPUPAR_HOOK void *mremap(void *p, size_t old_bytes, size_t new_bytes, int flags, ...) {
  void *to = NULL;
  if (flags & MREMAP_FIXED) {
    va_list ap;
    va_start(ap, flags);
    to = va_arg(ap, void *);
    va_end(ap);
  }
  forget_range(p, old_bytes);
  return ((void *(*)(void *, size_t, size_t, int, ...))next(&next_mremap, "mremap"))(
      p, old_bytes, new_bytes, flags, to);
}

GPUPAR_HOOK int madvise(void *p, size_t bytes, int advice) {
  /* Advice that gives the pages back: the range reads as new memory afterwards. */
  if (advice == MADV_DONTNEED || advice == MADV_FREE || advice == MADV_REMOVE)
    forget_range(p, bytes);
  return ((int (*)(void *, size_t, int))next(&next_madvise, "madvise"))(p, bytes, advice);
}

/* This file's own definitions, whatever the program's calls bind to (their addresses only: the
 * C library's attributes need not be repeated). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmissing-attributes"
#endif
extern void gpupar__own_free(void *) __attribute__((alias("free"), visibility("hidden")));
extern int gpupar__own_munmap(void *, size_t)
    __attribute__((alias("munmap"), visibility("hidden")));
extern void *gpupar__own_realloc(void *, size_t)
    __attribute__((alias("realloc"), visibility("hidden")));
extern void *gpupar__own_malloc(size_t) __attribute__((alias("malloc"), visibility("hidden")));
extern void *gpupar__own_calloc(size_t, size_t)
    __attribute__((alias("calloc"), visibility("hidden")));

int gpupar__memhooks_active(void) {
  return hooks_on && dlsym(RTLD_DEFAULT, "free") == (void *)gpupar__own_free &&
         dlsym(RTLD_DEFAULT, "realloc") == (void *)gpupar__own_realloc &&
         dlsym(RTLD_DEFAULT, "munmap") == (void *)gpupar__own_munmap;
}
