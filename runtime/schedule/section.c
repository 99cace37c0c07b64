/* Section arithmetic, write-safety check and alias guard. */
#include "schedule/section.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpupar/gpupar.h"
#include "memory/heapmap.h"

typedef gpupar__i128 i128;

#define LL_MIN ((i128)(-0x7fffffffffffffffLL - 1))
#define LL_MAX ((i128)0x7fffffffffffffffLL)

static i128 ceil_div(i128 a, i128 b) { return a <= 0 ? 0 : (a + b - 1) / b; } /* b > 0 */

/* Narrows the iterations [*kb, *ke) (kb < ke) to those whose loop variable lies in the span's
 * guard [guard_lo, guard_hi]. Values are monotonic in k, so they form one range. Returns 0 when
 * none does. */
static int guard_iterations(const gpupar__space *sp, const gpupar_span *span,
                            unsigned long long *kb, unsigned long long *ke) {
  if (span->guard_lo > span->guard_hi)
    return 0;
  i128 glo = span->guard_lo, ghi = span->guard_hi, step = sp->step;
  i128 first = *kb, last = (i128)*ke - 1;
  i128 v0 = gpupar__space_value(sp, *kb), v1 = gpupar__space_value(sp, *ke - 1);
  if (step > 0) { /* v0 <= v1: skip iterations below glo at the start, above ghi at the end */
    first += ceil_div(glo - v0, step);
    last -= ceil_div(v1 - ghi, step);
  } else if (step < 0) { /* v0 >= v1 */
    first += ceil_div(v0 - ghi, -step);
    last -= ceil_div(glo - v1, -step);
  } else if (v0 < glo || v0 > ghi) {
    return 0;
  }
  if (first > last)
    return 0;
  *kb = (unsigned long long)first;
  *ke = (unsigned long long)(last + 1);
  return 1;
}

int gpupar__term_interval(const gpupar__space *sp, const gpupar_span *span, unsigned long long kb,
                          unsigned long long ke, gpupar__hull *out) {
  out->lo = 0;
  out->hi = -1;
  out->empty = 1;
  if (kb >= ke || span->empty)
    return GPUPAR_OK;
  if (span->off_lo > span->off_hi)
    return GPUPAR_EINVAL;
  if (span->guarded && !guard_iterations(sp, span, &kb, &ke))
    return GPUPAR_OK; /* no iteration of the chunk runs the access */
  i128 v0 = gpupar__space_value(sp, kb), v1 = gpupar__space_value(sp, ke - 1), a, b, lo, hi;
  if (__builtin_mul_overflow((i128)span->coef, v0, &a) ||
      __builtin_mul_overflow((i128)span->coef, v1, &b))
    return GPUPAR_EINVAL;
  if (__builtin_add_overflow(a < b ? a : b, (i128)span->off_lo, &lo) ||
      __builtin_add_overflow(a < b ? b : a, (i128)span->off_hi, &hi))
    return GPUPAR_EINVAL;
  if (lo < LL_MIN || hi > LL_MAX)
    return GPUPAR_EINVAL;
  if (span->clamped) { /* the heap block the array lies in (gpupar__clamp_to_blocks) */
    if (lo < span->clamp_lo)
      lo = span->clamp_lo;
    if (hi > span->clamp_hi)
      hi = span->clamp_hi;
    if (lo > hi)
      return GPUPAR_OK;
  }
  out->lo = (long long)lo;
  out->hi = (long long)hi;
  out->empty = 0;
  return GPUPAR_OK;
}

/* The elements of the noted heap block that array `a`'s base pointer lies in, counted from the
 * base (which may lie inside the block): 1 with [*lo, *hi], else 0. */
static int block_elements(const gpupar_loop *loop, const gpupar_call *call, int a, long long *lo,
                          long long *hi) {
  uintptr_t base = (uintptr_t)call->arrays[a], start;
  size_t bytes, esize = loop->arrays[a].elem_size;
  if (!base || !esize || !gpupar__heap_find((const void *)base, &start, &bytes))
    return 0;
  i128 before = base - start, after = (i128)(start + bytes) - (i128)base;
  *lo = (long long)(-(before / (i128)esize));
  *hi = (long long)(after / (i128)esize) - 1;
  return 1;
}

