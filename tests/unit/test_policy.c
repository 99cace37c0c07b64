/* Scheduling and cost policies on emu devices (run with GPUPAR_DEVICES=emu:3, GPUPAR_THREADS=4
 * and GPUPAR_TRACE set; events are inspected in memory): learned weights, pipelining order,
 * memory pool reuse, host threads, the cost model, the hybrid share and device caps. No
 * assertion depends on how long anything takes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backends/backend.h"
#include "execute/exec.h"
#include "execute/hostpool.h"
#include "loops.h"
#include "memory/devmem.h"
#include "placement/cost.h"
#include "placement/site.h"
#include "registry.h"
#include "trace.h"

static gpupar__trace_event events[1 << 15];

/* Copies the events of the last call of the trace into `events`; returns how many. */
static size_t last_call_events(void) {
  size_t n = gpupar__trace_copy(events, sizeof events / sizeof events[0]);
  assert_true(n > 0 && n <= sizeof events / sizeof events[0]);
  unsigned long long call = 0;
  for (size_t i = 0; i < n; i++)
    if (events[i].call > call)
      call = events[i].call;
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (events[i].call == call)
      events[m++] = events[i];
  return m;
}

/* Iterations the chunks of `events[0..n)` ran on `device`. */
static unsigned long long iterations_on(size_t n, const char *device) {
  unsigned long long sum = 0;
  for (size_t i = 0; i < n; i++)
    if (events[i].cat == GPUPAR__TRACE_CHUNK && strcmp(events[i].device, device) == 0)
      sum += events[i].end - events[i].begin;
  return sum;
}

/* Checks that the chunks of `events[0..n)` cover [0, trip) exactly once. */
static void covers_once(size_t n, unsigned long long trip) {
  unsigned char *seen = calloc(trip + 1, 1);
  assert_non_null(seen);
  for (size_t i = 0; i < n; i++)
    if (events[i].cat == GPUPAR__TRACE_CHUNK)
      for (unsigned long long k = events[i].begin; k < events[i].end; k++)
        seen[k]++;
  for (unsigned long long k = 0; k < trip; k++)
    if (seen[k] != 1)
      fail_msg("iteration %llu ran %d times", k, seen[k]);
  free(seen);
}

static void saxpy_checked(int n, int expect_rc) {
  float *x = malloc((size_t)n * sizeof *x + 4), *y = malloc((size_t)n * sizeof *y + 4),
        *want = malloc((size_t)n * sizeof *want + 4);
  assert_true(x && y && want);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 101);
    y[i] = want[i] = (float)(i % 7) - 2.0f;
  }
  saxpy_serial(n, 0.5f, x, want);
  assert_int_equal(saxpy_offload(n, 0.5f, x, y), expect_rc);
  assert_memory_equal(y, want, (size_t)n * sizeof *y);
  free(x);
  free(y);
  free(want);
}

static void use_emu(int n) {
  gpupar__trace_clear();
  gpupar__site_reset_learning();
  assert_int_equal(gpupar__registry_install(&gpupar__backend_emu, n), GPUPAR_OK);
}

static void test_learning_gives_slow_device_less(void **state) {
  (void)state;
  assert_int_equal(gpupar__registry_set("GPUPAR_EMU_SPEEDS", "4,1,4"), 0); /* emu:1 4x slower */
  use_emu(3);
  enum { N = 600000 };
  saxpy_checked(N, 1);
  size_t n = last_call_events();
  /* Equal initial weights: equal shares. */
  assert_int_equal(iterations_on(n, "emu:0"), N / 3);
  assert_int_equal(iterations_on(n, "emu:1"), N / 3);
  for (int call = 0; call < 6; call++)
    saxpy_checked(N, 1);
  n = last_call_events();
  covers_once(n, N);
  unsigned long long fast = iterations_on(n, "emu:0"), slow = iterations_on(n, "emu:1");
  if (!(slow * 4 < fast * 3))
    fail_msg("emu:1 (4x slower) still got %llu iterations against %llu on emu:0", slow, fast);
  assert_true(gpupar__site_rate(gpupar__site_get(&saxpy_loop), 1) > 0);
  assert_int_equal(gpupar__registry_set("GPUPAR_EMU_SPEEDS", "1"), 0);
  use_emu(3);
}

