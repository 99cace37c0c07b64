/* Largest-remainder split of [0, trip) (128-bit products, so exact for every 64-bit trip). */
#include "schedule/split.h"

#include "config.h"
#include "gpupar/gpupar.h"

__extension__ typedef unsigned __int128 u128;

int gpupar__split(unsigned long long trip, int n, const unsigned *weights, gpupar__range *out) {
  if (n < 1 || n > GPUPAR__MAX_DEVICES || !out)
    return GPUPAR_EINVAL;
  unsigned w[GPUPAR__MAX_DEVICES];
  unsigned long long total = 0;
  for (int i = 0; i < n; i++) {
    w[i] = weights ? weights[i] : 1u;
    total += w[i];
  }
  if (total == 0) {
    for (int i = 0; i < n; i++)
      w[i] = 1u;
    total = (unsigned long long)n;
  }
  unsigned long long size[GPUPAR__MAX_DEVICES], rem[GPUPAR__MAX_DEVICES], given = 0;
  for (int i = 0; i < n; i++) {
    u128 p = (u128)trip * w[i];
    size[i] = (unsigned long long)(p / total);
    rem[i] = (unsigned long long)(p % total);
    given += size[i];
  }
  /* The remainders add up to total * (trip - given), each below total: fewer than n left over. */
  for (unsigned long long left = trip - given; left > 0; left--) {
    int best = -1;
    for (int i = 0; i < n; i++)
      if (rem[i] > 0 && (best < 0 || rem[i] > rem[best]))
        best = i;
    size[best]++;
    rem[best] = 0;
  }
  unsigned long long at = 0;
  for (int i = 0; i < n; i++) {
    out[i].begin = at;
    at += size[i];
    out[i].end = at;
  }
  return GPUPAR_OK;
}
