/* Pointer-to-pointer arrays: row alias check, packing and unpacking (see rows.h). */
#include "memory/rows.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpupar/gpupar.h"
#include "schedule/section.h"

typedef gpupar__i128 i128;

/* The columns read and written in each touched row of one array, rows [r0, r0 + n). */
typedef struct row_cols {
  long long r0, n;
  long long *rlo, *rhi, *wlo, *whi; /* lo > hi: none */
} row_cols;

/* One packed array. */
typedef struct packed {
  int array;
  size_t row_size;
  char *const *rows; /* the program's row pointers (indexed from 0) */
  row_cols rc;
  /* Element (row index r into rc, column c) at r * rstep + (c - c0) * cstep: row by row
   * (cstep 1), or column by column (rstep 1, cstep rc.n). */
  long long c0, rstep, cstep;
  char *buf;
} packed;

struct gpupar__rows_pack {
  gpupar_loop loop;
  gpupar_call call;
  gpupar_array_desc *arrays;
  gpupar_span *spans;
  void **bases;
  void **scalars;
  gpupar_rows_layout *layouts;
  packed *p;
  int np;
};

static void row_cols_free(row_cols *rc) {
  free(rc->rlo);
  free(rc->rhi);
  free(rc->wlo);
  free(rc->whi);
  memset(rc, 0, sizeof *rc);
}

static void widen(long long *lo, long long *hi, long long a, long long b) {
  if (*lo > *hi) {
    *lo = a;
    *hi = b;
    return;
  }
  if (a < *lo)
    *lo = a;
  if (b > *hi)
    *hi = b;
}

/* Sets [*lo, *hi] to the columns term `s` touches in the iterations whose loop variable lies
 * between v0 and v1 (col_coef * v + [col_lo, col_hi]). Returns GPUPAR_OK or GPUPAR_EINVAL on
 * overflow. */
static int cols_between(const gpupar_span *s, i128 v0, i128 v1, long long *lo, long long *hi) {
  i128 a = (i128)s->col_coef * v0, b = (i128)s->col_coef * v1; /* |v| < 2^64: no overflow */
  i128 l = (a < b ? a : b) + s->col_lo, h = (a < b ? b : a) + s->col_hi;
  if (l < INT64_MIN || h > INT64_MAX)
    return GPUPAR_EINVAL;
  *lo = (long long)l;
  *hi = (long long)h;
  return GPUPAR_OK;
}

/* Widens the columns of rows h (indices into rc) by [lo, hi] for reads and/or writes. */
static void widen_rows(row_cols *rc, const gpupar__hull *h, int rd, int wr, long long lo,
                       long long hi) {
  for (long long r = h->lo - rc->r0; r <= h->hi - rc->r0; r++) {
    if (rd)
      widen(&rc->rlo[r], &rc->rhi[r], lo, hi);
    if (wr)
      widen(&rc->wlo[r], &rc->whi[r], lo, hi);
  }
}

/* Fills `rc` with the columns each row of array `a` has touched over the whole space, visiting
 * every iteration (the rows a term touches need not be contiguous: `a[2*i]`). A term whose rows
 * do not move with the loop variable gives every row of its range the columns of all
 * iterations at once. Returns GPUPAR_OK, GPUPAR_ENOMEM or GPUPAR_EINVAL (overflow, or a term
 * without columns). */
