/* The iteration space of `for (i = lo; i OP hi; i += step)`: trip count and final value. */
#ifndef GPUPAR_RUNTIME_SPACE_H
#define GPUPAR_RUNTIME_SPACE_H

#include <stddef.h>

__extension__ typedef __int128 gpupar__i128;

typedef struct gpupar__space {
  gpupar__i128 first;      /* exact value of the loop variable at iteration 0 */
  long long step;          /* added per iteration */
  unsigned long long trip; /* number of iterations */
  long long last;          /* loop variable after the loop (lo + trip * step), as stored */
} gpupar__space;

/* Computes the iteration space of `for (i = lo; i OP hi; i += step)` with OP = `cond`
 * (gpupar_cond); lo and hi are compared unsigned when `is_unsigned`. Returns GPUPAR_OK, or
 * GPUPAR_EINVAL with a reason in `why` (`len` bytes, owned by the caller) when the loop must
 * stay on the host: step 0; a step of the wrong sign for a loop that runs at least once; `!=`
 * whose distance is not a multiple of the step; a final value that does not fit 64 bits; an
 * unsigned loop whose final value does not fit the narrowest of 8/16/32/64 bits holding lo and
 * hi (it may wrap around in a narrow type). */
int gpupar__space_init(gpupar__space *sp, long long lo, long long hi, long long step, int cond,
                       int is_unsigned, char *why, size_t len);

/* Returns the exact loop variable value of iteration `k` (k < trip). */
static inline gpupar__i128 gpupar__space_value(const gpupar__space *sp, unsigned long long k) {
  return sp->first + (gpupar__i128)k * sp->step;
}

#endif