void gpupar__clamp_to_blocks(const gpupar_loop *loop, gpupar_call *call) {
  if (call->version < 401)
    return;
  for (int a = 0; a < loop->narrays; a++) { /* one lookup per array, whatever its terms */
    int looked = 0, found = 0;
    long long lo = 0, hi = 0;
    for (int t = 0; t < loop->nterms; t++) {
      gpupar_span *s = &call->spans[t];
      if (loop->terms[t].array != a)
        continue;
      s->clamped = 0;
      if (loop->terms[t].exact || s->rows)
        continue;
      if (!looked) {
        looked = 1;
        found = block_elements(loop, call, a, &lo, &hi);
      }
      if (found) {
        s->clamped = 1;
        s->clamp_lo = lo;
        s->clamp_hi = hi;
      }
    }
  }
}

void gpupar__hull_add(gpupar__hull *hull, const gpupar__hull *add) {
  if (add->empty)
    return;
  if (hull->empty) {
    *hull = *add;
    return;
  }
  if (add->lo < hull->lo)
    hull->lo = add->lo;
  if (add->hi > hull->hi)
    hull->hi = add->hi;
}

int gpupar__hull_overlap(const gpupar__hull *a, const gpupar__hull *b) {
  return !a->empty && !b->empty && a->lo <= b->hi && b->lo <= a->hi;
}

int gpupar__array_hulls(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        int array, unsigned long long kb, unsigned long long ke, gpupar__hull *read,
                        gpupar__hull *write) {
  read->empty = write->empty = 1;
  read->lo = write->lo = 0;
  read->hi = write->hi = -1;
  for (int t = 0; t < loop->nterms; t++) {
    if (loop->terms[t].array != array)
      continue;
    gpupar__hull h;
    if (gpupar__term_interval(sp, &spans[t], kb, ke, &h) != GPUPAR_OK)
      return GPUPAR_EINVAL;
    if (loop->terms[t].access & GPUPAR_READ)
      gpupar__hull_add(read, &h);
    if (loop->terms[t].access & GPUPAR_WRITE)
      gpupar__hull_add(write, &h);
  }
  return GPUPAR_OK;
}

/* |coef * step| of a span, or -1 on overflow. */
static i128 stride(const gpupar_span *span, const gpupar__space *sp) {
  i128 c;
  if (__builtin_mul_overflow((i128)span->coef, (i128)sp->step, &c))
    return -1;
  return c < 0 ? -c : c;
}

/* Returns the span every write term of `array` has, when the array has one, every write term is
 * exact and unguarded, and all are the same; else NULL. Never for a scatter array. */
static const gpupar_span *write_span(const gpupar_loop *loop, const gpupar_span *spans, int array) {
  const gpupar_span *first = NULL;
  if (gpupar__scatter(loop, array))
    return NULL;
  for (int t = 0; t < loop->nterms; t++) {
    if (loop->terms[t].array != array || !(loop->terms[t].access & GPUPAR_WRITE))
      continue;
    const gpupar_span *s = &spans[t];
    if (!loop->terms[t].exact || s->empty || s->guarded)
      return NULL;
    if (!first)
      first = s;
    else if (s->coef != first->coef || s->off_lo != first->off_lo || s->off_hi != first->off_hi)
      return NULL;
  }
  return first;
}

int gpupar__array_dense(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        int array) {
  const gpupar_span *s = write_span(loop, spans, array);
  return s && stride(s, sp) == (i128)s->off_hi - s->off_lo + 1;
}

int gpupar__array_written_rows(const gpupar_loop *loop, const gpupar_span *spans,
                               const gpupar__space *sp, int array, long long *width,
                               long long *pitch) {
  const gpupar_span *s = write_span(loop, spans, array);
  if (!s || s->rows)
    return 0;
  i128 c = stride(s, sp), w = (i128)s->off_hi - s->off_lo + 1;
  if (c <= w || c > LLONG_MAX ||
      w * (i128)loop->arrays[array].elem_size < GPUPAR__WRITTEN_ROW_MIN_BYTES)
    return 0;
  *width = (long long)w;
  *pitch = (long long)c;
  return 1;
}

