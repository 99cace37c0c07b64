/* Several host threads offloading at once from the very first call: 8 threads x 1000 calls,
 * each checked against the serial loop. Run under several configurations (emu devices, host
 * threads, injected faults with a hybrid share) and, in CI, under ThreadSanitizer. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "loops.h"

enum { THREADS = 8, CALLS = 1000, MAXN = 3000 };

/* "choice" (argument): host threads or the serial loop, whichever is faster, per call. */
static int choice;

typedef struct worker {
  int id, errors, offloaded;
} worker;

static void *work(void *arg) {
  worker *w = arg;
  float *x = malloc(MAXN * sizeof *x), *y = malloc(MAXN * sizeof *y),
        *want = malloc(MAXN * sizeof *want);
  enum { SN = 1100, SM = 9 }; /* trip 1098: above GPUPAR_MIN_TRIP=1000 of the cpu run */
  float *in = malloc(SN * SM * sizeof *in), *out = malloc(SN * SM * sizeof *out),
        *sout = malloc(SN * SM * sizeof *sout);
  if (!x || !y || !want || !in || !out || !sout) {
    w->errors++;
    return NULL;
  }
  for (int call = 0; call < CALLS; call++) {
    if (call % 4 == 3) {
      for (int i = 0; i < SN * SM; i++)
        in[i] = (float)((i * 31 + call + w->id) % 97);
      memset(out, 0, SN * SM * sizeof *out);
      memset(sout, 0, SN * SM * sizeof *sout);
      stencil_serial(SN, SM, in, sout);
      w->offloaded += stencil_offload(SN, SM, in, out);
      w->errors += memcmp(out, sout, SN * SM * sizeof *out) != 0;
      continue;
    }
    int n = 1000 + (call * 7 + w->id * 131) % (MAXN - 1000);
    for (int i = 0; i < n; i++) {
      x[i] = (float)((i + w->id) % 101);
      y[i] = want[i] = (float)((i + call) % 13);
    }
    float a = (float)(w->id + 1);
    saxpy_serial(n, a, x, want);
    w->offloaded += saxpy_offload(n, a, x, y);
    w->errors += memcmp(y, want, (size_t)n * sizeof *y) != 0;
  }
  free(x);
  free(y);
  free(want);
  free(in);
  free(out);
  free(sout);
  return NULL;
}

static void test_threads(void **state) {
  (void)state;
  pthread_t t[THREADS];
  worker w[THREADS];
  /* No gpupar call before: the threads race for the initialisation too. */
  for (int i = 0; i < THREADS; i++) {
    w[i] = (worker){.id = i};
    assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
  }
  int errors = 0, offloaded = 0;
  for (int i = 0; i < THREADS; i++) {
    assert_int_equal(pthread_join(t[i], NULL), 0);
    errors += w[i].errors;
    offloaded += w[i].offloaded;
  }
  assert_int_equal(errors, 0);
  if (choice) /* the host choice: some calls ran the serial loop */
    assert_true(offloaded > 0 && offloaded <= THREADS * CALLS);
  else /* every call ran through the runtime (devices or host threads), none fell back */
    assert_int_equal(offloaded, THREADS * CALLS);
}

int main(int argc, char **argv) {
  choice = argc > 1 && strcmp(argv[1], "choice") == 0;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_threads)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