static int collect(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                   int a, row_cols *rc) {
  memset(rc, 0, sizeof *rc);
  gpupar__hull rh, wh;
  if (gpupar__array_hulls(loop, spans, sp, a, 0, sp->trip, &rh, &wh) != GPUPAR_OK)
    return GPUPAR_EINVAL;
  gpupar__hull_add(&rh, &wh);
  if (rh.empty)
    return GPUPAR_OK;
  i128 n = (i128)rh.hi - rh.lo + 1;
  if (n > (i128)1 << 40)
    return GPUPAR_EINVAL;
  rc->r0 = rh.lo;
  rc->n = (long long)n;
  size_t bytes = (size_t)rc->n * sizeof(long long);
  rc->rlo = malloc(bytes);
  rc->rhi = malloc(bytes);
  rc->wlo = malloc(bytes);
  rc->whi = malloc(bytes);
  if (!rc->rlo || !rc->rhi || !rc->wlo || !rc->whi) {
    row_cols_free(rc);
    return GPUPAR_ENOMEM;
  }
  for (long long r = 0; r < rc->n; r++) {
    rc->rlo[r] = rc->wlo[r] = 0;
    rc->rhi[r] = rc->whi[r] = -1;
  }
  for (int t = 0; t < loop->nterms; t++) {
    const gpupar_span *s = &spans[t];
    if (loop->terms[t].array != a || s->empty)
      continue;
    if (!s->rows || s->col_lo > s->col_hi) {
      row_cols_free(rc);
      return GPUPAR_EINVAL;
    }
    int rd = loop->terms[t].access & GPUPAR_READ, wr = loop->terms[t].access & GPUPAR_WRITE;
    long long lo = s->col_lo, hi = s->col_hi;
    gpupar__hull h;
    if (s->coef == 0 && !s->guarded) { /* the same rows in every iteration */
      if (gpupar__term_interval(sp, s, 0, sp->trip, &h) != GPUPAR_OK ||
          cols_between(s, gpupar__space_value(sp, 0), gpupar__space_value(sp, sp->trip - 1), &lo,
                       &hi) != GPUPAR_OK) {
        row_cols_free(rc);
        return GPUPAR_EINVAL;
      }
      if (!h.empty)
        widen_rows(rc, &h, rd, wr, lo, hi);
      continue;
    }
    for (unsigned long long k = 0; k < sp->trip; k++) {
      i128 v = gpupar__space_value(sp, k);
      if (gpupar__term_interval(sp, s, k, k + 1, &h) != GPUPAR_OK ||
          cols_between(s, v, v, &lo, &hi) != GPUPAR_OK) {
        row_cols_free(rc);
        return GPUPAR_EINVAL;
      }
      if (!h.empty)
        widen_rows(rc, &h, rd, wr, lo, hi);
    }
  }
  return GPUPAR_OK;
}

static int row_index(const gpupar_loop *loop, int a) {
  for (int i = 0; i < loop->nrows; i++)
    if (loop->rows[i].array == a)
      return i;
  return -1;
}

/* --- Alias check ------------------------------------------------------------------------ */

typedef struct interval {
  i128 b0, b1; /* bytes [b0, b1) */
  int write;
  int array;
  long long row; /* -1: an array's section; SCALAR_ROW: reduction `array`'s variable */
} interval;

#define SCALAR_ROW (-2)

static int by_start(const void *x, const void *y) {
  const interval *a = x, *b = y;
  return a->b0 < b->b0 ? -1 : a->b0 > b->b0;
}

typedef struct ivec {
  interval *v;
  size_t n, cap;
} ivec;

static int ivec_push(ivec *iv, interval it) {
  if (iv->n == iv->cap) {
    size_t want = iv->cap ? 2 * iv->cap : 64;
    interval *g = realloc(iv->v, want * sizeof *g);
    if (!g)
      return GPUPAR_ENOMEM;
    iv->v = g;
    iv->cap = want;
  }
  iv->v[iv->n++] = it;
  return GPUPAR_OK;
}

/* Adds the touched bytes of each row of pointer-to-pointer array `a`. */
static int add_rows(const gpupar_loop *loop, const gpupar_call *call, const gpupar__space *sp,
                    int a, size_t row_size, ivec *iv) {
  row_cols rc;
  int st = collect(loop, call->spans, sp, a, &rc);
  if (st != GPUPAR_OK)
    return st;
  char *const *rows = call->arrays[a];
  for (long long r = 0; r < rc.n && st == GPUPAR_OK; r++) {
    long long lo = rc.rlo[r], hi = rc.rhi[r];
    int w = rc.wlo[r] <= rc.whi[r];
    if (w)
      widen(&lo, &hi, rc.wlo[r], rc.whi[r]);
    if (lo > hi)
      continue;
    char *row = rows[rc.r0 + r];
    i128 b0 = (i128)(uintptr_t)row + (i128)lo * (i128)row_size;
    i128 b1 = (i128)(uintptr_t)row + ((i128)hi + 1) * (i128)row_size;
    if (!row || b0 < 0 || b1 > (i128)UINTPTR_MAX)
      st = GPUPAR_EINVAL;
    else
      st = ivec_push(iv, (interval){b0, b1, w, a, rc.r0 + r});
  }
  row_cols_free(&rc);
  return st;
}

