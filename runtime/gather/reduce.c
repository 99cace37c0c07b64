/* Reductions and last values: per-chunk partial buffers, the per-call collector, and the typed
 * combine (see reduce.h and docs/runtime.md, "Reductions"). */
#include "gather/reduce.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "memory/devmem.h"

/* --- Typed operations --------------------------------------------------------------------- */

/* The operators of GPUPAR_RED_OP_MAP (loop.h) on one type: the rows are spelled with RT (the
 * type), RU (the unsigned type of its width), `hi` and `lo` (its largest and smallest values),
 * which RED_OPS defines in each function. Integer + and * (class ARITH) are computed in unsigned
 * arithmetic and truncated to the width: they wrap instead of overflowing. Floating types have no
 * BITS operators. GPUPAR_RED_LAST keeps the later value and has the identity 0. */
typedef unsigned long long WIDE;
#define RED_ID_ZERO (RT)0
#define RED_ID_NZERO (RT)(-(RT)0)
#define RED_ID_ONE (RT)1
#define RED_ID_ONES (RT) ~(RU)0
#define RED_ID_HI hi
#define RED_ID_LO lo

#define RED_CASE_PLAIN(NAME, combine)                                                              \
  case GPUPAR_RED_##NAME: {                                                                        \
    RT a = x, b = y;                                                                               \
    d[j] = (RT)(combine);                                                                          \
    break;                                                                                         \
  }
#define RED_CASE_WRAP(NAME, combine)                                                               \
  case GPUPAR_RED_##NAME: {                                                                        \
    WIDE a = (WIDE)x, b = (WIDE)y;                                                                 \
    RU r = (RU)(combine);                                                                          \
    d[j] = (RT)r;                                                                                  \
    break;                                                                                         \
  }
#define INT_CASE_ARITH RED_CASE_WRAP
#define INT_CASE_ORDER RED_CASE_PLAIN
#define INT_CASE_BITS RED_CASE_PLAIN
#define INT_CASE_LOGIC RED_CASE_PLAIN
#define INT_CASE(NAME, name, Name, value, spelling, ident, combine, cls)                           \
  INT_CASE_##cls(NAME, combine)
#define FLOAT_CASE_ARITH RED_CASE_PLAIN
#define FLOAT_CASE_ORDER RED_CASE_PLAIN
#define FLOAT_CASE_BITS(NAME, combine)
#define FLOAT_CASE_LOGIC RED_CASE_PLAIN
#define FLOAT_CASE(NAME, name, Name, value, spelling, ident, combine, cls)                         \
  FLOAT_CASE_##cls(NAME, combine)

#define RED_ID_CASE(NAME, ident)                                                                   \
  case GPUPAR_RED_##NAME:                                                                          \
    v = RED_ID_##ident;                                                                            \
    break;
#define INT_ID_CASE(NAME, name, Name, value, spelling, ident, combine, cls) RED_ID_CASE(NAME, ident)
#define FLOAT_ID_CASE_ARITH RED_ID_CASE
#define FLOAT_ID_CASE_ORDER RED_ID_CASE
#define FLOAT_ID_CASE_BITS(NAME, ident)
#define FLOAT_ID_CASE_LOGIC RED_ID_CASE
#define FLOAT_ID_CASE(NAME, name, Name, value, spelling, ident, combine, cls)                      \
  FLOAT_ID_CASE_##cls(NAME, ident)

/* combine_T and identity_T for the type T (RU: the unsigned type of its width; HI and LO: its
 * largest and smallest values), with CASE and ID_CASE spelling the map's rows for it. */
