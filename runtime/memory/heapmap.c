/* The table of the program's blocks (see heapmap.h): open addressing with linear probing and
 * backward-shift deletion, in static storage (the hooks must not allocate), under one lock. */
#include "memory/heapmap.h"

#include <pthread.h>

#define SLOTS_LOG2 17
#define SLOTS (1u << SLOTS_LOG2)
#define MAX_LIVE (SLOTS / 2) /* probes stay short */

struct slot {
  uintptr_t start; /* 0: empty */
  size_t bytes;
};

static struct slot table[SLOTS];
int gpupar__heap_count;

/* Pointers into blocks found by a scan, kept until the table changes (a loop called again with
 * the same pointer into a block looks it up in O(1)). */
#define RECENT 16
static struct {
  uintptr_t p, start;
  size_t bytes;
  unsigned long epoch;
} recent[RECENT];
static unsigned long epoch = 1; /* changes with every note and forget */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned home(uintptr_t start) {
  return (unsigned)(((uint64_t)start * 0x9E3779B97F4A7C15ull) >> (64 - SLOTS_LOG2));
}

static void prepare_fork(void) { pthread_mutex_lock(&lock); }
static void after_fork(void) { pthread_mutex_unlock(&lock); }

__attribute__((constructor)) static void fork_safe(void) {
  /* A fork while another thread notes a block would leave the child's lock held. */
  pthread_atfork(prepare_fork, after_fork, after_fork);
}

static void set_count(int n) { __atomic_store_n(&gpupar__heap_count, n, __ATOMIC_RELAXED); }

/* Slot starts are written under the lock, read without it by gpupar__heap_may_hold. */
static void set_start(unsigned i, uintptr_t start) {
  __atomic_store_n(&table[i].start, start, __ATOMIC_RELAXED);
}

int gpupar__heap_may_hold(const void *p) {
  /* Linear probing: an entry is reached from its home slot without crossing an empty one. */
  return p && __atomic_load_n(&table[home((uintptr_t)p)].start, __ATOMIC_RELAXED) != 0;
}

/* The slot holding `start`, else the empty one that ends its probe run (under the lock). */
static unsigned slot_of(uintptr_t start) {
  unsigned i = home(start);
  while (table[i].start && table[i].start != start)
    i = (i + 1) & (SLOTS - 1);
  return i;
}

void gpupar__heap_note(const void *p, size_t bytes) {
  uintptr_t start = (uintptr_t)p;
  if (!start)
    return;
  pthread_mutex_lock(&lock);
  unsigned i = slot_of(start);
  if (table[i].start || gpupar__heap_count < (int)MAX_LIVE) {
    if (!table[i].start)
      set_count(gpupar__heap_count + 1);
    table[i].bytes = bytes;
    set_start(i, start);
    epoch++;
  }
  pthread_mutex_unlock(&lock);
}

void gpupar__heap_forget(const void *p) {
  uintptr_t start = (uintptr_t)p;
  if (!start)
    return;
  pthread_mutex_lock(&lock);
  unsigned i = slot_of(start);
  if (table[i].start) {
    /* Backward shift: move later entries of the run into the hole when their home allows. */
    unsigned hole = i, j = i;
    for (;;) {
      j = (j + 1) & (SLOTS - 1);
      if (!table[j].start)
        break;
      unsigned h = home(table[j].start);
      /* j's entry may move to the hole when its home is not in (hole, j], cyclically. */
      if (((j - h) & (SLOTS - 1)) >= ((j - hole) & (SLOTS - 1))) {
        table[hole].bytes = table[j].bytes;
        set_start(hole, table[j].start);
        hole = j;
      }
    }
    set_start(hole, 0);
    table[hole].bytes = 0;
    set_count(gpupar__heap_count - 1);
    epoch++;
  }
  pthread_mutex_unlock(&lock);
}

int gpupar__heap_find(const void *p, uintptr_t *start, size_t *bytes) {
  uintptr_t a = (uintptr_t)p;
  int found = 0;
  if (!a || __atomic_load_n(&gpupar__heap_count, __ATOMIC_RELAXED) == 0)
    return 0;
  pthread_mutex_lock(&lock);
  unsigned i = slot_of(a);
  if (table[i].start) { /* the block's start: the common case */
    *start = a;
    *bytes = table[i].bytes;
    found = 1;
  } else if (recent[a / 64 % RECENT].p == a && recent[a / 64 % RECENT].epoch == epoch) {
    *start = recent[a / 64 % RECENT].start;
    *bytes = recent[a / 64 % RECENT].bytes;
    found = 1;
  } else { /* a pointer into a block: every entry is looked at */
    for (unsigned k = 0; k < SLOTS; ++k)
      if (table[k].start && table[k].start <= a && a - table[k].start < table[k].bytes &&
          (!found || table[k].start > *start)) {
        *start = table[k].start;
        *bytes = table[k].bytes;
        found = 1;
      }
    if (found) {
      recent[a / 64 % RECENT].p = a;
      recent[a / 64 % RECENT].start = *start;
      recent[a / 64 % RECENT].bytes = *bytes;
      recent[a / 64 % RECENT].epoch = epoch;
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}

void gpupar__heap_reset(void) {
  pthread_mutex_lock(&lock);
  for (unsigned k = 0; k < SLOTS; ++k)
    set_start(k, 0), table[k].bytes = 0;
  set_count(0);
  epoch++;
  pthread_mutex_unlock(&lock);
}