/* The furthest end of the intervals swept so far, and of the written ones, with which interval
 * reaches it. */
typedef struct reach {
  i128 end_all, end_w;
  size_t who_all, who_w;
} reach;

static void reach_add(reach *r, const interval *c, size_t i) {
  if (c->b1 > r->end_all) {
    r->end_all = c->b1;
    r->who_all = i;
  }
  if (c->write && c->b1 > r->end_w) {
    r->end_w = c->b1;
    r->who_w = i;
  }
}

int gpupar__rows_check(const gpupar_loop *loop, const gpupar_call *call, const gpupar__space *sp,
                       char *why, size_t len) {
  if (loop->nrows <= 0 || !loop->rows || sp->trip == 0)
    return GPUPAR_OK;
  ivec iv = {0};
  int st = GPUPAR_OK;
  for (int a = 0; a < loop->narrays && st == GPUPAR_OK; a++) {
    int ri = row_index(loop, a);
    if (ri >= 0) {
      st = add_rows(loop, call, sp, a, loop->rows[ri].row_size, &iv);
      continue;
    }
    gpupar__hull r, w; /* flat arrays: their whole section (check_alias checked the bases) */
    if (gpupar__array_hulls(loop, call->spans, sp, a, 0, sp->trip, &r, &w) != GPUPAR_OK) {
      st = GPUPAR_EINVAL;
      break;
    }
    int wr = !w.empty;
    gpupar__hull_add(&r, &w);
    if (r.empty)
      continue;
    i128 es = (i128)loop->arrays[a].elem_size, base = (i128)(uintptr_t)call->arrays[a];
    st =
        ivec_push(&iv, (interval){base + (i128)r.lo * es, base + ((i128)r.hi + 1) * es, wr, a, -1});
  }
  /* The scalars the loop reduces or keeps the last value of: written, on each device a copy. */
  for (int r = 0; r < loop->nreductions && st == GPUPAR_OK && call->reductions; r++) {
    const gpupar_reduction_desc *d = &loop->reductions[r];
    i128 v0 = (i128)(uintptr_t)call->reductions[r];
    if (!d->is_array && v0 != 0)
      st = ivec_push(&iv, (interval){v0, v0 + (i128)d->size, 1, r, SCALAR_ROW});
  }
  if (st != GPUPAR_OK) {
    free(iv.v);
    snprintf(why, len,
             st == GPUPAR_ENOMEM ? "out of host memory checking rows"
                                 : "the rows the loop touches are out of range");
    return GPUPAR_EINVAL;
  }
  qsort(iv.v, iv.n, sizeof *iv.v, by_start);
  /* Sorted by start: an interval overlaps an earlier one iff it starts before the earlier
   * ones' furthest end; a conflict needs a write on one side. Two flat arrays are
   * gpupar__check_alias's to judge (interleaved ones may share a range), so a flat interval is
   * held against the rows and scalars alone. */
  reach any = {0}, rows_only = {0};
  for (size_t i = 0; i < iv.n && st == GPUPAR_OK; i++) {
    const interval *c = &iv.v[i];
    const reach *r = c->row == -1 ? &rows_only : &any;
    size_t other = SIZE_MAX;
    if (i > 0 && c->write && r->end_all > 0 && c->b0 < r->end_all)
      other = r->who_all;
    else if (i > 0 && !c->write && r->end_w > 0 && c->b0 < r->end_w)
      other = r->who_w;
    if (other != SIZE_MAX) {
      const interval *o = &iv.v[other];
      if (o->row == SCALAR_ROW || c->row == SCALAR_ROW) {
        const interval *v = o->row == SCALAR_ROW ? o : c, *m = v == o ? c : o;
        snprintf(why, len, "'%s' lies in the elements of '%s' the loop touches",
                 loop->reductions[v->array].name, loop->arrays[m->array].name);
      } else if (o->row >= 0 && c->row >= 0)
        snprintf(why, len, "row %lld of '%s' and row %lld of '%s' share memory", o->row,
                 loop->arrays[o->array].name, c->row, loop->arrays[c->array].name);
      else
        snprintf(why, len, "a row of '%s' overlaps '%s'",
                 loop->arrays[o->row >= 0 ? o->array : c->array].name,
                 loop->arrays[o->row >= 0 ? c->array : o->array].name);
      st = GPUPAR_EINVAL;
      break;
    }
    reach_add(&any, c, i);
    if (c->row != -1)
      reach_add(&rows_only, c, i);
  }
  free(iv.v);
  return st;
}