static unsigned long long seq_of(size_t n, int cat, const char *device, unsigned long long begin,
                                 int dir, const char *array) {
  for (size_t i = 0; i < n; i++)
    if (events[i].cat == cat && strcmp(events[i].device, device) == 0 && events[i].begin == begin &&
        (cat != GPUPAR__TRACE_COPY ||
         (events[i].dir == dir && strcmp(events[i].array, array) == 0)))
      return events[i].seq;
  fail_msg("no event for %s at %llu", device, begin);
  return 0;
}

static void test_pipelining_order(void **state) {
  (void)state;
  use_emu(2);
  enum { N = 40000 }; /* 20000 per device: 4 sub-chunks on 2 streams */
  saxpy_checked(N, 1);
  size_t n = last_call_events();
  for (int d = 0; d < 2; d++) {
    const char *dev = d ? "emu:1" : "emu:0";
    unsigned long long begins[16];
    int streams[16], subs = 0;
    for (size_t i = 0; i < n; i++)
      if (events[i].cat == GPUPAR__TRACE_CHUNK && strcmp(events[i].device, dev) == 0) {
        assert_true(subs < 16);
        begins[subs] = events[i].begin;
        streams[subs++] = events[i].stream;
      }
    assert_int_equal(subs, 4);
    for (int i = 0; i < subs; i++) {
      assert_int_equal(streams[i], i % 2); /* round robin over the streams */
      unsigned long long in_x = seq_of(n, GPUPAR__TRACE_COPY, dev, begins[i], GPUPAR__H2D, "x"),
                         in_y = seq_of(n, GPUPAR__TRACE_COPY, dev, begins[i], GPUPAR__H2D, "y"),
                         k = seq_of(n, GPUPAR__TRACE_CHUNK, dev, begins[i], 0, NULL),
                         out = seq_of(n, GPUPAR__TRACE_COPY, dev, begins[i], GPUPAR__D2H, "y");
      assert_true(in_x < k && in_y < k && k < out);
      if (i + 1 < subs) {
        /* Copy-in of the next chunk is issued before this kernel, the next kernel before this
         * chunk's copy-out: they can overlap on a GPU. */
        unsigned long long next_in =
                               seq_of(n, GPUPAR__TRACE_COPY, dev, begins[i + 1], GPUPAR__H2D, "y"),
                           next_k = seq_of(n, GPUPAR__TRACE_CHUNK, dev, begins[i + 1], 0, NULL);
        assert_true(next_in < k);
        assert_true(next_k < out);
      }
    }
  }
  /* One stream: no pipelining, one chunk per device. */
  assert_int_equal(gpupar__registry_set("GPUPAR_STREAMS", "1"), 0);
  use_emu(2);
  saxpy_checked(N, 1);
  n = last_call_events();
  int chunks = 0;
  for (size_t i = 0; i < n; i++)
    chunks += events[i].cat == GPUPAR__TRACE_CHUNK;
  assert_int_equal(chunks, 2);
  assert_int_equal(gpupar__registry_set("GPUPAR_STREAMS", "2"), 0);
  use_emu(3);
}

/* The test's blocks are static: nothing to free. */
static void keep_block(void *ctx, void *ptr) {
  (void)ctx;
  (void)ptr;
}

