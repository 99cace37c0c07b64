/* Host thread pool: a queue of jobs, each cut into pieces; workers and the job's own caller take
 * pieces until none is left. */
#include "execute/hostpool.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "execute/entry.h"
#include "gather/reduce.h"
#include "log.h"
#include "registry.h"
#include "trace.h"

typedef struct job {
  const gpupar_loop *loop; /* a loop's pieces, or (loop NULL) one copy per piece */
  const gpupar_call *call;
  const gpupar__host_copy *copies;
  gpupar__host_piece *pieces;
  int npieces, next, done, rc;
  pthread_cond_t finished;
  struct job *link; /* next job in the queue */
} job;

static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_work = PTHREAD_COND_INITIALIZER;
static job *queue_head, *queue_tail;
static int nthreads = 1;
/* queue_head != NULL, readable without the lock: idle workers spin on it for a while before they
 * sleep, so that a call that follows soon after the last one does not wait for a wake-up (tens of
 * microseconds, as long as a short loop's whole piece). */
static atomic_int queued;

/* Microseconds an idle worker spins before it sleeps. */
#define GPUPAR__HOST_SPIN_US 200.0

/* Records whether the queue holds work (pool_lock held). */
static void queue_changed(void) {
  atomic_store_explicit(&queued, queue_head != NULL, memory_order_release);
}

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* Waits up to GPUPAR__HOST_SPIN_US for queued work (pool_lock not held); returns whether some
 * appeared. */
static int spin_for_work(void) {
  double until = gpupar__now_us() + GPUPAR__HOST_SPIN_US;
  for (unsigned n = 1;; n++) {
    if (atomic_load_explicit(&queued, memory_order_acquire))
      return 1;
    if (n % 64 == 0 && gpupar__now_us() > until)
      return 0;
    cpu_relax();
  }
}

/* Runs piece `i` of `j` on worker `worker` (pool_lock not held). */
static void run_piece(job *j, int i, int worker) {
  gpupar__host_piece *p = &j->pieces[i];
  if (!j->loop) {
    p->worker = worker;
    memcpy(j->copies[i].dst, j->copies[i].src, j->copies[i].bytes);
    p->rc = 0;
    return;
  }
  gpupar_launch launch = {.begin = p->begin,
                          .end = p->end,
                          .lo = j->call->lo,
                          .step = j->call->step,
                          .scalars = j->call->scalars,
                          .arrays = j->call->arrays,
                          .collapsed_trips = j->call->collapsed_trips,
                          .ncollapsed = j->call->ncollapsed};
  p->worker = worker;
  p->t0 = gpupar__now_us();
  gpupar__red_chunk *red; /* reductions: this piece's partial results */
  p->rc = gpupar__red_host_begin(j->loop, j->call, &launch, &red);
  if (p->rc == 0)
    p->rc = gpupar__run_entry(j->loop, &launch);
  p->rc = gpupar__red_host_end(red, p->begin, p->rc);
  p->t1 = gpupar__now_us();
}

/* Takes the next piece of the queue's first job (pool_lock held); returns its index or -1. */
static int take(job **out) {
  job *j = queue_head;
  if (!j)
    return -1;
  int i = j->next++;
  if (j->next == j->npieces) { /* no piece left: off the queue */
    queue_head = j->link;
    if (!queue_head)
      queue_tail = NULL;
    queue_changed();
  }
  *out = j;
  return i;
}

static void finish(job *j, int i) {
  if (j->pieces[i].rc != 0 && j->rc == 0)
    j->rc = j->pieces[i].rc;
  if (++j->done == j->npieces)
    pthread_cond_broadcast(&j->finished);
}

static void *worker_main(void *arg) {
  int worker = (int)(size_t)arg;
  pthread_mutex_lock(&pool_lock);
  for (;;) {
    job *j;
    int i = take(&j);
    if (i < 0) {
      pthread_mutex_unlock(&pool_lock);
      int seen = spin_for_work();
      pthread_mutex_lock(&pool_lock);
      if (!seen && !queue_head)
        pthread_cond_wait(&pool_work, &pool_lock);
      continue;
    }
    pthread_mutex_unlock(&pool_lock);
    run_piece(j, i, worker);
    pthread_mutex_lock(&pool_lock);
    finish(j, i);
  }
  return NULL;
}