int gpupar__check_writes(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                         char *why, size_t len) {
  if (sp->trip <= 1)
    return GPUPAR_OK;
  for (int t = 0; t < loop->nterms; t++) {
    const gpupar_span *s = &spans[t];
    if (!(loop->terms[t].access & GPUPAR_WRITE) || (loop->terms[t].access & GPUPAR_DISJOINT) ||
        s->empty || gpupar__scatter(loop, loop->terms[t].array))
      continue;
    const char *name = loop->arrays[loop->terms[t].array].name;
    i128 cc; /* a pointer-to-pointer array's column that moves: its own stride */
    if (s->rows && s->col_coef != 0 && !__builtin_mul_overflow((i128)s->col_coef, sp->step, &cc) &&
        (i128)s->col_hi - s->col_lo < (cc < 0 ? -cc : cc))
      continue;
    i128 c = stride(s, sp);
    if (c < 0) {
      snprintf(why, len, "the index of '%s' overflows", name);
      return GPUPAR_EINVAL;
    }
    if (c == 0) {
      snprintf(why, len, "every iteration writes the same elements of '%s'", name);
      return GPUPAR_EINVAL;
    }
    if ((i128)s->off_hi - s->off_lo >= c) {
      snprintf(why, len, "different iterations write the same elements of '%s'", name);
      return GPUPAR_EINVAL;
    }
  }
  return GPUPAR_OK;
}

/* Byte range [*b0, *b1) of array `a` over the whole iteration space; *b0 == *b1 when untouched.
 * Sets `*writes` (when not NULL) to whether the loop writes it. Returns GPUPAR_OK or
 * GPUPAR_EINVAL when the index range overflows or leaves the address space. */
static int byte_range(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                      void *const *bases, int a, i128 *b0, i128 *b1, int *writes) {
  gpupar__hull r, w;
  *b0 = *b1 = 0;
  if (gpupar__array_hulls(loop, spans, sp, a, 0, sp->trip, &r, &w) != GPUPAR_OK)
    return GPUPAR_EINVAL;
  if (writes)
    *writes = !w.empty;
  gpupar__hull_add(&r, &w);
  if (r.empty)
    return GPUPAR_OK;
  i128 es = (i128)loop->arrays[a].elem_size, base = (i128)(uintptr_t)bases[a];
  i128 lo_bytes, hi_bytes;
  if (es == 0 || __builtin_mul_overflow((i128)r.lo, es, &lo_bytes) ||
      __builtin_mul_overflow((i128)r.hi + 1, es, &hi_bytes))
    return GPUPAR_EINVAL;
  *b0 = base + lo_bytes; /* |bytes| < 2^127 - 2^64: the sums cannot overflow */
  *b1 = base + hi_bytes;
  if (*b0 < 0 || *b1 > (i128)UINTPTR_MAX || bases[a] == NULL)
    return GPUPAR_EINVAL;
  return GPUPAR_OK;
}

/* The bytes reduction `r` updates: its variable, or its section's `count` elements. */
static void reduced_bytes(const gpupar_loop *loop, const gpupar_call *call, int r, i128 *v0,
                          i128 *v1) {
  const gpupar_reduction_desc *d = &loop->reductions[r];
  long long count = d->is_array && call->reduction_counts ? call->reduction_counts[r] : 1;
  *v0 = (i128)(uintptr_t)call->reductions[r];
  *v1 = *v0 + (i128)(count > 0 ? count : 0) * (i128)d->size;
}

int gpupar__check_scalar_alias(const gpupar_loop *loop, const gpupar_call *call,
                               const gpupar__space *sp, char *why, size_t len) {
  if (sp->trip == 0 || !call->reductions)
    return GPUPAR_OK;
  for (int r = 0; r < loop->nreductions; r++) {
    const gpupar_reduction_desc *d = &loop->reductions[r];
    if (!call->reductions[r])
      continue;
    i128 v0, v1;
    reduced_bytes(loop, call, r, &v0, &v1);
    if (v0 == v1)
      continue;
    for (int a = 0; a < loop->narrays; a++) {
      i128 a0, a1;
      if (byte_range(loop, call->spans, sp, call->arrays, a, &a0, &a1, NULL) != GPUPAR_OK)
        continue; /* gpupar__check_alias reports it */
      if (a0 < v1 && v0 < a1) {
        snprintf(why, len, "'%s' lies in the elements of '%s' the loop touches", d->name,
                 loop->arrays[a].name);
        return GPUPAR_EINVAL;
      }
    }
    /* Two reductions of one memory: each device's result would be written back twice. */
    for (int q = 0; q < r; q++) {
      i128 w0, w1;
      if (!call->reductions[q])
        continue;
      reduced_bytes(loop, call, q, &w0, &w1);
      if (w0 < v1 && v0 < w1) {
        snprintf(why, len, "'%s' and '%s' share memory", loop->reductions[q].name, d->name);
        return GPUPAR_EINVAL;
      }
    }
  }
  return GPUPAR_OK;
}