static void test_pool_reuse(void **state) {
  (void)state;
  assert_int_equal(gpupar__pool_class(1), 256);
  assert_int_equal(gpupar__pool_class(256), 256);
  assert_int_equal(gpupar__pool_class(257), 320);
  assert_int_equal(gpupar__pool_class(1000), 1024);
  assert_int_equal(gpupar__pool_class(1025), 1280);
  assert_int_equal(gpupar__pool_class(3 << 20), 3 << 20);
  /* A request takes its own class first, else the smallest cached block up to 4 times larger;
   * the block's own size goes back with it. */
  gpupar__pool p;
  gpupar__pool_init(&p, (size_t)1 << 30);
  static char blocks[3];
  size_t got = 0;
  assert_true(gpupar__pool_give(&p, &blocks[0], 10 << 20));
  assert_true(gpupar__pool_give(&p, &blocks[1], 40 << 20));
  assert_true(gpupar__pool_give(&p, &blocks[2], 4 << 20));
  assert_ptr_equal(gpupar__pool_take(&p, 4 << 20, &got), &blocks[2]);
  assert_int_equal(got, 4 << 20);
  assert_ptr_equal(gpupar__pool_take(&p, 3 << 20, &got), &blocks[0]); /* 10 MB: within 4x */
  assert_int_equal(got, 10 << 20);
  assert_null(gpupar__pool_take(&p, 5 << 20, &got)); /* 40 MB is more than 4x */
  assert_ptr_equal(gpupar__pool_take(&p, 12 << 20, &got), &blocks[1]);
  assert_int_equal(got, 40 << 20);
  assert_null(gpupar__pool_take(&p, 1 << 20, &got)); /* empty */
  gpupar__pool_drain(&p, keep_block, NULL);          /* frees the pool's own list */
  pthread_mutex_destroy(&p.lock);
  use_emu(1); /* one device: the same chunk sizes in every call (learning moves splits) */
  gpupar__registry *reg = gpupar__registry_get();
  unsigned long long fresh[3], reused[3], fresh2, reused2, stage_fresh, stage_fresh2;
  saxpy_checked(100000, 1);
  for (int d = 0; d < 1; d++)
    gpupar__pool_stats(&reg->dev[d].mem, &fresh[d], &reused[d], NULL, NULL);
  gpupar__pool_stats(gpupar__stage_pool(), &stage_fresh, NULL, NULL, NULL);
  for (int call = 0; call < 5; call++)
    saxpy_checked(100000, 1);
  for (int d = 0; d < 1; d++) {
    gpupar__pool_stats(&reg->dev[d].mem, &fresh2, &reused2, NULL, NULL);
    assert_true(fresh[d] > 0);
    assert_true(fresh2 == fresh[d]);           /* no new device allocation */
    assert_true(reused2 >= reused[d] + 5 * 2); /* x and y reused in every call */
  }
  gpupar__pool_stats(gpupar__stage_pool(), &stage_fresh2, NULL, NULL, NULL);
  assert_true(stage_fresh2 == stage_fresh);
}

/* Each sub-chunk is committed as soon as its copies are complete and its staging goes back to
 * the pool for the next one: a call stages a chunk's worth at a time, not the whole array (the
 * y of an in-place saxpy waits in staging for its commit). */
static void test_staging_recycled(void **state) {
  (void)state;
  use_emu(1);
  gpupar__stage_drain();
  unsigned long long fresh0 = 0, fresh1 = 0;
  gpupar__pool_stats(gpupar__stage_pool(), &fresh0, NULL, NULL, NULL);
  saxpy_checked(1 << 20, 1);
  gpupar__pool_stats(gpupar__stage_pool(), &fresh1, NULL, NULL, NULL);
  gpupar_counters last = GPUPAR_COUNTERS_INIT;
  assert_int_equal(gpupar_counters_get(NULL, NULL, &last), GPUPAR_OK);
  if (last.subchunks < 4)
    fail_msg("only %llu sub-chunks: the test needs several", last.subchunks);
  /* Sub-chunks differ in size by one iteration at most: two size classes at most. */
  if (fresh1 - fresh0 > 2)
    fail_msg("%llu staging blocks allocated for %llu sub-chunks", fresh1 - fresh0, last.subchunks);
  assert_int_equal(last.memcpy_bytes, (unsigned long long)(1 << 20) * sizeof(float));
  /* GPUPAR_COMMIT=round: the round's chunks wait for its end, each with staging of its own. */
  assert_int_equal(gpupar__registry_set("GPUPAR_COMMIT", "round"), 0);
  use_emu(1);
  gpupar__stage_drain();
  gpupar__pool_stats(gpupar__stage_pool(), &fresh0, NULL, NULL, NULL);
  saxpy_checked(1 << 20, 1);
  gpupar__pool_stats(gpupar__stage_pool(), &fresh1, NULL, NULL, NULL);
  assert_int_equal(gpupar_counters_get(NULL, NULL, &last), GPUPAR_OK);
  assert_int_equal(fresh1 - fresh0, last.subchunks);
  assert_int_equal(gpupar__registry_set("GPUPAR_COMMIT", "auto"), 0);
}

