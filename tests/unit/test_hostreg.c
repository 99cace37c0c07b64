/* The registration cache (memory/hostreg.c) with a fake backend that records what is
 * registered: hits, LRU eviction under the limit, ranges in use never evicted, failures
 * remembered, stale overlapping ranges dropped, drop and drop_all; and the memory hooks
 * (memory/memhooks.c): the program's free, realloc and munmap drop the ranges they release. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "memory/hostreg.h"
#include "memory/memhooks.h"

static int registers, unregisters, fail_next;
static size_t live; /* bytes registered with the fake backend now */
static struct {
  void *p;
  size_t n;
} regs[16];

static int fake_register(void *p, size_t n, gpupar__error *err) {
  if (fail_next) {
    fail_next = 0;
    return gpupar__fail(err, GPUPAR_ENOMEM, "refused");
  }
  for (int i = 0; i < 16; i++)
    if (!regs[i].p) {
      regs[i].p = p;
      regs[i].n = n;
      break;
    }
  registers++;
  live += n;
  return GPUPAR_OK;
}

static void fake_unregister(void *p) {
  for (int i = 0; i < 16; i++)
    if (regs[i].p == p) {
      live -= regs[i].n;
      regs[i].p = NULL;
      unregisters++;
      return;
    }
  fail_msg("unregister of a range never registered");
}

static const gpupar__backend fake = {
    .name = "fake", .host_register = fake_register, .host_unregister = fake_unregister};

static _Alignas(4096) char mem[16][4096 * 4];

static void test_cache(void **state) {
  (void)state;
  int fresh;
  gpupar__hostreg_set_limit(3 * sizeof mem[0]);
  /* Kept across calls only on request (GPUPAR_PIN_CACHE=1): by default the last release drops. */
  gpupar__hostreg *once = gpupar__hostreg_acquire(&fake, mem[5], sizeof mem[5], &fresh);
  assert_non_null(once);
  gpupar__hostreg_release(once);
  assert_int_equal(registers, 1);
  assert_int_equal(unregisters, 1);
  registers = unregisters = 0;
  gpupar__hostreg_set_cache(1);
  gpupar__hostreg *a = gpupar__hostreg_acquire(&fake, mem[0], sizeof mem[0], &fresh);
  assert_non_null(a);
  assert_int_equal(fresh, 1);
  gpupar__hostreg_release(a);
  /* A sub-range hits. */
  a = gpupar__hostreg_acquire(&fake, mem[0] + 100, 1000, &fresh);
  assert_non_null(a);
  assert_int_equal(fresh, 0);
  assert_int_equal(registers, 1);
  /* Three fit; the fourth evicts the least recently used range not in use (mem[1]). */
  gpupar__hostreg *b = gpupar__hostreg_acquire(&fake, mem[1], sizeof mem[1], &fresh);
  gpupar__hostreg_release(b);
  gpupar__hostreg *c = gpupar__hostreg_acquire(&fake, mem[2], sizeof mem[2], &fresh);
  gpupar__hostreg_release(c);
  gpupar__hostreg *d = gpupar__hostreg_acquire(&fake, mem[3], sizeof mem[3], &fresh);
  assert_non_null(d);
  assert_int_equal(unregisters, 1);
  assert_int_equal(live, 3 * sizeof mem[0]);
  for (int i = 0; i < 16; i++)
    assert_true(regs[i].p != mem[1]);
  /* Over the limit with every other range in use: pageable. */
  c = gpupar__hostreg_acquire(&fake, mem[2], sizeof mem[2], &fresh);
  assert_non_null(c);
  assert_null(gpupar__hostreg_acquire(&fake, mem[4], sizeof mem[4], &fresh));
  gpupar__hostreg_release(c);
  gpupar__hostreg_release(d);
  /* A failed registration is remembered: not retried. */
  fail_next = 1;
  int before = registers;
  assert_null(gpupar__hostreg_acquire(&fake, mem[5], sizeof mem[5], &fresh));
  assert_null(gpupar__hostreg_acquire(&fake, mem[5], sizeof mem[5], &fresh));
  assert_int_equal(registers, before);
  /* A grown range replaces the stale one it overlaps (the array grew into the next page). */
  gpupar__hostreg *e = gpupar__hostreg_acquire(&fake, mem[3], sizeof mem[3] + 4096, &fresh);
  assert_non_null(e);
  assert_int_equal(fresh, 1);
  gpupar__hostreg_release(e);
  /* drop unregisters what overlaps and is not in use; drop_all the rest not in use. */
  gpupar__hostreg_drop(mem[3] + 10, 1);
  for (int i = 0; i < 16; i++)
    assert_true(regs[i].p != mem[3]);
  gpupar__hostreg_drop_all();
  assert_int_equal(live, sizeof mem[0]); /* mem[0] is still in use */
  gpupar__hostreg_release(a);
  gpupar__hostreg_drop_all();
  assert_int_equal(live, 0);
  assert_int_equal(registers, unregisters);
  /* Limit 0: never registers. */
  gpupar__hostreg_set_limit(0);
  assert_null(gpupar__hostreg_acquire(&fake, mem[6], sizeof mem[6], &fresh));
}

