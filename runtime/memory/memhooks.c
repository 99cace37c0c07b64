/* Memory hooks: the program's releases of memory reach the registration cache (see memhooks.h).
 * Each hook costs one relaxed load when nothing is cached. */
#define _GNU_SOURCE
#include "memory/memhooks.h"

#include <dlfcn.h>
#include <malloc.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>

#define GPUPAR_HOOK __attribute__((weak, visibility("default")))

/* The definitions after this library's, normally the C library's. */
static void *next_free, *next_realloc, *next_reallocarray, *next_munmap, *next_mremap,
    *next_madvise;

static void *next(void **cache, const char *name) {
  void *fn = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
  if (!fn) {
    fn = dlsym(RTLD_NEXT, name);
    __atomic_store_n(cache, fn, __ATOMIC_RELEASE);
  }
  return fn;
}

/* Whether the hooks tell the cache anything: not under a sanitizer, whose runtime frees memory
 * before a thread is set up (its instrumented code would then run too early). */
static int hooks_on;
int gpupar__memhooks_ranges;
static void (*listener)(const void *p, size_t bytes);

void gpupar__memhooks_listen(void (*released)(const void *p, size_t bytes)) {
  __atomic_store_n(&listener, released, __ATOMIC_RELEASE);
}

/* Looked up before main (and on first use by the other hooks). free never looks up: dlsym frees
 * its last error message, which would come back here and free it twice. */
__attribute__((constructor)) static void resolve(void) {
  next(&next_free, "free");
  next(&next_realloc, "realloc");
  next(&next_munmap, "munmap");
  hooks_on = !dlsym(RTLD_DEFAULT, "__asan_init") && !dlsym(RTLD_DEFAULT, "__tsan_init") &&
             !dlsym(RTLD_DEFAULT, "__msan_init");
}

/* Whether the cache may hold a range (a relaxed load: the hooks' only cost otherwise). */
static void (*watching(void))(const void *, size_t) {
  return hooks_on && __atomic_load_n(&gpupar__memhooks_ranges, __ATOMIC_RELAXED) != 0
             ? __atomic_load_n(&listener, __ATOMIC_ACQUIRE)
             : NULL;
}

static void forget_block(void *p) {
  void (*tell)(const void *, size_t) = p ? watching() : NULL;
  if (tell)
    tell(p, malloc_usable_size(p));
}

static void forget_range(void *p, size_t bytes) {
  void (*tell)(const void *, size_t) = watching();
  if (tell)
    tell(p, bytes);
}

GPUPAR_HOOK void free(void *p) {
  void (*fn)(void *) = (void (*)(void *))__atomic_load_n(&next_free, __ATOMIC_ACQUIRE);
  if (!fn)
    return; /* before the lookup (a library's initialisation): the block is leaked, not lost */
  forget_block(p);
  fn(p);
}

GPUPAR_HOOK void *realloc(void *p, size_t bytes) {
  forget_block(p); /* the block may move */
  return ((void *(*)(void *, size_t))next(&next_realloc, "realloc"))(p, bytes);
}

GPUPAR_HOOK void *reallocarray(void *p, size_t count, size_t size) {
  forget_block(p);
  return ((void *(*)(void *, size_t, size_t))next(&next_reallocarray, "reallocarray"))(p, count,
                                                                                       size);
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

int gpupar__memhooks_active(void) {
  return hooks_on && dlsym(RTLD_DEFAULT, "free") == (void *)gpupar__own_free &&
         dlsym(RTLD_DEFAULT, "realloc") == (void *)gpupar__own_realloc &&
         dlsym(RTLD_DEFAULT, "munmap") == (void *)gpupar__own_munmap;
}
