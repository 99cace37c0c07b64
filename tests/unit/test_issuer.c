/* Issuing threads (execute/issuer.c): each task runs exactly once, tasks of different devices
 * run at the same time on threads of their own, a caller that waits runs a task its thread has
 * not taken, and a forked child (which has none of the threads) still gets its tasks run. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "execute/issuer.h"

typedef struct rendezvous {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  int arrived;
} rendezvous;

typedef struct probe {
  rendezvous *meet; /* NULL: no waiting */
  int runs;
  pthread_t thread;
} probe;

static void run_probe(void *arg) {
  probe *p = arg;
  p->runs++;
  p->thread = pthread_self();
  if (!p->meet)
    return;
  pthread_mutex_lock(&p->meet->lock);
  p->meet->arrived++;
  pthread_cond_broadcast(&p->meet->changed);
  while (p->meet->arrived < 2)
    pthread_cond_wait(&p->meet->changed, &p->meet->lock);
  pthread_mutex_unlock(&p->meet->lock);
}

/* Two tasks that each wait until the other has started: they finish only if they run at the
 * same time. The caller may run the first itself, but while it does, only device 1's thread can
 * start the second. */
static void test_devices_run_at_once(void **state) {
  (void)state;
  rendezvous meet = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
  probe a = {.meet = &meet}, b = {.meet = &meet};
  gpupar__issue ta = {.run = run_probe, .arg = &a, .device = 0};
  gpupar__issue tb = {.run = run_probe, .arg = &b, .device = 1};
  gpupar__issue_post(&ta);
  gpupar__issue_post(&tb);
  gpupar__issue_wait(&ta);
  gpupar__issue_wait(&tb);
  assert_int_equal(a.runs, 1);
  assert_int_equal(b.runs, 1);
  assert_false(pthread_equal(b.thread, pthread_self()));
  assert_true(gpupar__issue_threads() >= 1);
}

/* Many tasks from several threads on a few devices: each runs once (ThreadSanitizer in CI). */
enum { POSTERS = 4, TASKS = 500, LANES = 3 };

static void *poster(void *arg) {
  int *errors = arg;
  probe p[16];
  gpupar__issue t[16];
  for (int round = 0; round < TASKS / 16; round++) {
    for (int i = 0; i < 16; i++) {
      p[i] = (probe){0};
      t[i] = (gpupar__issue){.run = run_probe, .arg = &p[i], .device = (round + i) % LANES};
      gpupar__issue_post(&t[i]);
    }
    for (int i = 15; i >= 0; i--) /* out of order: some are taken by the caller */
      gpupar__issue_wait(&t[i]);
    for (int i = 0; i < 16; i++)
      *errors += p[i].runs != 1;
  }
  return NULL;
}

static void test_each_task_once(void **state) {
  (void)state;
  pthread_t threads[POSTERS];
  int errors[POSTERS] = {0};
  for (int i = 0; i < POSTERS; i++)
    assert_int_equal(pthread_create(&threads[i], NULL, poster, &errors[i]), 0);
  for (int i = 0; i < POSTERS; i++) {
    pthread_join(threads[i], NULL);
    assert_int_equal(errors[i], 0);
  }
}

/* A device index out of range has no thread: the waiting caller runs the task. */
static void test_no_lane(void **state) {
  (void)state;
  probe p = {0};
  gpupar__issue t = {.run = run_probe, .arg = &p, .device = -1};
  gpupar__issue_post(&t);
  gpupar__issue_wait(&t);
  assert_int_equal(p.runs, 1);
  assert_true(pthread_equal(p.thread, pthread_self()));
}

/* After fork the child has no issuing thread: its tasks run, on a new thread or in the caller. */
static void test_after_fork(void **state) {
  (void)state;
  probe warm = {0};
  gpupar__issue t = {.run = run_probe, .arg = &warm, .device = 2};
  gpupar__issue_post(&t);
  gpupar__issue_wait(&t); /* the parent's thread of device 2 is started */
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    probe p[3] = {{0}};
    gpupar__issue c[3];
    for (int i = 0; i < 3; i++) {
      c[i] = (gpupar__issue){.run = run_probe, .arg = &p[i], .device = i};
      gpupar__issue_post(&c[i]);
    }
    for (int i = 0; i < 3; i++)
      gpupar__issue_wait(&c[i]);
    _exit(p[0].runs == 1 && p[1].runs == 1 && p[2].runs == 1 ? 0 : 1);
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_devices_run_at_once), cmocka_unit_test(test_each_task_once),
      cmocka_unit_test(test_no_lane), cmocka_unit_test(test_after_fork)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
