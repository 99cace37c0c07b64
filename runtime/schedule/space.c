/* Trip counts with exact 128-bit arithmetic. */
#include "schedule/space.h"

#include <limits.h>
#include <stdio.h>

#include "gpupar/gpupar.h"

typedef gpupar__i128 i128;

static int fail(char *why, size_t len, const char *text) {
  snprintf(why, len, "%s", text);
  return GPUPAR_EINVAL;
}

/* Returns the narrowest width among 8, 16, 32, 64 bits whose unsigned range holds v. */
static int unsigned_width(i128 v) {
  for (int bits = 8; bits < 64; bits *= 2)
    if (v < ((i128)1 << bits))
      return bits;
  return 64;
}

static i128 ceil_div(i128 a, i128 b) { return (a + b - 1) / b; } /* a >= 0, b > 0 */

int gpupar__space_init(gpupar__space *sp, long long lo, long long hi, long long step, int cond,
                       int is_unsigned, char *why, size_t len) {
  i128 L = is_unsigned ? (i128)(unsigned long long)lo : (i128)lo;
  i128 H = is_unsigned ? (i128)(unsigned long long)hi : (i128)hi;
  i128 S = step, trip;
  int runs; /* the condition holds for i = lo */
  switch (cond) {
  case GPUPAR_LT:
    runs = L < H;
    trip = runs && S > 0 ? ceil_div(H - L, S) : 0;
    break;
  case GPUPAR_LE:
    runs = L <= H;
    trip = runs && S > 0 ? (H - L) / S + 1 : 0;
    break;
  case GPUPAR_GT:
    runs = L > H;
    trip = runs && S < 0 ? ceil_div(L - H, -S) : 0;
    break;
  case GPUPAR_GE:
    runs = L >= H;
    trip = runs && S < 0 ? (L - H) / -S + 1 : 0;
    break;
  case GPUPAR_NE:
    runs = L != H;
    if (runs && S != 0) {
      if ((H - L) % S != 0)
        return fail(why, len, "the distance to the '!=' bound is not a multiple of the step");
      trip = (H - L) / S;
      if (trip < 0)
        return fail(why, len, "the step moves away from the '!=' bound");
    } else {
      trip = 0;
    }
    break;
  default:
    return fail(why, len, "unknown loop condition");
  }
  if (runs && S == 0)
    return fail(why, len, "the step is 0");
  if (runs && trip == 0 && cond != GPUPAR_NE)
    return fail(why, len, "the step moves away from the bound");
  i128 final = L + trip * S;
  if (is_unsigned) {
    int bits = unsigned_width(L > H ? L : H);
    if (final < 0 || (bits < 64 ? final >= ((i128)1 << bits) : final > (i128)~0ULL))
      return fail(why, len, "the unsigned loop variable may wrap around");
  } else if (final < (i128)(-0x7fffffffffffffffLL - 1) || final > (i128)0x7fffffffffffffffLL) {
    return fail(why, len, "the loop variable overflows 64 bits");
  }
  sp->first = L;
  sp->step = step;
  sp->trip = (unsigned long long)trip;
  sp->last = (long long)(unsigned long long) final;
  return GPUPAR_OK;
}

long long gpupar_trip_count(long long lo, long long hi, long long step, int cond, int is_unsigned) {
  gpupar__space sp;
  char why[8];
  if (gpupar__space_init(&sp, lo, hi, step, cond, is_unsigned, why, sizeof why) != GPUPAR_OK ||
      sp.trip > (unsigned long long)LLONG_MAX)
    return -1;
  return (long long)sp.trip;
}