/* --- Packing ---------------------------------------------------------------------------- */

void gpupar__rows_pack_free(gpupar__rows_pack *pack) {
  if (!pack)
    return;
  for (int i = 0; i < pack->np; i++) {
    free(pack->p[i].buf);
    row_cols_free(&pack->p[i].rc);
  }
  free(pack->p);
  free(pack->arrays);
  free(pack->spans);
  free(pack->bases);
  free(pack->scalars);
  free(pack->layouts);
  free(pack);
}

/* Returns the offset in bytes of element (row index r into p->rc, column c) in p->buf. */
static size_t at(const packed *p, long long r, long long c) {
  return ((size_t)r * (size_t)p->rstep + (size_t)(c - p->c0) * (size_t)p->cstep) * p->row_size;
}

/* Copies columns [lo, hi] of row index r between the program's row and p->buf (to_buf: into
 * the buffer). Row by row one memcpy; column by column one element at a time. */
static void copy_cols(const packed *p, long long r, long long lo, long long hi, int to_buf) {
  char *row = p->rows[p->rc.r0 + r] + (size_t)lo * p->row_size;
  if (p->cstep == 1) {
    size_t n = (size_t)(hi - lo + 1) * p->row_size;
    if (to_buf)
      memcpy(p->buf + at(p, r, lo), row, n);
    else
      memcpy(row, p->buf + at(p, r, lo), n);
    return;
  }
  size_t step = (size_t)p->cstep * p->row_size, es = p->row_size;
  char *b = p->buf + at(p, r, lo);
  for (long long c = lo; c <= hi; c++, row += es, b += step)
    memcpy(to_buf ? b : row, to_buf ? row : b, es);
}

/* Returns whether a term of array `a` has a column that moves with the loop variable over rows
 * that do not (`w[k][j]` in a loop over j). */
static int moving_column(const gpupar_loop *loop, const gpupar_span *spans, int a) {
  for (int t = 0; t < loop->nterms; t++)
    if (loop->terms[t].array == a && !spans[t].empty && spans[t].col_coef != 0 &&
        spans[t].coef == 0)
      return 1;
  return 0;
}

/* The width of rows packed with shear s: row r's columns [lo - s * r, hi - s * r]. Sets *cmin
 * to the first such column; returns 0 on overflow or for no touched column. */
static i128 sheared_width(const row_cols *rc, long long s, i128 *cmin) {
  i128 lo = 0, hi = -1;
  int any = 0;
  for (long long r = 0; r < rc->n; r++) {
    long long a = 0, b = -1;
    if (rc->rlo[r] <= rc->rhi[r])
      widen(&a, &b, rc->rlo[r], rc->rhi[r]);
    if (rc->wlo[r] <= rc->whi[r])
      widen(&a, &b, rc->wlo[r], rc->whi[r]);
    if (a > b)
      continue;
    i128 d = (i128)s * (rc->r0 + r), l = a - d, h = b - d;
    if (!any || l < lo)
      lo = l;
    if (!any || h > hi)
      hi = h;
    any = 1;
  }
  *cmin = lo;
  return any ? hi - lo + 1 : 0;
}

/* Row by row, the rows may be sheared: row r's columns start s * r later, so that a band that
 * moves with the row (`a[i][i]`, `a[i][i - 1 .. i + 1]`) packs into a few columns per row
 * instead of the width of all of them. The candidates are 0 and the ratio col_coef / coef of
 * each term whose row and column both move; the narrowest wins (0 on a tie). Sets the
 * row step and c0 of `p` and returns the packed width, or 0 on overflow. */