#define RED_OPS(T, U, HI, LO, CASE, ID_CASE)                                                       \
  static void combine_##T(int op, T *d, const T *s, long long n) {                                 \
    typedef T RT;                                                                                  \
    typedef U RU __attribute__((unused));                                                          \
    for (long long j = 0; j < n; j++) {                                                            \
      RT x = d[j], y = s[j];                                                                       \
      switch (op) {                                                                                \
        GPUPAR_RED_OP_MAP(CASE)                                                                    \
      default:                                                                                     \
        d[j] = y;                                                                                  \
        break;                                                                                     \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  static void identity_##T(int op, T *d, long long n) {                                            \
    typedef T RT;                                                                                  \
    typedef U RU __attribute__((unused));                                                          \
    const RT hi = (RT)(HI), lo = (RT)(LO);                                                         \
    RT v;                                                                                          \
    switch (op) {                                                                                  \
      GPUPAR_RED_OP_MAP(ID_CASE)                                                                   \
    default:                                                                                       \
      v = (RT)0;                                                                                   \
      break;                                                                                       \
    }                                                                                              \
    for (long long j = 0; j < n; j++)                                                              \
      d[j] = v;                                                                                    \
  }
#define INT_OPS(T, U, MAXV, MINV) RED_OPS(T, U, MAXV, MINV, INT_CASE, INT_ID_CASE)
#define FLOAT_OPS(T, INF) RED_OPS(T, T, INF, -(INF), FLOAT_CASE, FLOAT_ID_CASE)

typedef _Bool b1;
typedef long double f128;
INT_OPS(b1, uint8_t, 1, 0)
INT_OPS(int8_t, uint8_t, INT8_MAX, INT8_MIN)
INT_OPS(int16_t, uint16_t, INT16_MAX, INT16_MIN)
INT_OPS(int32_t, uint32_t, INT32_MAX, INT32_MIN)
INT_OPS(int64_t, uint64_t, INT64_MAX, INT64_MIN)
INT_OPS(uint8_t, uint8_t, UINT8_MAX, 0)
INT_OPS(uint16_t, uint16_t, UINT16_MAX, 0)
INT_OPS(uint32_t, uint32_t, UINT32_MAX, 0)
INT_OPS(uint64_t, uint64_t, UINT64_MAX, 0)
FLOAT_OPS(float, HUGE_VALF)
FLOAT_OPS(double, HUGE_VAL)
FLOAT_OPS(f128, HUGE_VALL)

/* The type's index in the tables below, or -1. */
static int type_index(int kind, size_t size) {
  switch (kind) {
  case GPUPAR_TYPE_BOOL:
    return size == sizeof(_Bool) ? 0 : -1;
  case GPUPAR_TYPE_SIGNED:
  case GPUPAR_TYPE_UNSIGNED: {
    int base = kind == GPUPAR_TYPE_SIGNED ? 1 : 5;
    return size == 1   ? base
           : size == 2 ? base + 1
           : size == 4 ? base + 2
           : size == 8 ? base + 3
                       : -1;
  }
  case GPUPAR_TYPE_FLOAT:
    return size == sizeof(float)         ? 9
           : size == sizeof(double)      ? 10
           : size == sizeof(long double) ? 11
                                         : -1;
  default:
    return -1;
  }
}

/* Whether floating types have the operator: all classes but BITS. */
#define RED_FLOAT_OK(NAME, name, Name, value, spelling, ident, combine, cls)                       \
  case GPUPAR_RED_##NAME:                                                                          \
    return RED_FLOAT_OK_##cls;
#define RED_FLOAT_OK_ARITH 1
#define RED_FLOAT_OK_ORDER 1
#define RED_FLOAT_OK_BITS 0
#define RED_FLOAT_OK_LOGIC 1

int gpupar__red_supported(int kind, size_t size, int op) {
  int t = type_index(kind, size);
  if (t < 0 || op < GPUPAR_RED_ADD || op > GPUPAR_RED_LAST)
    return 0;
  if (kind != GPUPAR_TYPE_FLOAT)
    return 1;
  switch (op) {
    GPUPAR_RED_OP_MAP(RED_FLOAT_OK)
  default:
    return 1; /* GPUPAR_RED_LAST */
  }
}

/* The reduction types, in type_index() order. */
#define GPUPAR__RED_TYPES(XX)                                                                      \
  XX(0, b1)                                                                                        \
  XX(1, int8_t)                                                                                    \
  XX(2, int16_t)                                                                                   \
  XX(3, int32_t)                                                                                   \
  XX(4, int64_t)                                                                                   \
  XX(5, uint8_t)                                                                                   \
  XX(6, uint16_t) XX(7, uint32_t) XX(8, uint64_t) XX(9, float) XX(10, double) XX(11, f128)

int gpupar__red_combine(int kind, size_t size, int op, void *dst, const void *src, long long n) {
  if (!gpupar__red_supported(kind, size, op) || n < 0)
    return GPUPAR_EINVAL;
  switch (type_index(kind, size)) {
#define CASE(i, T)                                                                                 \
  case i:                                                                                          \
    combine_##T(op, (T *)dst, (const T *)src, n);                                                  \
    break;
    GPUPAR__RED_TYPES(CASE)
#undef CASE
  }
  return GPUPAR_OK;
}

int gpupar__red_identity(int kind, size_t size, int op, void *dst, long long n) {
  if (!gpupar__red_supported(kind, size, op) || n < 0)
    return GPUPAR_EINVAL;
  switch (type_index(kind, size)) {
#define CASE(i, T)                                                                                 \
  case i:                                                                                          \
    identity_##T(op, (T *)dst, n);                                                                 \
    break;
    GPUPAR__RED_TYPES(CASE)
#undef CASE
  }
  return GPUPAR_OK;
}

/* --- The collector ------------------------------------------------------------------------ */

#define ALIGN(n) (((n) + 15u) & ~(size_t)15u)

typedef struct entry {
  unsigned long long begin; /* first iteration of the chunk */
  void *data;               /* one value per scalar, `count` per array, at collector offsets */
  int parts;                /* GPUPAR__RED_SCALARS | GPUPAR__RED_ARRAYS: what `data` holds */
} entry;

typedef struct collector {
  pthread_mutex_t lock;
  int nred;
  long long *count;
  size_t *offset; /* of reduction r in an entry */
  size_t bytes;   /* of an entry */
  size_t flags;   /* offset of the gpupar_launch.outside flags (one int per reduction) */
  entry *entries;
  int nentries, cap;
  int failed; /* a record could not be stored */
} collector;

static long long count_of(const gpupar_loop *loop, const gpupar_call *call, int r) {
  return loop->reductions[r].is_array && call->reduction_counts ? call->reduction_counts[r] : 1;
}

int gpupar__red_start(const gpupar_loop *loop, gpupar_call *call, char *why, size_t len) {
  call->reduce_state = NULL;
  if (loop->nreductions <= 0)
    return GPUPAR_OK;
  if (!loop->reductions || !call->reductions) {
    snprintf(why, len, "malformed loop descriptor (reductions)");
    return GPUPAR_EINVAL;
  }
  int n = loop->nreductions;
  for (int r = 0; r < n; r++) {
    const gpupar_reduction_desc *d = &loop->reductions[r];
    if (!gpupar__red_supported(d->kind, d->size, d->op) || !call->reductions[r] ||
        count_of(loop, call, r) < 0 ||
        (d->is_array && (d->op == GPUPAR_RED_LAST || !call->reduction_counts))) {
      snprintf(why, len, "malformed loop descriptor (reduction %d, '%s')", r,
               d->name ? d->name : "?");
      return GPUPAR_EINVAL;
    }
  }
  collector *c = calloc(1, sizeof *c);
  if (c) {
    c->count = calloc((size_t)n, sizeof *c->count);
    c->offset = calloc((size_t)n, sizeof *c->offset);
  }
  if (!c || !c->count || !c->offset) {
    if (c) {
      free(c->count);
      free(c->offset);
    }
    free(c);
    snprintf(why, len, "out of host memory");
    return GPUPAR_ENOMEM;
  }
  pthread_mutex_init(&c->lock, NULL);
  c->nred = n;
  for (int r = 0; r < n; r++) {
    c->count[r] = count_of(loop, call, r);
    c->offset[r] = c->bytes;
    c->bytes += ALIGN((size_t)c->count[r] * loop->reductions[r].size);
  }
  c->flags = c->bytes;
  c->bytes += ALIGN((size_t)n * sizeof(int));
  call->reduce_state = c;
  return GPUPAR_OK;
}

static void free_collector(collector *c) {
  for (int i = 0; i < c->nentries; i++)
    free(c->entries[i].data);
  free(c->entries);
  free(c->count);
  free(c->offset);
  pthread_mutex_destroy(&c->lock);
  free(c);
}

void gpupar__red_abort(gpupar_call *call) {
  if (call->reduce_state)
    free_collector(call->reduce_state);
  call->reduce_state = NULL;
}

static int by_begin(const void *a, const void *b) {
  unsigned long long x = ((const entry *)a)->begin, y = ((const entry *)b)->begin;
  return x < y ? -1 : x > y;
}

int gpupar__red_finish(const gpupar_loop *loop, gpupar_call *call) {
  collector *c = call->reduce_state;
  if (!c)
    return GPUPAR_OK;
  int rc = GPUPAR_OK;
  void *acc = c->failed ? NULL : malloc(c->bytes ? c->bytes : 1);
  if (!acc) {
    GPUPAR__ERROR("%s: out of host memory combining reductions", loop->site ? loop->site : "?");
    rc = GPUPAR_ENOMEM;
  } else {
    if (c->nentries > 1) /* qsort(NULL, 0, ...) is undefined */
      qsort(c->entries, (size_t)c->nentries, sizeof *c->entries, by_begin);
    for (int r = 0; r < c->nred; r++) {
      const gpupar_reduction_desc *d = &loop->reductions[r];
      char *dst = (char *)acc + c->offset[r];
      memcpy(dst, call->reductions[r], (size_t)c->count[r] * d->size); /* the value before */
      int part = d->is_array ? GPUPAR__RED_ARRAYS : GPUPAR__RED_SCALARS;
      for (int i = 0; i < c->nentries; i++)
        if (c->entries[i].parts & part)
          gpupar__red_combine(d->kind, d->size, d->op, dst,
                              (const char *)c->entries[i].data + c->offset[r], c->count[r]);
    }
    for (int r = 0; r < c->nred; r++)
      memcpy(call->reductions[r], (const char *)acc + c->offset[r],
             (size_t)c->count[r] * loop->reductions[r].size);
    free(acc);
  }
  free_collector(c);
  call->reduce_state = NULL;
  return rc;
}

/* Adds the chunk result `data` (ownership passes to the collector). Returns 0 or -1. */
static int record(collector *c, unsigned long long begin, void *data, int parts) {
  pthread_mutex_lock(&c->lock);
  if (c->nentries == c->cap) {
    int want = c->cap ? 2 * c->cap : 16;
    entry *grown = realloc(c->entries, (size_t)want * sizeof *grown);
    if (!grown) {
      c->failed = 1;
      pthread_mutex_unlock(&c->lock);
      free(data);
      return -1;
    }
    c->entries = grown;
    c->cap = want;
  }
  c->entries[c->nentries].begin = begin;
  c->entries[c->nentries].data = data;
  c->entries[c->nentries].parts = parts;
  c->nentries++;
  pthread_mutex_unlock(&c->lock);
  return 0;
}

size_t gpupar__red_entry_bytes(const gpupar_call *call) {
  const collector *c = call->reduce_state;
  return c ? c->bytes : 0;
}

size_t gpupar__red_entry_offset(const gpupar_call *call, int r) {
  const collector *c = call->reduce_state;
  return c->offset[r];
}

int gpupar__red_checks_sections(const gpupar_loop *loop) {
  for (int r = 0; loop->sections && r < loop->nreductions; r++)
    if (loop->sections[r])
      return 1;
  return 0;
}

size_t gpupar__red_flags_offset(const gpupar_call *call) {
  const collector *c = call->reduce_state;
  return c->flags;
}

int gpupar__red_outside(const gpupar_loop *loop, const gpupar_call *call) {
  collector *c = call->reduce_state;
  if (!c || !loop->sections)
    return -1;
  int found = -1;
  pthread_mutex_lock(&c->lock);
  for (int i = 0; i < c->nentries; i++)
    if (c->entries[i].parts & GPUPAR__RED_ARRAYS) {
      const int *flag = (const int *)((const char *)c->entries[i].data + c->flags);
      for (int r = 0; r < c->nred; r++)
        if (loop->sections[r] && flag[r] && (found < 0 || r < found))
          found = r;
    }
  pthread_mutex_unlock(&c->lock);
  return found;
}

/* Returns a fresh entry buffer, or NULL after marking the collection failed. */
static char *new_entry(collector *c) {
  char *data = malloc(c->bytes ? c->bytes : 1);
  if (!data) {
    pthread_mutex_lock(&c->lock);
    c->failed = 1;
    pthread_mutex_unlock(&c->lock);
  }
  return data;
}

int gpupar__red_record_entry(const gpupar_call *call, unsigned long long begin, const void *data,
                             int parts) {
  collector *c = call->reduce_state;
  char *copy = new_entry(c);
  if (!copy)
    return -1;
  memcpy(copy, data, c->bytes);
  return record(c, begin, copy, parts);
}

/* --- Chunks ------------------------------------------------------------------------------- */

struct gpupar__red_chunk {
  const gpupar_loop *loop;
  collector *col;
  int parts; /* what the chunk's own block holds; array partials in a device buffer else */
  int own;   /* some reduction is in `parts`: the chunk needs a block of its own */
  int host;  /* a host chunk: `block` is host memory and holds its outside flags */
  unsigned slots;
  void *block; /* host memory (host chunks) or device memory (device chunks) */
  size_t block_size;
  void *stage; /* device chunks: the staged host copy */
  size_t stage_size;
  size_t bytes;      /* used bytes of block */
  size_t flags;      /* offset of the outside flags in block (array reductions in it) */
  size_t *offset;    /* of reduction r in block */
  void **partials;   /* launch->partials */
  long long *counts; /* launch->partial_counts */
};

static gpupar__red_chunk *new_chunk(const gpupar_loop *loop, const gpupar_call *call,
                                    unsigned slots, int parts) {
  collector *col = call->reduce_state;
  if (!col || loop->nreductions <= 0)
    return NULL;
  size_t n = (size_t)loop->nreductions;
  gpupar__red_chunk *c =
      calloc(1, sizeof *c + n * (sizeof(size_t) + sizeof(void *) + sizeof(long long)));
  if (!c)
    return NULL;
  c->loop = loop;
  c->col = col;
  c->parts = parts;
  c->slots = slots;
  c->offset = (size_t *)(c + 1);
  c->partials = (void **)(c->offset + n);
  c->counts = (long long *)(c->partials + n);
  for (size_t r = 0; r < n; r++) {
    const gpupar_reduction_desc *d = &loop->reductions[r];
    long long elems = d->is_array ? col->count[r] : (long long)slots;
    c->counts[r] = elems;
    c->offset[r] = c->bytes;
    if (parts & (d->is_array ? GPUPAR__RED_ARRAYS : GPUPAR__RED_SCALARS)) {
      c->own = 1;
      c->bytes += ALIGN((size_t)elems * d->size);
    }
  }
  c->flags = c->bytes;
  if (parts & GPUPAR__RED_ARRAYS)
    c->bytes += ALIGN(n * sizeof(int));
  return c;
}

/* Folds chunk buffer `buf` (slots per scalar) into a fresh entry and records it. */
static int fold_and_record(gpupar__red_chunk *c, const void *buf, unsigned long long begin) {
  collector *col = c->col;
  char *data = new_entry(col);
  if (!data)
    return -1;
  for (int r = 0; r < col->nred; r++) {
    const gpupar_reduction_desc *d = &c->loop->reductions[r];
    const char *src = (const char *)buf + c->offset[r];
    char *dst = data + col->offset[r];
    if (!(c->parts & (d->is_array ? GPUPAR__RED_ARRAYS : GPUPAR__RED_SCALARS)))
      continue;
    if (d->is_array) {
      memcpy(dst, src, (size_t)col->count[r] * d->size);
      continue;
    }
    memcpy(dst, src, d->size); /* slot 0; then the others in block order */
    if (d->op != GPUPAR_RED_LAST)
      for (unsigned s = 1; s < c->slots; s++)
        gpupar__red_combine(d->kind, d->size, d->op, dst, src + (size_t)s * d->size, 1);
  }
  /* Only a host chunk's flags are in its block (device flags come with the device's buffer). */
  if (c->parts & GPUPAR__RED_ARRAYS && c->host)
    memcpy(data + col->flags, (const char *)buf + c->flags, (size_t)col->nred * sizeof(int));
  else if (c->parts & GPUPAR__RED_ARRAYS)
    memset(data + col->flags, 0, (size_t)col->nred * sizeof(int));
  return record(col, begin, data, c->parts);
}

int gpupar__red_host_begin(const gpupar_loop *loop, const gpupar_call *call, gpupar_launch *launch,
                           gpupar__red_chunk **out) {
  *out = NULL;
  if (!call->reduce_state || loop->nreductions <= 0)
    return 0;
  gpupar__red_chunk *c = new_chunk(loop, call, 1, GPUPAR__RED_ALL);
  if (!c)
    return -1;
  c->block = malloc(c->bytes ? c->bytes : 1);
  if (!c->block) {
    free(c);
    return -1;
  }
  for (int r = 0; r < loop->nreductions; r++)
    c->partials[r] = (char *)c->block + c->offset[r];
  memset((char *)c->block + c->flags, 0, (size_t)loop->nreductions * sizeof(int));
  c->host = 1;
  launch->partials = c->partials;
  launch->partial_counts = c->counts;
  launch->partial_slots = 1;
  launch->outside = (int *)((char *)c->block + c->flags);
  *out = c;
  return 0;
}

int gpupar__red_host_end(gpupar__red_chunk *c, unsigned long long begin, int rc) {
  if (!c)
    return rc;
  if (rc == 0 && fold_and_record(c, c->block, begin) != 0)
    rc = -1;
  free(c->block);
  free(c);
  return rc;
}

int gpupar__red_dev_begin(const gpupar_loop *loop, const gpupar_call *call, gpupar__device *dev,
                          void *arrays, gpupar_launch *launch, gpupar__red_chunk **out,
                          gpupar__error *err) {
  *out = NULL;
  if (!call->reduce_state || loop->nreductions <= 0)
    return GPUPAR_OK;
  int parts = arrays ? GPUPAR__RED_SCALARS : GPUPAR__RED_ALL;
  gpupar__red_chunk *c = new_chunk(loop, call, GPUPAR_REDUCE_SLOTS, parts);
  if (!c)
    return gpupar__fail(err, GPUPAR_ENOMEM, "out of host memory (reduction buffers)");
  /* Only array reductions, in the device's buffer: nothing of its own to allocate or copy. */
  int rc = c->own ? gpupar__dev_alloc(dev, c->bytes ? c->bytes : 1, &c->block, &c->block_size, err)
                  : GPUPAR_OK;
  if (rc != GPUPAR_OK) {
    free(c);
    return rc;
  }
  for (int r = 0; r < loop->nreductions; r++)
    c->partials[r] = loop->reductions[r].is_array && arrays
                         ? (char *)arrays + gpupar__red_entry_offset(call, r)
                         : (char *)c->block + c->offset[r];
  launch->partials = c->partials;
  launch->partial_counts = c->counts;
  launch->partial_slots = GPUPAR_REDUCE_SLOTS;
  launch->partials_ready = arrays != NULL;
  /* The flags live in the device's shared buffer (zeroed with it); a chunk with its own array
   * buffers (no shared one) reports nothing. */
  launch->outside = arrays ? (int *)((char *)arrays + c->col->flags) : NULL;
  *out = c;
  return GPUPAR_OK;
}

int gpupar__red_dev_stage_out(gpupar__device *dev, int s, gpupar__red_chunk *c,
                              gpupar__error *err) {
  if (!c || !c->own)
    return GPUPAR_OK;
  int rc = gpupar__stage_alloc(dev->backend, c->bytes, &c->stage, &c->stage_size, err);
  if (rc != GPUPAR_OK)
    return rc;
  return dev->backend->copy_out(dev, s, c->stage, c->block, c->bytes, err);
}

int gpupar__red_dev_commit(const gpupar_call *call, gpupar__red_chunk *c,
                           unsigned long long begin) {
  (void)call;
  if (!c || !c->own)
    return 0;
  return fold_and_record(c, c->stage, begin);
}

void gpupar__red_dev_release(gpupar__device *dev, gpupar__red_chunk **pc) {
  gpupar__red_chunk *c = *pc;
  if (!c)
    return;
  gpupar__dev_release(dev, c->block, c->block_size);
  gpupar__stage_release(dev->backend, c->stage, c->stage_size);
  free(c);
  *pc = NULL;
}
