/* Ordering across streams: a fake asynchronous backend ("lazy") queues every copy and launch on
 * its stream and runs nothing until a sync, which runs the streams of a device in reverse order
 * (the last stream first). Work that one stream issues after an order() or copy_peer() waits for
 * the other stream's work issued before it, as a CUDA event and cudaStreamWaitEvent would do;
 * nothing else orders two streams. So a chunk that reads a buffer another stream fills without
 * an explicit order reads stale bytes here, and the results differ from the serial loop's:
 *  - read-only arrays shared by the chunks of a device (filled on stream 0 by fill_shared),
 *  - data-region copies made valid on one stream and read on another (halo exchanges).
 * Run with GPUPAR_DEVICES=emu:3 (the lazy backend replaces it) and GPUPAR_STREAMS=4. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backends/backend.h"
#include "loops.h"
#include "registry.h"

enum { OP_COPY, OP_LAUNCH, OP_WAIT };
typedef struct op {
  int kind;
  void *dst;
  const void *src;
  size_t bytes;
  const gpupar_loop *loop;
  gpupar_launch launch;
  int wait_dev, wait_stream; /* OP_WAIT: run that stream's ops before index wait_upto first */
  size_t wait_upto;
} op;

typedef struct queue {
  op *ops;
  size_t n, cap, done;
} queue;

static queue queues[GPUPAR__MAX_DEVICES][GPUPAR__MAX_STREAMS];
static int waits; /* order() and copy_peer() waits issued */
/* Devices issue and sync from their own threads, and a sync runs other devices' queues: one
 * recursive lock over every queue. */
static pthread_mutex_t lazy_lock;

static queue *queue_of(gpupar__device *dev, int s) {
  return &queues[dev->index][s >= 0 && s < dev->nstreams ? s : 0];
}

static op *push(gpupar__device *dev, int s) {
  queue *q = queue_of(dev, s);
  if (q->n == q->cap) {
    q->cap = q->cap ? 2 * q->cap : 64;
    q->ops = realloc(q->ops, q->cap * sizeof *q->ops);
    assert_non_null(q->ops);
  }
  op *o = &q->ops[q->n++];
  memset(o, 0, sizeof *o);
  return o;
}

/* Runs the ops of queue (d, s) up to index `upto` (exclusive). */
static void run_queue(int d, int s, size_t upto) {
  queue *q = &queues[d][s];
  while (q->done < upto && q->done < q->n) {
    op o = q->ops[q->done++];
    if (o.kind == OP_COPY)
      memcpy(o.dst, o.src, o.bytes);
    else if (o.kind == OP_LAUNCH)
      assert_int_equal(o.loop->run_host(&o.launch), 0);
    else
      run_queue(o.wait_dev, o.wait_stream, o.wait_upto);
  }
}

static void push_wait(gpupar__device *dev, int s, gpupar__device *src_dev, int src_s) {
  int ss = src_s >= 0 && src_s < src_dev->nstreams ? src_s : 0;
  op *o = push(dev, s);
  o->kind = OP_WAIT;
  o->wait_dev = src_dev->index;
  o->wait_stream = ss;
  o->wait_upto = queues[src_dev->index][ss].n;
  waits++;
}

static int lazy_copy(gpupar__device *dev, int s, void *dst, const void *src, size_t bytes,
                     gpupar__error *err) {
  (void)err;
  pthread_mutex_lock(&lazy_lock);
  op *o = push(dev, s);
  o->kind = OP_COPY;
  o->dst = dst;
  o->src = src;
  o->bytes = bytes;
  pthread_mutex_unlock(&lazy_lock);
  return GPUPAR_OK;
}

static int lazy_copy_peer(gpupar__device *dev, int s, void *dst, gpupar__device *src_dev, int src_s,
                          const void *src, size_t bytes, gpupar__error *err) {
  pthread_mutex_lock(&lazy_lock);
  push_wait(dev, s, src_dev, src_s);
  int rc = lazy_copy(dev, s, dst, src, bytes, err);
  pthread_mutex_unlock(&lazy_lock);
  return rc;
}

static int lazy_order(gpupar__device *dev, int s, gpupar__device *src_dev, int src_s,
                      gpupar__error *err) {
  (void)err;
  pthread_mutex_lock(&lazy_lock);
  push_wait(dev, s, src_dev, src_s);
  pthread_mutex_unlock(&lazy_lock);
  return GPUPAR_OK;
}