/* Staged write-backs copied by the host threads: every byte of every copy lands, pieces cut at
 * GPUPAR__HOST_COPY_PIECE boundaries included, and nothing around them is touched. */
static void test_host_copies(void **state) {
  (void)state;
  const size_t sizes[] = {0, 1, 100, GPUPAR__HOST_COPY_PIECE + 3, 2 * GPUPAR__HOST_COPY_PIECE + 5};
  enum { N = sizeof sizes / sizeof sizes[0] };
  gpupar__host_copy copies[N];
  unsigned char *src[N], *dst[N];
  for (int c = 0; c < N; c++) {
    src[c] = malloc(sizes[c] + 1);
    dst[c] = malloc(sizes[c] + 2);
    assert_non_null(src[c]);
    assert_non_null(dst[c]);
    for (size_t k = 0; k < sizes[c]; k++)
      src[c][k] = (unsigned char)(k * 7 + (size_t)c);
    memset(dst[c], 0xee, sizes[c] + 2);
    copies[c] = (gpupar__host_copy){.dst = dst[c] + 1, .src = src[c], .bytes = sizes[c]};
  }
  gpupar__host_copies(copies, N, 0);
  for (int c = 0; c < N; c++) {
    assert_int_equal(dst[c][0], 0xee);
    if (sizes[c])
      assert_memory_equal(dst[c] + 1, src[c], sizes[c]);
    assert_int_equal(dst[c][sizes[c] + 1], 0xee);
    free(src[c]);
    free(dst[c]);
  }
}

static void test_host_threads(void **state) {
  (void)state;
  use_emu(0); /* the cpu backend */
  enum { N = 100000 };
  saxpy_checked(N, 1); /* large enough: host threads */
  size_t n = last_call_events();
  covers_once(n, N);
  assert_true(iterations_on(n, "cpu") == N);
  int pieces = 0;
  for (size_t i = 0; i < n; i++)
    pieces += events[i].cat == GPUPAR__TRACE_CHUNK;
  assert_int_equal(pieces, 4); /* GPUPAR_THREADS=4 */
  saxpy_checked(100, 0);       /* below GPUPAR_MIN_TRIP: the serial loop */
  /* Every shape of the strided loop and the stencil, equal to the serial loop. */
  static double x[60001], y[120003], want[120003];
  for (int i = 0; i <= 60000; i++)
    x[i] = i * 0.25;
  memset(y, 0x5A, sizeof y);
  memset(want, 0x5A, sizeof want);
  strided_serial(60000, 0, -1, GPUPAR_GE, x, want);
  long long last = 0;
  assert_int_equal(strided_offload(60000, 0, -1, GPUPAR_GE, x, y, &last), 1);
  assert_true(last == -1);
  assert_memory_equal(y, want, sizeof y);
  /* GPUPAR_FORCE=cpu on emu devices: the same host path. */
  use_emu(3);
  assert_int_equal(gpupar__registry_set("GPUPAR_FORCE", "cpu"), 0);
  saxpy_checked(N, 1);
  n = last_call_events();
  assert_true(iterations_on(n, "cpu") == N);
  assert_true(iterations_on(n, "emu:0") == 0);
  gpupar__registry_get()->config.force = GPUPAR__FORCE_NONE;
}