/* Whether a registration covers some of [p, p + n) (only a range's whole pages are
 * registered). */
static int registered_in(const void *p, size_t n) {
  uintptr_t lo = (uintptr_t)p; /* an address: the memory may be freed already */
  for (int i = 0; i < 16; i++)
    if (regs[i].p && (uintptr_t)regs[i].p < lo + n && lo < (uintptr_t)regs[i].p + regs[i].n)
      return 1;
  return 0;
}

/* Acquires [p, p + n) for one call and releases it; returns whether it was registered anew. */
static int use(void *p, size_t n) {
  int fresh;
  gpupar__hostreg *r = gpupar__hostreg_acquire(&fake, p, n, &fresh);
  assert_non_null(r);
  gpupar__hostreg_release(r);
  return fresh;
}

static void test_hooks(void **state) {
  (void)state;
  /* This binary links libgpupar.a like gpuparcc's programs: its hooks come first, except under
   * a sanitizer (scripts/test.sh), where they stand aside. */
  if (!gpupar__memhooks_active()) {
    assert_true(dlsym(RTLD_DEFAULT, "__asan_init") || dlsym(RTLD_DEFAULT, "__tsan_init"));
    skip();
  }
  gpupar__hostreg_set_limit(1ull << 30);
  gpupar__hostreg_set_cache(-1); /* the default: kept, since the hooks are active */
  gpupar__hostreg_drop_all();
  registers = unregisters = 0;

  /* free of a block from the heap and of one from mmap (large) drops its range. */
  for (size_t n = 3 * 4096 + 100; n <= (size_t)64 << 20; n *= 64) {
    char *a = malloc(n);
    assert_non_null(a);
    assert_true(use(a, n));
    assert_false(use(a + n / 2, n / 2)); /* a hit: cached across calls */
    assert_true(registered_in(a, n));
    free(a);
    assert_false(registered_in(a, n));
  }
  assert_int_equal(registers, unregisters);

  /* A neighbour's free keeps the range (its pages still hold the array). */
  char *x = malloc(3 * 4096), *y = malloc(3 * 4096);
  assert_true(use(x, 3 * 4096));
  free(y);
  assert_true(registered_in(x, 3 * 4096));
  /* realloc may move the block: its range goes. */
  x = realloc(x, 1 << 20);
  assert_non_null(x);
  assert_int_equal(registers, unregisters);
  free(x);

  /* munmap, mremap and madvise(MADV_DONTNEED) of a mapping. */
  size_t len = 16 * 4096;
  char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(m != MAP_FAILED);
  assert_true(use(m + 4096, 4096));
  madvise(m, len, MADV_WILLNEED); /* keeps the pages: the range stays */
  assert_true(registered_in(m + 4096, 4096));
  madvise(m, 2 * 4096, MADV_DONTNEED);
  assert_false(registered_in(m + 4096, 4096));
  assert_true(use(m + 8 * 4096, 4096));
  char *moved = mremap(m, len, 2 * len, MREMAP_MAYMOVE);
  assert_true(moved != MAP_FAILED);
  assert_false(registered_in(m + 8 * 4096, 4096));
  assert_true(use(moved, len));
  munmap(moved + len, len); /* the other half */
  assert_true(registered_in(moved, len));
  munmap(moved, len);
  assert_false(registered_in(moved, len));

  /* A range in use by a call stays (the program has a bug; the call's copies stay valid). */
  char *busy = malloc(20000);
  int fresh;
  gpupar__hostreg *r = gpupar__hostreg_acquire(&fake, busy, 20000, &fresh);
  assert_non_null(r);
  gpupar__hostreg_forget(busy, 20000);
  assert_true(registered_in(busy, 20000));
  gpupar__hostreg_release(r);
  free(busy);
  assert_false(registered_in(busy, 20000));
  assert_int_equal(registers, unregisters);
  assert_int_equal(live, 0);

  /* GPUPAR_PIN_CACHE=0: dropped at the call's end, hooks or not. */
  gpupar__hostreg_set_cache(0);
  char *once = malloc(10000);
  int before = unregisters;
  gpupar__hostreg_release(gpupar__hostreg_acquire(&fake, once, 10000, &fresh));
  assert_int_equal(unregisters, before + 1);
  free(once);
}