static int lazy_launch(gpupar__device *dev, int s, const gpupar_loop *loop, gpupar_launch *launch,
                       gpupar__error *err) {
  (void)err;
  launch->grid = launch->block = 1;
  launch->stream = NULL;
  pthread_mutex_lock(&lazy_lock);
  op *o = push(dev, s);
  o->kind = OP_LAUNCH;
  o->loop = loop;
  o->launch = *launch;
  pthread_mutex_unlock(&lazy_lock);
  return GPUPAR_OK;
}

/* Runs the queued work, the last stream first. */
static int lazy_sync(gpupar__device *dev, int s, gpupar__error *err) {
  (void)err;
  pthread_mutex_lock(&lazy_lock);
  for (int i = dev->nstreams - 1; i >= 0; i--)
    if (s < 0 || i == s)
      run_queue(dev->index, i, queues[dev->index][i].n);
  pthread_mutex_unlock(&lazy_lock);
  return GPUPAR_OK;
}

static int lazy_can_peer(gpupar__device *dev, gpupar__device *peer) {
  (void)dev;
  (void)peer;
  return 1;
}

static const gpupar__backend lazy = {.name = "lazy",
                                     .kind = GPUPAR_BACKEND_EMU,
                                     .async = 1,
                                     .alloc = NULL, /* set from emu in setup */
                                     .copy_in = lazy_copy,
                                     .copy_out = lazy_copy,
                                     .copy_peer = lazy_copy_peer,
                                     .can_peer = lazy_can_peer,
                                     .order = lazy_order,
                                     .launch = lazy_launch,
                                     .sync = lazy_sync};
static gpupar__backend backend;

static int setup(void **state) {
  (void)state;
  pthread_mutexattr_t recursive;
  pthread_mutexattr_init(&recursive);
  pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&lazy_lock, &recursive);
  pthread_mutexattr_destroy(&recursive);
  backend = lazy;
  backend.alloc = gpupar__backend_emu.alloc;
  backend.free = gpupar__backend_emu.free;
  assert_int_equal(gpupar__registry_set("GPUPAR_STREAMS", "4"), 0);
  assert_int_equal(gpupar__registry_install(&backend, 3), GPUPAR_OK);
  gpupar__registry_get()->config.force = GPUPAR__FORCE_GPU;
  loops_skip_host_fallback = 1; /* the devices must do it all */
  return 0;
}

/* Every chunk reads all of v: one copy per device, filled on stream 0, read on every stream. */
static void test_shared_read_only(void **state) {
  (void)state;
  enum { R = 40000, C = 16 };
  static float m[R * C], v[C], out[R], want[R];
  for (int i = 0; i < R * C; i++)
    m[i] = (float)(i % 7);
  for (int j = 0; j < C; j++)
    v[j] = (float)(j + 1);
  matvec_serial(R, C, m, v, want);
  for (int k = 0; k < 3; k++) {
    memset(out, 0, sizeof out);
    assert_int_equal(matvec_offload(R, C, m, v, out), 1);
    assert_memory_equal(out, want, sizeof out);
  }
}

/* Jacobi sweeps in a data region: each device's chunks (on 4 streams) read rows that the
 * neighbouring device wrote in the sweep before, made valid on the stream of the first chunk that
 * needs them. */
static void test_region_halos(void **state) {
  (void)state;
  enum { R = 30000, C = 8, SWEEPS = 3 };
  static float a[R * C], b[R * C], wa[R * C], wb[R * C];
  for (int i = 0; i < R * C; i++)
    a[i] = b[i] = wa[i] = wb[i] = (float)((i * 7919) % 1000) / 10.0f;
  for (int s = 0; s < SWEEPS; s++) {
    stencil_serial(R, C, wa, wb);
    stencil_serial(R, C, wb, wa);
  }
  assert_int_equal(gpupar_data_enter(a, sizeof a, GPUPAR_MAP_TOFROM), GPUPAR_OK);
  assert_int_equal(gpupar_data_enter(b, sizeof b, GPUPAR_MAP_TOFROM), GPUPAR_OK);
  for (int s = 0; s < SWEEPS; s++) {
    assert_int_equal(stencil_offload(R, C, a, b), 1);
    assert_int_equal(stencil_offload(R, C, b, a), 1);
  }
  assert_int_equal(gpupar_data_exit(a), GPUPAR_OK);
  assert_int_equal(gpupar_data_exit(b), GPUPAR_OK);
  assert_memory_equal(a, wa, sizeof a);
  assert_memory_equal(b, wb, sizeof b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_shared_read_only, setup),
      cmocka_unit_test_setup(test_region_halos, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