static i128 row_layout(const gpupar_loop *loop, const gpupar_span *spans, int a, packed *p) {
  i128 best_cmin, best = sheared_width(&p->rc, 0, &best_cmin);
  long long best_s = 0;
  for (int t = 0; t < loop->nterms; t++) {
    const gpupar_span *sp = &spans[t];
    if (loop->terms[t].array != a || sp->empty || sp->coef == 0 || sp->col_coef == 0 ||
        (sp->coef == -1 && sp->col_coef == LLONG_MIN) || sp->col_coef % sp->coef != 0)
      continue;
    long long sh = sp->col_coef / sp->coef;
    if (sh > (1LL << 40) || sh < -(1LL << 40))
      continue;
    i128 cmin, w = sheared_width(&p->rc, sh, &cmin);
    if (w > 0 && w < best) {
      best = w;
      best_cmin = cmin;
      best_s = sh;
    }
  }
  /* Row r at r * (width - s): at least 1, since a row step of 0 marks host rows (kernel.h). */
  if (best - best_s < 1)
    best = (i128)best_s + 1;
  i128 c0 = (i128)best_s * p->rc.r0 + best_cmin;
  if (best <= 0 || c0 > INT64_MAX || c0 < INT64_MIN || best - best_s > INT64_MAX)
    return 0;
  p->c0 = (long long)c0;
  p->rstep = (long long)(best - best_s);
  p->cstep = 1;
  return best;
}

/* Packs array `a` (rows descriptor `d`) into `p`, rewriting its spans in `pack`. Row by row
 * (row_layout), or column by column when a column moves with the loop variable over rows that
 * do not: then the columns of a chunk of iterations are one contiguous piece of the buffer,
 * which the device path copies to and from each device like a section of a flat array, so
 * devices that write different columns of the same rows never copy back each other's columns. */
static int pack_one(gpupar__rows_pack *pack, const gpupar_loop *loop, const gpupar_call *call,
                    const gpupar__space *sp, const gpupar_rows_desc *d, packed *p) {
  int a = d->array;
  p->array = a;
  p->row_size = d->row_size;
  p->rows = call->arrays[a];
  int st = collect(loop, call->spans, sp, a, &p->rc);
  if (st != GPUPAR_OK || p->rc.n == 0)
    return st;
  i128 width, c0;
  if (moving_column(loop, call->spans, a)) {
    if ((width = sheared_width(&p->rc, 0, &c0)) == 0)
      return GPUPAR_EINVAL;
    p->c0 = (long long)c0; /* a touched column */
    p->rstep = 1;
    p->cstep = p->rc.n;
  } else if ((width = row_layout(loop, call->spans, a, p)) == 0) {
    return GPUPAR_EINVAL;
  }
  /* Element (r, c) at r * rstep + c * cstep - shift. */
  i128 rstep = p->rstep, cstep = p->cstep, elems, bytes, shift;
  if (__builtin_mul_overflow((i128)p->rc.n, width, &elems) ||
      __builtin_mul_overflow(elems, (i128)d->row_size, &bytes) || bytes > (i128)SIZE_MAX / 2 ||
      __builtin_mul_overflow((i128)p->rc.r0, rstep, &shift) ||
      __builtin_add_overflow(shift, (i128)p->c0 * cstep, &shift) || shift > INT64_MAX ||
      shift < INT64_MIN)
    return GPUPAR_EINVAL;
  p->buf = malloc((size_t)bytes ? (size_t)bytes : 1);
  if (!p->buf)
    return GPUPAR_ENOMEM;
  /* Every touched column of every touched row: between two touched columns of a row lies only
   * that row's memory. Written-only columns are copied too: a conditional write leaves them as
   * they were, and the copy-back brings back what is there. */
  for (long long r = 0; r < p->rc.n; r++) {
    long long lo = p->rc.rlo[r], hi = p->rc.rhi[r];
    if (p->rc.wlo[r] <= p->rc.whi[r])
      widen(&lo, &hi, p->rc.wlo[r], p->rc.whi[r]);
    if (lo <= hi)
      copy_cols(p, r, lo, hi, 1);
  }
  /* Term (rows coef * i + [off_lo, off_hi], columns col_coef * i + [col_lo, col_hi]) touches
   * flat elements (coef * rstep + col_coef * cstep) * i + [lo, hi] (rstep, cstep > 0). */
  for (int t = 0; t < loop->nterms; t++) {
    gpupar_span *s = &pack->spans[t];
    if (loop->terms[t].array != a || s->empty)
      continue;
    i128 coef = (i128)s->coef * rstep + (i128)s->col_coef * cstep,
         lo = ((i128)s->off_lo - p->rc.r0) * rstep + ((i128)s->col_lo - p->c0) * cstep,
         hi = ((i128)s->off_hi - p->rc.r0) * rstep + ((i128)s->col_hi - p->c0) * cstep;
    if (coef > INT64_MAX || coef < INT64_MIN || lo > INT64_MAX || lo < INT64_MIN ||
        hi > INT64_MAX || hi < INT64_MIN)
      return GPUPAR_EINVAL;
    s->coef = (long long)coef;
    s->off_lo = (long long)lo;
    s->off_hi = (long long)hi;
    s->rows = 0;
    s->col_coef = 0;
  }
  pack->arrays[a].elem_size = d->row_size;
  pack->bases[a] = p->buf;
  gpupar_rows_layout *lay = &pack->layouts[d->scalar];
  lay->pitch = (long long)rstep;
  lay->stride = (long long)cstep;
  lay->shift = (long long)shift;
  pack->scalars[d->scalar] = lay;
  return GPUPAR_OK;
}