/* floor(a / b) and ceil(a / b), for b > 0. */
static i128 floor_div(i128 a, i128 b) { return a / b - (a % b != 0 && a < 0); }
static i128 ceil_div_any(i128 a, i128 b) { return a / b + (a % b != 0 && a > 0); }

/* The bytes a term touches in iteration k: [p + t * k, q + t * k). */
typedef struct footprint {
  i128 p, q, t;
} footprint;

/* Sets `*f` for term `span` of an array at `base` with `es`-byte elements; 0 on overflow. */
static int term_footprint(const gpupar_span *span, const gpupar__space *sp, void *base, i128 es,
                          footprint *f) {
  i128 at, t;
  if (__builtin_mul_overflow((i128)span->coef, sp->first, &at) ||
      __builtin_mul_overflow((i128)span->coef, (i128)sp->step, &t) ||
      __builtin_mul_overflow(t, es, &f->t) ||
      __builtin_mul_overflow(at + span->off_lo, es, &f->p) ||
      __builtin_mul_overflow(at + span->off_hi + 1, es, &f->q))
    return 0;
  f->p += (i128)(uintptr_t)base;
  f->q += (i128)(uintptr_t)base;
  return 1;
}

/* Returns whether some k in [kmin, kmax] puts t * k in the open interval (l, h); t > 0. */
static int multiple_between(i128 t, i128 l, i128 h, i128 kmin, i128 kmax) {
  i128 lo = floor_div(l, t) + 1, hi = ceil_div_any(h, t) - 1;
  return (lo > kmin ? lo : kmin) <= (hi < kmax ? hi : kmax);
}

/* Returns whether the bytes of `a` in some iteration and of `b` in some iteration (the same or
 * another of the `trip`) may meet. Exact for equal steps and for a step of 0 on one side (fft's
 * `c[(j*2*mj + k)*2]` against `d[...]` with d = c + 2*mj; sgefa's column `x[i]` against the
 * submatrix `y[i + j*n]`); otherwise whether the two hulls meet. */
static int footprints_meet(const footprint *a, const footprint *b, unsigned long long trip) {
  /* Meeting: a.p + a.t k < b.q + b.t k' and b.p + b.t k' < a.q + a.t k, that is
   * a.t k - b.t k' in (l, h). */
  i128 l = b->p - a->q, h = b->q - a->p, last = (i128)trip - 1;
  if (a->t == b->t) { /* t (k - k') with k - k' in [-last, last] */
    if (a->t == 0)
      return l < 0 && 0 < h;
    i128 t = a->t < 0 ? -a->t : a->t; /* the range of k - k' is symmetric */
    return multiple_between(t, l, h, -last, last);
  }
  if (b->t == 0)
    return a->t > 0 ? multiple_between(a->t, l, h, 0, last)
                    : multiple_between(-a->t, -h, -l, 0, last);
  if (a->t == 0) /* -b.t k' in (l, h) */
    return b->t > 0 ? multiple_between(b->t, -h, -l, 0, last)
                    : multiple_between(-b->t, l, h, 0, last);
  i128 ea, eb; /* the hulls: [p, q) moved by t * last */
  if (__builtin_mul_overflow(a->t, last, &ea) || __builtin_mul_overflow(b->t, last, &eb))
    return 1;
  i128 alo = a->p + (ea < 0 ? ea : 0), ahi = a->q + (ea > 0 ? ea : 0);
  i128 blo = b->p + (eb < 0 ? eb : 0), bhi = b->q + (eb > 0 ? eb : 0);
  return alo < bhi && blo < ahi;
}

/* Returns whether a write of array `a` or of array `b` may touch bytes the other touches, term
 * by term (a term's bytes over all iterations, not its hull: interleaved blocks of one
 * allocation pass). Guards and clamps are left out, which only adds bytes. */
