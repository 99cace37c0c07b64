/* The table of the program's blocks (memory/heapmap.c): notes, lookups at a block's start and
 * inside it, forgetting under collisions (backward shift keeps every other entry reachable), a
 * stale entry replaced; and the memory hooks (memory/memhooks.c) noting what malloc, calloc,
 * realloc and posix_memalign return and forgetting what free releases, as gpupar_heap_extent
 * reports it. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpupar/gpupar.h"
#include "memory/heapmap.h"
#include "memory/memhooks.h"

/* Addresses no allocator hands out here: the table only keeps numbers. */
#define FAKE(k) ((const void *)(uintptr_t)(0x7f0000000000ull + (uint64_t)(k) * 0x10000ull))

static int found(const void *p, uintptr_t *start, size_t *bytes) {
  return gpupar__heap_find(p, start, bytes);
}

static void test_start_and_inside(void **state) {
  (void)state;
  gpupar__heap_reset();
  uintptr_t start;
  size_t bytes;
  gpupar__heap_note(FAKE(1), 8192);
  assert_true(found(FAKE(1), &start, &bytes));
  assert_int_equal(start, (uintptr_t)FAKE(1));
  assert_int_equal(bytes, 8192);
  assert_true(found((const char *)FAKE(1) + 8191, &start, &bytes));
  assert_int_equal(start, (uintptr_t)FAKE(1));
  assert_false(found((const char *)FAKE(1) + 8192, &start, &bytes)); /* one past the end */
  assert_false(found((const char *)FAKE(1) - 1, &start, &bytes));
  gpupar__heap_note(FAKE(1), 4096); /* the same start again: replaced */
  assert_true(found(FAKE(1), &start, &bytes));
  assert_int_equal(bytes, 4096);
  assert_false(found((const char *)FAKE(1) + 5000, &start, &bytes));
  gpupar__heap_forget(FAKE(1));
  assert_false(found(FAKE(1), &start, &bytes));
  assert_int_equal(gpupar__heap_count, 0);
}

/* Many entries, forgotten in a scattered order: each one left is still found at its start and
 * inside, each one forgotten is not (a wrong backward shift loses entries behind a hole). */
static void test_forget_keeps_the_others(void **state) {
  (void)state;
  gpupar__heap_reset();
  enum { COUNT = 20000 };
  static unsigned char gone[COUNT];
  memset(gone, 0, sizeof gone);
  for (int k = 0; k < COUNT; k++)
    gpupar__heap_note(FAKE(k + 16), 4096 + (size_t)k);
  assert_int_equal(gpupar__heap_count, COUNT);
  for (int k = 0; k < COUNT; k += 3) {
    int victim = (int)((k * 7919L) % COUNT);
    if (!gone[victim]) {
      gpupar__heap_forget(FAKE(victim + 16));
      gone[victim] = 1;
    }
  }
  int left = 0;
  for (int k = 0; k < COUNT; k++) {
    uintptr_t start = 0;
    size_t bytes = 0;
    int f = found(FAKE(k + 16), &start, &bytes);
    assert_int_equal(f, !gone[k]);
    if (f) {
      assert_int_equal(bytes, 4096 + (size_t)k);
      left++;
    }
  }
  assert_int_equal(gpupar__heap_count, left);
  uintptr_t start;
  size_t bytes;
  for (int k = 1; k < COUNT; k += 997) /* inside: a scan of the table */
    if (!gone[k]) {
      assert_true(found((const char *)FAKE(k + 16) + 4000, &start, &bytes));
      assert_int_equal(start, (uintptr_t)FAKE(k + 16));
    }
  gpupar__heap_reset();
  assert_int_equal(gpupar__heap_count, 0);
}

/* A pointer into a block, looked up again: the same answer until the table changes, then the
 * new one (a forgotten block is not found through the lookup kept from before). */
