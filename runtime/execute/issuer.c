/* Issuing threads (see issuer.h): a queue per device, one lock for all of them. A task is taken
 * once, by its device's thread or by the waiting caller, whichever comes first. */
#include "execute/issuer.h"

#include <pthread.h>

#include "config.h"
#include "log.h"

enum { QUEUED, TAKEN, DONE };

typedef struct lane {
  gpupar__issue *head, *tail;
  pthread_cond_t work;
  int started; /* 1: its thread runs; -1: it could not start (tasks run in the waiting caller) */
} lane;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER;
static lane lanes[GPUPAR__MAX_DEVICES];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int nthreads;

/* Takes the first task of `l` (lock held); NULL when none. */
static gpupar__issue *take(lane *l) {
  gpupar__issue *t = l->head;
  if (!t)
    return NULL;
  l->head = t->link;
  if (!l->head)
    l->tail = NULL;
  t->state = TAKEN;
  return t;
}

/* Removes queued task `t` from `l` (lock held). */
static void unlink_task(lane *l, gpupar__issue *t) {
  gpupar__issue **at = &l->head, *prev = NULL;
  while (*at && *at != t) {
    prev = *at;
    at = &(*at)->link;
  }
  if (!*at)
    return;
  *at = t->link;
  if (l->tail == t)
    l->tail = prev;
}

static void *lane_main(void *arg) {
  lane *l = arg;
  pthread_mutex_lock(&lock);
  for (;;) {
    gpupar__issue *t = take(l);
    if (!t) {
      pthread_cond_wait(&l->work, &lock);
      continue;
    }
    pthread_mutex_unlock(&lock);
    t->run(t->arg);
    pthread_mutex_lock(&lock);
    t->state = DONE;
    pthread_cond_broadcast(&finished);
  }
  return NULL;
}

/* A forked child has none of the parent's threads: its tasks run in the waiting caller until a
 * lane starts again. */
static void after_fork_child(void) {
  pthread_mutex_init(&lock, NULL);
  pthread_cond_init(&finished, NULL);
  for (int d = 0; d < GPUPAR__MAX_DEVICES; d++) {
    lanes[d].head = lanes[d].tail = NULL;
    lanes[d].started = 0;
    pthread_cond_init(&lanes[d].work, NULL);
  }
  nthreads = 0;
}

static void init(void) {
  for (int d = 0; d < GPUPAR__MAX_DEVICES; d++)
    pthread_cond_init(&lanes[d].work, NULL);
  pthread_atfork(NULL, NULL, after_fork_child);
}

/* Starts the thread of `l` (lock held). */
static void start(lane *l, int device) {
  pthread_t thread;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  int rc = pthread_create(&thread, &attr, lane_main, l);
  pthread_attr_destroy(&attr);
  if (rc == 0) {
    l->started = 1;
    nthreads++;
  } else {
    l->started = -1;
    GPUPAR__WARN("no issuing thread for device %d (pthread_create: error %d): its work is issued "
                 "from the calling thread",
                 device, rc);
  }
}

void gpupar__issue_post(gpupar__issue *t) {
  pthread_once(&init_once, init);
  t->state = QUEUED;
  t->link = NULL;
  if (t->device < 0 || t->device >= GPUPAR__MAX_DEVICES)
    return; /* runs in gpupar__issue_wait */
  lane *l = &lanes[t->device];
  pthread_mutex_lock(&lock);
  if (l->started == 0)
    start(l, t->device);
  if (l->started > 0) {
    if (l->tail)
      l->tail->link = t;
    else
      l->head = t;
    l->tail = t;
    pthread_cond_signal(&l->work);
  }
  pthread_mutex_unlock(&lock);
}

void gpupar__issue_wait(gpupar__issue *t) {
  pthread_mutex_lock(&lock);
  if (t->state == QUEUED) { /* its thread has not taken it: run it here */
    if (t->device >= 0 && t->device < GPUPAR__MAX_DEVICES)
      unlink_task(&lanes[t->device], t);
    t->state = TAKEN;
    pthread_mutex_unlock(&lock);
    t->run(t->arg);
    pthread_mutex_lock(&lock);
    t->state = DONE;
  }
  while (t->state != DONE)
    pthread_cond_wait(&finished, &lock);
  pthread_mutex_unlock(&lock);
}

int gpupar__issue_threads(void) {
  pthread_mutex_lock(&lock);
  int n = nthreads;
  pthread_mutex_unlock(&lock);
  return n;
}