static int terms_meet(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                      void *const *bases, int a, int b) {
  for (int ta = 0; ta < loop->nterms; ta++) {
    if (loop->terms[ta].array != a || spans[ta].empty)
      continue;
    footprint fa, fb;
    if (spans[ta].rows ||
        !term_footprint(&spans[ta], sp, bases[a], (i128)loop->arrays[a].elem_size, &fa))
      return 1;
    for (int tb = 0; tb < loop->nterms; tb++) {
      if (loop->terms[tb].array != b || spans[tb].empty ||
          !((loop->terms[ta].access | loop->terms[tb].access) & GPUPAR_WRITE))
        continue;
      if (spans[tb].rows ||
          !term_footprint(&spans[tb], sp, bases[b], (i128)loop->arrays[b].elem_size, &fb) ||
          footprints_meet(&fa, &fb, sp->trip))
        return 1;
    }
  }
  return 0;
}

/* The bytes [b0, b1) an array touches over the whole iteration space (b0 == b1: none), whether
 * they could be computed (byte_range), and whether the loop writes the array. */
typedef struct array_bytes {
  i128 b0, b1;
  int ok, writes;
} array_bytes;

/* Returns one array_bytes per array of `loop` (to be freed), or NULL when out of memory. */
static array_bytes *bytes_of(const gpupar_loop *loop, const gpupar_span *spans,
                             const gpupar__space *sp, void *const *bases) {
  array_bytes *ab = calloc(loop->narrays > 0 ? (size_t)loop->narrays : 1, sizeof *ab);
  for (int a = 0; ab && a < loop->narrays; a++)
    ab[a].ok =
        byte_range(loop, spans, sp, bases, a, &ab[a].b0, &ab[a].b1, &ab[a].writes) == GPUPAR_OK;
  return ab;
}

/* Returns whether two arrays' touched bytes overlap. */
static int bytes_overlap(const array_bytes *x, const array_bytes *y) {
  return x->ok && y->ok && x->b0 < x->b1 && y->b0 < y->b1 && x->b0 < y->b1 && y->b0 < x->b1;
}

int gpupar__check_alias(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        void *const *bases, int interleave, char *why, size_t len) {
  if (sp->trip == 0)
    return GPUPAR_OK;
  array_bytes *ab = bytes_of(loop, spans, sp, bases);
  if (!ab) {
    snprintf(why, len, "out of host memory");
    return GPUPAR_EINVAL;
  }
  int rc = GPUPAR_OK;
  for (int a = 0; a < loop->narrays && rc == GPUPAR_OK; a++)
    if (!ab[a].ok) {
      /* A null array the loop touches: the serial code either tests it (`if (w != NULL)`) or
       * fails the same way; a device copy of it would not be null. */
      if (bases[a] == NULL)
        snprintf(why, len, "'%s' is a null pointer", loop->arrays[a].name);
      else
        snprintf(why, len, "the elements of '%s' the loop touches are out of range",
                 loop->arrays[a].name);
      rc = GPUPAR_EINVAL;
    }
  for (int a = 0; a < loop->narrays && rc == GPUPAR_OK; a++)
    for (int b = 0; b < loop->narrays && ab[a].writes && rc == GPUPAR_OK; b++)
      if (b != a && bytes_overlap(&ab[a], &ab[b]) &&
          (!interleave || terms_meet(loop, spans, sp, bases, a, b))) {
        snprintf(why, len, "arrays '%s' and '%s' overlap", loop->arrays[a < b ? a : b].name,
                 loop->arrays[a < b ? b : a].name);
        rc = GPUPAR_EINVAL;
      }
  free(ab);
  return rc;
}

int gpupar__interleaved(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        void *const *bases, int *shares) {
  for (int a = 0; a < loop->narrays; a++)
    shares[a] = 0;
  if (sp->trip == 0)
    return GPUPAR_OK;
  array_bytes *ab = bytes_of(loop, spans, sp, bases);
  if (!ab)
    return GPUPAR_ENOMEM;
  for (int a = 0; a < loop->narrays; a++)
    for (int b = 0; b < loop->narrays && !shares[a]; b++)
      shares[a] = b != a && (ab[a].writes || ab[b].writes) && bytes_overlap(&ab[a], &ab[b]);
  free(ab);
  return GPUPAR_OK;
}
