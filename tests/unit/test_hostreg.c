/* The registration cache (memory/hostreg.c) with a fake backend that records what is
 * registered: hits, LRU eviction under the limit, ranges in use never evicted, failures
 * remembered, stale overlapping ranges dropped, drop and drop_all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "memory/hostreg.h"

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

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_cache)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