static void test_cost_model(void **state) {
  (void)state;
  gpupar__cost_in in = {.backend = GPUPAR_BACKEND_CUDA,
                        .ndev = 2,
                        .can_offload = 1,
                        .can_host = 1,
                        .min_bytes = -1,
                        .min_trip = 16384,
                        .host_threads = 8,
                        .trip = 3000,
                        .bytes_in = 8000,
                        .bytes_out = 4000,
                        .bps = 12e9,
                        .latency_us = 10};
  char why[256];
  /* 4 * 10 us * 12 GB/s = 480 kB. */
  assert_int_equal(gpupar__cost_min_bytes(&in), 480000);
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_SERIAL);
  assert_string_equal(why, "12.0 kB below threshold 480.0 kB; serial loop (trip 3000 below "
                           "GPUPAR_MIN_TRIP 16384)");
  in.serial_rate = 3000 / 500e-6; /* the serial loop took 500 us: heavy iterations */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
  assert_string_equal(why, "12.0 kB below threshold 480.0 kB; 8 host threads (trip 3000, but the "
                           "serial loop took 500 us)");
  in.serial_rate = 3000 / 50e-6; /* 50 us: threads would not pay */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_SERIAL);
  in.serial_rate = 0;
  in.work = 3000 * 64; /* collapse(2) with 64 inner iterations: enough work for threads */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
  in.work = 0;
  in.trip = 1 << 20;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
  assert_string_equal(why, "12.0 kB below threshold 480.0 kB; 8 host threads");
  /* Little data, heavy iterations: the host threads took 113 ms, moving 12 kB takes ~41 us. */
  int by_rates = -1;
  in.host_rate = (double)(1 << 20) / 0.113;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, &by_rates), GPUPAR__ON_DEVICES);
  assert_int_equal(by_rates, 1);
  assert_string_equal(why, "exploring the devices (the host threads took 113.00 ms for 12.0 kB)");
  in.host_rate = (double)(1 << 20) / 0.0009; /* 0.9 ms: not worth a device call */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, &by_rates), GPUPAR__ON_THREADS);
  assert_int_equal(by_rates, 0);
  in.host_rate = 0;
  in.bytes_in = 4 << 20;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_DEVICES);
  assert_string_equal(why, "4.2 MB to move");
  in.min_bytes = 8 << 20; /* GPUPAR_MIN_BYTES=8M */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
  in.min_bytes = 0;
  in.bps = 1e6; /* a slow link raises the derived threshold (floor 256 KiB) */
  in.min_bytes = -1;
  assert_int_equal(gpupar__cost_min_bytes(&in), 256 << 10);
  in.bps = 12e9;
  /* Learned rates (trip 2^20). A device call was timed (4.19 ms), the host threads never ran:
   * they are explored, and the host choice is skipped (by_rates). */
  in.offload_rate = 2.5e8;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, &by_rates), GPUPAR__ON_THREADS);
  assert_int_equal(by_rates, 1);
  assert_string_equal(why, "exploring the host threads (the devices took 4.19 ms); 8 host threads");
  in.host_rate = 1e9; /* 1.05 ms: the host threads win */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
  assert_string_equal(why, "host threads faster (1.05 ms, the devices 4.19 ms, learned); 8 host "
                           "threads");
  in.host_rate = 1e7; /* 105 ms: the devices win */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, &by_rates), GPUPAR__ON_DEVICES);
  assert_int_equal(by_rates, 1);
  assert_string_equal(why, "devices faster (4.19 ms, the host threads 104.86 ms, learned); 4.2 MB "
                           "to move");
  in.host_rate = 2e8;       /* 5.24 ms: close, so re-explored on the scheduled calls */
  in.offload_decisions = 6; /* gpupar__host_reexplores(6) */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
  assert_string_equal(why, "exploring the host threads again (5.24 ms, the devices 4.19 ms, "
                           "learned); 8 host threads");
  in.trip = 1000; /* host threads not eligible (below GPUPAR_MIN_TRIP): the threshold decides */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, &by_rates), GPUPAR__ON_DEVICES);
  assert_int_equal(by_rates, 0);
  in.work = 1000 * 1000; /* but a collapsed nest of 1000 x 1000 is: the learned rates decide */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, &by_rates), GPUPAR__ON_THREADS);
  assert_int_equal(by_rates, 1);
  in.work = 0;
  in.trip = 1 << 20;
  in.offload_decisions = 0;
  in.offload_rate = 0;
  in.host_rate = 0;
  in.force = GPUPAR__FORCE_CPU;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
  assert_string_equal(why, "GPUPAR_FORCE=cpu; 8 host threads");
  in.force = GPUPAR__FORCE_GPU;
  in.bytes_in = 10;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_DEVICES);
  in.force = GPUPAR__FORCE_NONE;
  in.backend = GPUPAR_BACKEND_EMU; /* emulated devices always run */
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_DEVICES);
  in.backend = GPUPAR_BACKEND_CPU;
  in.ndev = 0;
  in.host_threads = 1;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_SERIAL);
  assert_string_equal(why, "cpu backend; serial loop (1 host thread)");
  in.backend = GPUPAR_BACKEND_CUDA;
  in.ndev = 2;
  in.can_offload = 0;
  in.host_threads = 4;
  assert_int_equal(gpupar__cost_decide(&in, why, sizeof why, NULL), GPUPAR__ON_THREADS);
}