static void start_pool(void) {
  gpupar__registry *reg = gpupar__registry_get();
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  int want = reg->config.threads > 0 ? reg->config.threads : (online > 0 ? (int)online : 1);
  nthreads = 1;
  for (int w = 1; w < want; w++) {
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&t, &attr, worker_main, (void *)(size_t)w);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
      GPUPAR__WARN("host threads: only %d of %d started", nthreads, want);
      break;
    }
    nthreads++;
  }
}

int gpupar__host_threads(void) {
  pthread_once(&pool_once, start_pool);
  return nthreads;
}

/* Queues job `j`, works on it with the pool's threads and returns its result. */
static int run_job(job *j) {
  if (j->npieces == 1) {
    run_piece(j, 0, 0);
    return j->pieces[0].rc;
  }
  pthread_cond_init(&j->finished, NULL);
  pthread_mutex_lock(&pool_lock);
  if (queue_tail)
    queue_tail->link = j;
  else
    queue_head = j;
  queue_tail = j;
  queue_changed();
  pthread_cond_broadcast(&pool_work);
  /* The caller works on its own job: progress even when every worker is busy. */
  while (j->next < j->npieces) {
    int i = j->next++;
    if (j->next == j->npieces) { /* unlink j, wherever it is in the queue */
      job **at = &queue_head, *prev = NULL;
      while (*at && *at != j) {
        prev = *at;
        at = &(*at)->link;
      }
      if (*at) {
        *at = j->link;
        if (queue_tail == j)
          queue_tail = prev;
        queue_changed();
      }
    }
    pthread_mutex_unlock(&pool_lock);
    run_piece(j, i, 0);
    pthread_mutex_lock(&pool_lock);
    finish(j, i);
  }
  while (j->done < j->npieces)
    pthread_cond_wait(&j->finished, &pool_lock);
  pthread_mutex_unlock(&pool_lock);
  pthread_cond_destroy(&j->finished);
  return j->rc;
}

int gpupar__host_run(const gpupar_loop *loop, const gpupar_call *call, unsigned long long begin,
                     unsigned long long end, int npieces, gpupar__host_piece *pieces, int *n) {
  gpupar__host_threads();
  unsigned long long trip = end - begin;
  if (npieces > 256)
    npieces = 256;
  if (npieces < 1)
    npieces = 1;
  if ((unsigned long long)npieces > trip)
    npieces = trip > 0 ? (int)trip : 1;
  for (int i = 0; i < npieces; i++) {
    __extension__ unsigned __int128 at = (unsigned __int128)trip * (unsigned)i / (unsigned)npieces;
    pieces[i].begin = begin + (unsigned long long)at;
    pieces[i].rc = 0;
  }
  for (int i = 0; i < npieces; i++)
    pieces[i].end = i + 1 < npieces ? pieces[i + 1].begin : end;
  *n = npieces;
  job j = {.loop = loop, .call = call, .pieces = pieces, .npieces = npieces};
  return run_job(&j);
}

void gpupar__host_copies(const gpupar__host_copy *copies, int n, size_t piece) {
  if (piece == 0)
    piece = GPUPAR__HOST_COPY_PIECE;
  size_t total = 0;
  for (int c = 0; c < n; c++)
    total += (copies[c].bytes + piece - 1) / piece;
  gpupar__host_copy *segs = NULL;
  gpupar__host_piece *pieces = NULL;
  if (total >= 2 && total <= INT_MAX && gpupar__host_threads() >= 2) {
    segs = malloc(total * sizeof *segs);
    pieces = calloc(total, sizeof *pieces);
  }
  if (!segs || !pieces) { /* one piece, one thread, or no memory for the list */
    for (int c = 0; c < n; c++)
      memcpy(copies[c].dst, copies[c].src, copies[c].bytes);
    free(segs);
    free(pieces);
    return;
  }
  size_t k = 0;
  for (int c = 0; c < n; c++)
    for (size_t at = 0; at < copies[c].bytes; at += piece, k++) {
      size_t len = copies[c].bytes - at;
      segs[k] = (gpupar__host_copy){.dst = (char *)copies[c].dst + at,
                                    .src = (const char *)copies[c].src + at,
                                    .bytes = len < piece ? len : piece};
    }
  job j = {.copies = segs, .pieces = pieces, .npieces = (int)total};
  run_job(&j);
  free(segs);
  free(pieces);
}