/* Threads that register, reuse and free their own arrays at once (ThreadSanitizer in
 * scripts/test.sh): every registration is undone when its array is freed. */
static void *churn(void *arg) {
  (void)arg;
  for (int k = 0; k < 300; k++) {
    size_t n = 5000 + (size_t)(k % 7) * 4096;
    char *a = malloc(n);
    if (!a)
      return NULL;
    for (int c = 0; c < 2; c++) {
      int fresh;
      gpupar__hostreg_release(gpupar__hostreg_acquire(&fake, a, n, &fresh));
    }
    if (!gpupar__memhooks_active())
      gpupar__hostreg_drop(a, n);
    free(a);
  }
  return NULL;
}

static void test_threads(void **state) {
  (void)state;
  gpupar__hostreg_set_limit(1ull << 30);
  /* Kept across calls, dropped by the frees (or, under a sanitizer, by the unregisters). */
  int hooked = gpupar__memhooks_active();
  gpupar__hostreg_set_cache(hooked ? -1 : 1);
  registers = unregisters = 0;
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    assert_int_equal(pthread_create(&t[i], NULL, churn, NULL), 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  gpupar__hostreg_drop_all();
  assert_true(registers > 0);
  assert_int_equal(registers, unregisters);
  assert_int_equal(live, 0);
}

/* Copies are cut where registered pages begin and end: CUDA refuses a copy over memory partly
 * registered and partly not. Only a range's whole pages are registered, so an array sharing a
 * page with a registered neighbour is copied in pieces, every byte once and in place. */
typedef struct piece_log {
  const char *src;
  size_t n;
} piece_log;
static piece_log pieces[8];
static int npieces;

static int log_copy(gpupar__device *dev, int s, void *dst, const void *src, size_t n,
                    gpupar__error *err) {
  (void)dev;
  (void)s;
  (void)err;
  if (npieces < 8)
    pieces[npieces++] = (piece_log){src, n};
  memcpy(dst, src, n);
  return GPUPAR_OK;
}

/* An empty cache, kept across calls, and the fake backend with its copies logged in `pieces`. */
static gpupar__backend logging_backend(void) {
  gpupar__hostreg_set_limit(1ull << 30);
  gpupar__hostreg_set_cache(1);
  gpupar__hostreg_drop_all();
  gpupar__backend be = fake;
  be.copy_in = log_copy;
  be.copy_out = log_copy;
  return be;
}

static void test_pieces(void **state) {
  (void)state;
  gpupar__backend be = logging_backend();
  gpupar__device dev = {.backend = &be};
  static _Alignas(4096) char host[6 * 4096], back[6 * 4096];
  static char device[6 * 4096];
  for (size_t i = 0; i < sizeof host; i++)
    host[i] = (char)(i * 7 + 1);
  /* A neighbour [host + 100, host + 3 pages + 100) registers its pages 1 and 2 only. */
  int fresh;
  gpupar__hostreg *r = gpupar__hostreg_acquire(&be, host + 100, 3 * 4096, &fresh);
  assert_non_null(r);
  assert_int_equal(live, 2 * 4096);
  assert_true(registered_in(host + 4096, 1) && !registered_in(host, 4096) &&
              !registered_in(host + 3 * 4096, 4096));
  /* An array [host + 50, host + 5 pages) around it: pageable, registered, pageable. */
  npieces = 0;
  gpupar__error err;
  assert_int_equal(gpupar__hostreg_copy(&dev, 0, device + 50, host + 50, 5 * 4096 - 50, 1, &err),
                   GPUPAR_OK);
  assert_int_equal(npieces, 3);
  assert_ptr_equal(pieces[0].src, host + 50);
  assert_int_equal(pieces[0].n, 4096 - 50);
  assert_ptr_equal(pieces[1].src, host + 4096);
  assert_int_equal(pieces[1].n, 2 * 4096);
  assert_int_equal(pieces[2].n, 2 * 4096);
  assert_memory_equal(device + 50, host + 50, 5 * 4096 - 50);
  /* Back to the host, doubled on the "device": the same cuts, every byte in place. */
  for (size_t i = 50; i < 5 * 4096; i++)
    device[i] = (char)(2 * device[i]);
  npieces = 0;
  assert_int_equal(gpupar__hostreg_copy(&dev, 0, host + 50, device + 50, 4 * 4096, 0, &err),
                   GPUPAR_OK);
  assert_int_equal(npieces, 3);
  for (size_t i = 0; i < sizeof host; i++)
    back[i] = (char)((char)(i * 7 + 1) * (i >= 50 && i < 4 * 4096 + 50 ? 2 : 1));
  assert_memory_equal(host, back, sizeof host);
  /* Inside the registered pages: one piece. */
  npieces = 0;
  assert_int_equal(gpupar__hostreg_copy(&dev, 0, device, host + 4096 + 8, 100, 1, &err), GPUPAR_OK);
  assert_int_equal(npieces, 1);
  gpupar__hostreg_release(r);
  gpupar__hostreg_drop_all();
  assert_int_equal(live, 0);
}

static int nrows_copies;
static int log_copy_rows(gpupar__device *dev, int s, void *dst, const void *src, size_t width,
                         size_t pitch, size_t rows, gpupar__error *err) {
  (void)dev;
  (void)s;
  (void)err;
  if (npieces < 8)
    pieces[npieces++] = (piece_log){src, (rows - 1) * pitch + width};
  nrows_copies++;
  for (size_t r = 0; r < rows; r++)
    memcpy((char *)dst + r * pitch, (const char *)src + r * pitch, width);
  return GPUPAR_OK;
}

/* Rows with gaps back to the host: one rows copy for each run of rows on registered pages or on
 * none; a row over the first or last page of the range, partly registered, alone and cut where
 * the pages begin; nothing written between the rows. */
static void test_rows(void **state) {
  (void)state;
  gpupar__backend be = logging_backend();
  be.copy_out_rows = log_copy_rows;
  gpupar__device dev = {.backend = &be};
  enum { AT = 3000, PITCH = 1000, WIDTH = 900, ROWS = 20 };
  static _Alignas(4096) char host[6 * 4096], want[6 * 4096];
  static char device[6 * 4096];
  for (size_t i = 0; i < sizeof host; i++)
    host[i] = want[i] = (char)(i * 7 + 1), device[i] = (char)(i * 3 + 5);
  for (size_t r = 0; r < ROWS; r++)
    memcpy(want + AT + r * PITCH, device + AT + r * PITCH, WIDTH);
  /* [host + 3000, host + 22900) registers pages 1 to 4, [4096, 20480). */
  int fresh;
  gpupar__hostreg *reg =
      gpupar__hostreg_acquire(&be, host + AT, (ROWS - 1) * PITCH + WIDTH, &fresh);
  assert_non_null(reg);
  npieces = nrows_copies = 0;
  gpupar__error err;
  assert_int_equal(
      gpupar__hostreg_copy_out_rows(&dev, 0, host + AT, device + AT, WIDTH, PITCH, ROWS, &err),
      GPUPAR_OK);
  assert_memory_equal(host, want, sizeof host);
  /* Row 0 alone (page 0 only), row 1 cut at 4096, rows 2-16 in one copy, row 17 cut at 20480,
   * rows 18-19 (past the registered pages) in one copy. */
  static const struct {
    size_t at, n;
  } expect[] = {{3000, 900},  {4000, 96},   {4096, 804},  {5000, 14 * PITCH + WIDTH},
                {20000, 480}, {20480, 420}, {21000, 1900}};
  assert_int_equal(npieces, 7);
  assert_int_equal(nrows_copies, 2);
  for (int i = 0; i < 7; i++) {
    assert_ptr_equal(pieces[i].src, device + expect[i].at);
    assert_int_equal(pieces[i].n, expect[i].n);
  }
  gpupar__hostreg_release(reg);
  gpupar__hostreg_drop_all();
  /* Nothing registered: one rows copy. */
  npieces = nrows_copies = 0;
  assert_int_equal(
      gpupar__hostreg_copy_out_rows(&dev, 0, host + AT, device + AT, WIDTH, PITCH, ROWS, &err),
      GPUPAR_OK);
  assert_int_equal(npieces, 1);
  assert_int_equal(nrows_copies, 1);
  /* Without copy_out_rows: row by row. */
  be.copy_out_rows = NULL;
  npieces = 0;
  for (size_t i = 0; i < sizeof host; i++)
    host[i] = (char)(i * 7 + 1);
  assert_int_equal(
      gpupar__hostreg_copy_out_rows(&dev, 0, host + AT, device + AT, WIDTH, PITCH, ROWS, &err),
      GPUPAR_OK);
  assert_int_equal(npieces, 8); /* the log keeps 8 of the 20 */
  assert_memory_equal(host, want, sizeof host);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_cache), cmocka_unit_test(test_hooks),
                                     cmocka_unit_test(test_threads), cmocka_unit_test(test_pieces),
                                     cmocka_unit_test(test_rows)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