/* The devices against the host threads over many calls: an unknown host is explored; a slower
 * option within GPUPAR__REEXPLORE_RATIO is explored again on the scheduled calls only; a much
 * slower one never again. */
static void test_offload_choice(void **state) {
  (void)state;
  int explore = -1;
  assert_int_equal(gpupar__offload_choice(1000, 0, 0, &explore), GPUPAR__ON_THREADS);
  assert_int_equal(explore, 1);
  int host_runs = 0, far_host_runs = 0, dev_runs = 0;
  for (unsigned long long call = 0; call < 300; call++) {
    /* Host 2x slower: explored on exactly the calls gpupar__host_reexplores names. */
    gpupar__where w = gpupar__offload_choice(1000, 2000, call, &explore);
    assert_int_equal(w == GPUPAR__ON_THREADS, gpupar__host_reexplores(call));
    assert_int_equal(explore, w == GPUPAR__ON_THREADS);
    host_runs += w == GPUPAR__ON_THREADS;
    /* Host 30x slower: never again. */
    far_host_runs += gpupar__offload_choice(1000, 30000, call, &explore) == GPUPAR__ON_THREADS;
    assert_int_equal(explore, 0);
    /* Host 3x faster: the devices are explored again on the scheduled calls. */
    w = gpupar__offload_choice(3000, 1000, call, &explore);
    assert_int_equal(w == GPUPAR__ON_DEVICES, gpupar__host_reexplores(call));
    dev_runs += w == GPUPAR__ON_DEVICES;
  }
  /* Calls 6, 10, 18, 34, then every 64th (64, 128, 192, 256). */
  assert_int_equal(host_runs, 8);
  assert_int_equal(dev_runs, 8);
  assert_int_equal(far_host_runs, 0);
}

static void test_hybrid_share(void **state) {
  (void)state;
  use_emu(3);
  assert_int_equal(gpupar__registry_set("GPUPAR_HYBRID", "0.5"), 0);
  enum { N = 90000 };
  saxpy_checked(N, 1);
  size_t n = last_call_events();
  covers_once(n, N);
  assert_int_equal(iterations_on(n, "cpu"), N / 2);
  assert_int_equal(iterations_on(n, "emu:0"), N / 6);
  assert_int_equal(gpupar__registry_set("GPUPAR_HYBRID", "1"), 0); /* a learned share */
  for (int call = 0; call < 3; call++) {
    saxpy_checked(N, 1);
    n = last_call_events();
    covers_once(n, N);
    assert_true(iterations_on(n, "cpu") > 0);
  }
  assert_int_equal(gpupar__registry_set("GPUPAR_HYBRID", "0"), 0);
}