int gpupar__rows_pack_new(const gpupar_loop *loop, gpupar_call *call, const gpupar__space *sp,
                          gpupar__rows_pack **out, const gpupar_loop **ploop, gpupar_call **pcall,
                          char *why, size_t len) {
  *out = NULL;
  *ploop = loop;
  *pcall = call;
  if (loop->nrows <= 0 || !loop->rows)
    return GPUPAR_OK;
  gpupar__rows_pack *pack = calloc(1, sizeof *pack);
  int na = loop->narrays, nt = loop->nterms, ns = loop->nscalars;
  if (!pack)
    return GPUPAR_ENOMEM;
  pack->arrays = malloc(((size_t)na + 1) * sizeof *pack->arrays);
  pack->spans = malloc(((size_t)nt + 1) * sizeof *pack->spans);
  pack->bases = malloc(((size_t)na + 1) * sizeof *pack->bases);
  pack->scalars = malloc(((size_t)ns + 1) * sizeof *pack->scalars);
  pack->layouts = calloc((size_t)ns + 1, sizeof *pack->layouts);
  pack->p = calloc((size_t)loop->nrows, sizeof *pack->p);
  if (!pack->arrays || !pack->spans || !pack->bases || !pack->scalars || !pack->layouts ||
      !pack->p) {
    gpupar__rows_pack_free(pack);
    return GPUPAR_ENOMEM;
  }
  memcpy(pack->arrays, loop->arrays, (size_t)na * sizeof *pack->arrays);
  memcpy(pack->spans, call->spans, (size_t)nt * sizeof *pack->spans);
  memcpy(pack->bases, call->arrays, (size_t)na * sizeof *pack->bases);
  memcpy(pack->scalars, call->scalars, (size_t)ns * sizeof *pack->scalars);
  int st = GPUPAR_OK;
  for (int i = 0; i < loop->nrows && st == GPUPAR_OK; i++) {
    const gpupar_rows_desc *d = &loop->rows[i];
    if (d->array < 0 || d->array >= na || d->scalar < 0 || d->scalar >= ns || d->row_size == 0) {
      st = GPUPAR_EINVAL;
      break;
    }
    st = pack_one(pack, loop, call, sp, d, &pack->p[i]);
    pack->np = i + 1;
  }
  if (st != GPUPAR_OK) {
    snprintf(why, len,
             st == GPUPAR_ENOMEM ? "out of host memory packing rows"
                                 : "the rows the loop touches are out of range");
    gpupar__rows_pack_free(pack);
    return st;
  }
  pack->loop = *loop;
  pack->loop.arrays = pack->arrays;
  pack->call = *call;
  pack->call.arrays = pack->bases;
  pack->call.scalars = pack->scalars;
  pack->call.spans = pack->spans;
  *out = pack;
  *ploop = &pack->loop;
  *pcall = &pack->call;
  return GPUPAR_OK;
}

void gpupar__rows_unpack(const gpupar__rows_pack *pack) {
  if (!pack)
    return;
  for (int i = 0; i < pack->np; i++) {
    const packed *p = &pack->p[i];
    if (!p->buf)
      continue;
    for (long long r = 0; r < p->rc.n; r++)
      if (p->rc.wlo[r] <= p->rc.whi[r])
        copy_cols(p, r, p->rc.wlo[r], p->rc.whi[r], 0);
  }
}
