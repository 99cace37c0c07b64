/* Sections: which elements of each array a chunk of iterations touches, and the checks that
 * decide whether a loop may be split across devices at all. All arithmetic is 128-bit and
 * checked: any overflow makes the loop stay on the host. */
#ifndef GPUPAR_RUNTIME_SECTION_H
#define GPUPAR_RUNTIME_SECTION_H

#include <stddef.h>
#include <stdint.h>

#include "gpupar/loop.h"
#include "schedule/space.h"

/* Returns whether array `a` of `loop` is written at run-time indices (GPUPAR_SCATTER): its write
 * terms cover its whole section in every iteration, and each device's changes are merged. */
static inline int gpupar__scatter(const gpupar_loop *loop, int a) {
  return (loop->arrays[a].access & GPUPAR_SCATTER) != 0;
}

/* Returns whether `loop` has an array written at run-time indices. */
static inline int gpupar__has_scatter(const gpupar_loop *loop) {
  for (int a = 0; a < loop->narrays; a++)
    if (gpupar__scatter(loop, a))
      return 1;
  return 0;
}

/* An inclusive interval of element indices; `empty` when it holds none. */
typedef struct gpupar__hull {
  long long lo, hi;
  int empty;
} gpupar__hull;

/* Sets `*out` to the element indices term `span` touches over iterations [kb, ke) of `sp`
 * (empty when kb >= ke or the span is empty). Returns GPUPAR_OK or GPUPAR_EINVAL on overflow. */
int gpupar__term_interval(const gpupar__space *sp, const gpupar_span *span, unsigned long long kb,
                          unsigned long long ke, gpupar__hull *out);

/* For each term of `call` that may not touch all of its hull (not exact, not a row-pointer
 * term) whose array's base pointer lies in a noted heap block: sets the span's clamp to the
 * block's elements (gpupar_span.clamped), which gpupar__term_interval then never leaves. Host
 * files older than 0.4.1 have no clamp fields and are left alone. */
void gpupar__clamp_to_blocks(const gpupar_loop *loop, gpupar_call *call);

/* Grows `*hull` to cover `*add`. */
void gpupar__hull_add(gpupar__hull *hull, const gpupar__hull *add);

/* Returns whether hulls `a` and `b` share an index. */
int gpupar__hull_overlap(const gpupar__hull *a, const gpupar__hull *b);

/* Sets `*read` and `*write` to the union of the read and write terms of array `array` of `loop`
 * over iterations [kb, ke) (a term with both access bits counts for both). Returns GPUPAR_OK or
 * GPUPAR_EINVAL on overflow. */
int gpupar__array_hulls(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        int array, unsigned long long kb, unsigned long long ke, gpupar__hull *read,
                        gpupar__hull *write);

/* Returns 1 when the writes to array `array` cover their hull of every chunk completely, so the
 * hull needs no copy-in: the array has a write term, every write term is exact, all write terms
 * are the same, and consecutive iterations abut (|coef * step| == off_hi - off_lo + 1). Never
 * for a scatter array (GPUPAR_SCATTER). */
int gpupar__array_dense(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        int array);

/* Rows narrower than this (bytes) are not copied out one by one: a DMA per row of a few bytes
 * costs more than the whole hull in and out. */
#define GPUPAR__WRITTEN_ROW_MIN_BYTES 512

/* Returns 1 when the writes to array `array` cover whole rows of every chunk with gaps between
 * them, and sets `*width` and `*pitch` (elements): as gpupar__array_dense, but consecutive
 * iterations' rows lie |coef * step| > width apart (jacobi's out[i*n + j], j in [1, n-2]), and
 * each row is at least GPUPAR__WRITTEN_ROW_MIN_BYTES. Such an array needs no copy-in: the
 * copy-out takes the rows alone (one 2-D copy), never the elements between them. Never for a
 * scatter or pointer-to-pointer array. */
int gpupar__array_written_rows(const gpupar_loop *loop, const gpupar_span *spans,
                               const gpupar__space *sp, int array, long long *width,
                               long long *pitch);

/* Checks that no write term touches the same element in two iterations
 * (off_hi - off_lo < |coef * step|, and coef * step != 0 when trip > 1; for a term of a
 * pointer-to-pointer array it is enough that its columns do not meet:
 * col_hi - col_lo < |col_coef * step|); the write terms of a scatter array (GPUPAR_SCATTER) are
 * exempt. Returns GPUPAR_OK, or GPUPAR_EINVAL with a reason
 * in `why` (`len` bytes). */
int gpupar__check_writes(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                         char *why, size_t len);

/* Checks that no scalar the loop reduces or keeps the last value of (a global or a local whose
 * address the program took), and no array section it reduces (`h[0:256]`, whose pointer another
 * array of the loop may alias), lies in the bytes an array touches over the whole iteration
 * space, and that no two of them share memory: the devices would update their own copies. Rows of
 * pointer-to-pointer arrays are checked by gpupar__rows_check. Returns GPUPAR_OK or GPUPAR_EINVAL
 * with a reason in `why`. */
int gpupar__check_scalar_alias(const gpupar_loop *loop, const gpupar_call *call,
                               const gpupar__space *sp, char *why, size_t len);

/* Checks that the bytes each written array touches over the whole iteration space overlap no
 * other array's bytes, and that every touched byte lies in the address space. `bases` are the
 * host base pointers. With `interleave`, arrays whose ranges overlap pass when no term of one
 * meets a term of the other in any pair of iterations, one of them a write (fft's c = &y[0] and
 * d = &y[2*mj], written in interleaved blocks): the caller must then keep each array's copies
 * and write-backs to its own elements (gpupar__interleaved). Returns GPUPAR_OK or GPUPAR_EINVAL
 * with a reason in `why`. */
int gpupar__check_alias(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        void *const *bases, int interleave, char *why, size_t len);

/* Sets shares[a], for each array, to whether the bytes it touches over the whole iteration space
 * overlap those of another array, one of the two written: interleaved arrays that
 * gpupar__check_alias passed. Returns GPUPAR_OK, or GPUPAR_ENOMEM. */
int gpupar__interleaved(const gpupar_loop *loop, const gpupar_span *spans, const gpupar__space *sp,
                        void *const *bases, int *shares);

#endif