static void test_device_caps(void **state) {
  (void)state;
  use_emu(3);
  assert_int_equal(gpupar_set_max_devices(-1), GPUPAR_EINVAL);
  assert_int_equal(gpupar_set_max_devices(1), GPUPAR_OK);
  saxpy_checked(9000, 1);
  size_t n = last_call_events();
  int devices = 0;
  const char *names[] = {"emu:0", "emu:1", "emu:2"};
  for (int d = 0; d < 3; d++)
    devices += iterations_on(n, names[d]) > 0;
  assert_int_equal(devices, 1);
  assert_int_equal(gpupar_set_max_devices(0), GPUPAR_OK);
  /* The call's own cap (the devices(expr) clause). */
  float x[9000], y[9000];
  for (int i = 0; i < 9000; i++)
    x[i] = y[i] = (float)i;
  gpupar_span spans[3];
  for (int t = 0; t < 3; t++)
    gpupar_span_init(&spans[t], 1, 0);
  void *const arrays[2] = {x, y};
  float a = 2;
  void *const scalars[1] = {&a};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = 0,
                   .hi = 9000,
                   .step = 1,
                   .cond = GPUPAR_LT,
                   .arrays = arrays,
                   .scalars = scalars,
                   .spans = spans,
                   .max_devices = 2};
  assert_int_equal(gpupar_run(&saxpy_loop, &c), 1);
  n = last_call_events();
  devices = 0;
  for (int d = 0; d < 3; d++)
    devices += iterations_on(n, names[d]) > 0;
  assert_int_equal(devices, 2);
  assert_true(y[8999] == 3 * 8999.0f);
}

static void test_shared_read_only_broadcast(void **state) {
  (void)state;
  use_emu(3);
  /* stencil with n = 3: one iteration per... use a matrix-vector product instead: every chunk
   * reads all of v. */
  enum { R = 3000, C = 64 };
  static float mat[R * C], v[C], out[R], want[R];
  for (int i = 0; i < R * C; i++)
    mat[i] = (float)(i % 13);
  for (int j = 0; j < C; j++)
    v[j] = (float)j;
  matvec_serial(R, C, mat, v, want);
  assert_int_equal(matvec_offload(R, C, mat, v, out), 1);
  assert_memory_equal(out, want, sizeof out);
  size_t n = last_call_events();
  int h2d_v = 0, d2d_v = 0;
  for (size_t i = 0; i < n; i++)
    if (events[i].cat == GPUPAR__TRACE_COPY && strcmp(events[i].array, "v") == 0) {
      h2d_v += events[i].dir == GPUPAR__H2D;
      d2d_v += events[i].dir == GPUPAR__D2D;
    }
  assert_int_equal(h2d_v, 1); /* once from the host, then device to device */
  assert_int_equal(d2d_v, 2);
}

/* The host choice over learned rates: exploration order, then the faster option, then periodic
 * re-exploration of the other one. */