static void test_inside_again(void **state) {
  (void)state;
  gpupar__heap_reset();
  uintptr_t start;
  size_t bytes;
  const char *in = (const char *)FAKE(200) + 6000;
  gpupar__heap_note(FAKE(200), 8192);
  for (int k = 0; k < 3; k++) {
    assert_true(found(in, &start, &bytes));
    assert_int_equal(start, (uintptr_t)FAKE(200));
    assert_int_equal(bytes, 8192);
  }
  gpupar__heap_forget(FAKE(200));
  assert_false(found(in, &start, &bytes));
  gpupar__heap_note(FAKE(200), 4096); /* now ends before `in` */
  assert_false(found(in, &start, &bytes));
  gpupar__heap_note(FAKE(200), 16384);
  assert_true(found(in, &start, &bytes));
  assert_int_equal(bytes, 16384);
  gpupar__heap_reset();
}

/* Two entries holding one address (one stale): the one that starts last wins. */
static void test_innermost_block(void **state) {
  (void)state;
  gpupar__heap_reset();
  uintptr_t start;
  size_t bytes;
  gpupar__heap_note(FAKE(100), 1 << 20);
  gpupar__heap_note((const char *)FAKE(100) + 65536, 8192);
  assert_true(found((const char *)FAKE(100) + 65536 + 100, &start, &bytes));
  assert_int_equal(start, (uintptr_t)FAKE(100) + 65536);
  assert_true(found((const char *)FAKE(100) + 200000, &start, &bytes));
  assert_int_equal(start, (uintptr_t)FAKE(100));
  gpupar__heap_reset();
}

/* The hooks, through the public lookup; only where the program's allocators are the hooks'. */
static void test_hooks(void **state) {
  (void)state;
  if (!gpupar__memhooks_active()) {
    print_message("the memory hooks are not active here (a sanitizer): skipped\n");
    skip();
  }
  gpupar__heap_reset();
  long long first = 99;
  double *a = malloc(1000 * sizeof *a);
  assert_int_equal(gpupar_heap_extent(a, sizeof *a, "t", "a", &first), 1000);
  assert_int_equal(first, 0);
  assert_int_equal(gpupar_heap_extent(a + 10, sizeof *a, "t", "a", &first), 1000);
  assert_int_equal(first, -10);
  /* Elements of 24 bytes from a pointer 8 bytes into the block: only whole ones count. */
  assert_int_equal(gpupar_heap_extent((char *)a + 8, 24, "t", "a", &first), 333);
  assert_int_equal(first, 0);
  a = realloc(a, 3000 * sizeof *a);
  assert_int_equal(gpupar_heap_extent(a, sizeof *a, "t", "a", &first), 3000);
  volatile uintptr_t was = (uintptr_t)a; /* only the address is looked up after the free */
  free(a);
  assert_int_equal(gpupar_heap_extent((const void *)was, 8, "t", "a", &first), 0);
  assert_int_equal(first, 0);
  float *c = calloc(5000, sizeof *c);
  assert_int_equal(gpupar_heap_extent(c + 4999, sizeof *c, "t", "c", &first), 5000);
  assert_int_equal(first, -4999);
  free(c);
  void *m = NULL;
  assert_int_equal(posix_memalign(&m, 256, 100000), 0);
  assert_int_equal(gpupar_heap_extent(m, 1, "t", "m", &first), 100000);
  free(m);
  /* getline grows the buffer inside the C library: the hooks see the new block. */
  char text[10000];
  memset(text, 'x', sizeof text - 2);
  text[sizeof text - 2] = '\n', text[sizeof text - 1] = 0;
  FILE *f = fmemopen(text, strlen(text), "r");
  assert_non_null(f);
  char *line = malloc(16);
  size_t cap = 16;
  assert_int_equal(getline(&line, &cap, f), (ssize_t)strlen(text));
  fclose(f);
  assert_int_equal(gpupar_heap_extent(line, 1, "t", "line", &first), (long long)cap);
  free(line);
  char *small = malloc(100); /* under GPUPAR__HEAP_MIN: not noted */
  assert_int_equal(gpupar_heap_extent(small, 1, "t", "small", &first), 0);
  free(small);
  int local[2048];
  local[0] = 1;
  assert_int_equal(gpupar_heap_extent(local, sizeof *local, "t", "local", &first), local[0] - 1);
  assert_int_equal(gpupar_heap_extent(NULL, 8, "t", "null", &first), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_start_and_inside),
      cmocka_unit_test(test_forget_keeps_the_others),
      cmocka_unit_test(test_inside_again),
      cmocka_unit_test(test_innermost_block),
      cmocka_unit_test(test_hooks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