static void test_host_choice(void **state) {
  (void)state;
  const int H = GPUPAR__ON_THREADS, S = GPUPAR__ON_SERIAL;
  for (unsigned long long c = 0; c < GPUPAR__HOST_EXPLORE; c++) {
    assert_int_equal(gpupar__host_choice(0, 0, c), c % 2 ? S : H);
    assert_int_equal(gpupar__host_choice(2e9, 1e9, c), c % 2 ? S : H);
  }
  int early = 0;
  for (unsigned long long c = GPUPAR__HOST_EXPLORE; c < 3 * GPUPAR__HOST_REEXPLORE; c++) {
    int re = c % GPUPAR__HOST_REEXPLORE == 0 || c == GPUPAR__HOST_EXPLORE + 3 ||
             c == GPUPAR__HOST_EXPLORE + 7 || c == GPUPAR__HOST_EXPLORE + 15 ||
             c == GPUPAR__HOST_EXPLORE + 31;
    early += re && c < GPUPAR__HOST_REEXPLORE;
    assert_int_equal(gpupar__host_reexplores(c), re);
    assert_int_equal(gpupar__host_choice(2e9, 1e9, c), re ? H : S); /* serial faster */
    assert_int_equal(gpupar__host_choice(1e9, 3e9, c), re ? S : H); /* threads faster */
  }
  assert_int_equal(early, 4);
  /* A rate still unknown after exploring loses; both unknown: host threads. */
  assert_int_equal(gpupar__host_choice(0, 1e9, 10), H);
  assert_int_equal(gpupar__host_choice(1e9, 0, 10), S);
  assert_int_equal(gpupar__host_choice(0, 0, 10), H);
}

/* The cpu backend: many calls at one site give the serial loop's result whichever option ran,
 * and the profile shows that both ran. */
static void test_host_choice_end_to_end(void **state) {
  (void)state;
  use_emu(0); /* the cpu backend */
  enum { N = 50000, CALLS = 3 * GPUPAR__HOST_REEXPLORE };
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *want = malloc(N * sizeof *want);
  assert_true(x && y && want);
  gpupar__site_stats before[64], after[64];
  int nb = gpupar__site_list(before, 64);
  unsigned long long ran = 0;
  for (int call = 0; call < CALLS; call++) {
    for (int i = 0; i < N; i++) {
      x[i] = (float)((i * 7 + call) % 101);
      y[i] = want[i] = (float)((i + call) % 13);
    }
    saxpy_serial(N, 2.5f, x, want);
    ran += (unsigned long long)saxpy_offload(N, 2.5f, x, y);
    assert_memory_equal(y, want, N * sizeof *y);
  }
  int na = gpupar__site_list(after, 64);
  assert_true(na <= 64);
  unsigned long long host = 0, serial = 0;
  for (int i = 0; i < na; i++)
    if (strcmp(after[i].name, saxpy_loop.site) == 0) {
      host = after[i].where[GPUPAR__ON_THREADS];
      serial = after[i].where[GPUPAR__ON_SERIAL];
      if (i < nb) {
        host -= before[i].where[GPUPAR__ON_THREADS];
        serial -= before[i].where[GPUPAR__ON_SERIAL];
      }
    }
  assert_int_equal(host + serial, CALLS);
  assert_int_equal(host, ran);
  /* Exploration ran each option twice, re-exploration at least once more. */
  assert_true(host >= GPUPAR__HOST_EXPLORE / 2 + 1);
  assert_true(serial >= GPUPAR__HOST_EXPLORE / 2 + 1);
  double rates[2];
  gpupar__site_host_pick(gpupar__site_get(&saxpy_loop), rates, NULL);
  assert_true(rates[0] > 0 && rates[1] > 0);
  free(x);
  free(y);
  free(want);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_cost_model),
                                     cmocka_unit_test(test_offload_choice),
                                     cmocka_unit_test(test_pipelining_order),
                                     cmocka_unit_test(test_pool_reuse),
                                     cmocka_unit_test(test_host_copies),
                                     cmocka_unit_test(test_host_threads),
                                     cmocka_unit_test(test_host_choice),
                                     cmocka_unit_test(test_host_choice_end_to_end),
                                     cmocka_unit_test(test_hybrid_share),
                                     cmocka_unit_test(test_device_caps),
                                     cmocka_unit_test(test_shared_read_only_broadcast),
                                     cmocka_unit_test(test_learning_gives_slow_device_less),
                                     cmocka_unit_test(test_staging_recycled)};
  gpupar_init();
  return cmocka_run_group_tests(tests, NULL, NULL);
}
