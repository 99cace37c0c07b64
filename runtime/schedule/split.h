/* Weighted split of the iteration space [0, trip) into one chunk per device. */
#ifndef GPUPAR_RUNTIME_SPLIT_H
#define GPUPAR_RUNTIME_SPLIT_H

typedef struct gpupar__range {
  unsigned long long begin, end; /* [begin, end); empty when begin == end */
} gpupar__range;

/* Splits [0, trip) into `n` contiguous chunks `out[0..n)` (owned by the caller), in order, chunk
 * i getting trip * weights[i] / sum(weights) iterations rounded by largest remainder (ties go
 * to the lower index), so that the chunks cover [0, trip) exactly. `weights` may be NULL (all
 * equal); all-zero weights count as equal. Chunks may be empty. Exact for every trip < 2^64.
 * Returns GPUPAR_OK, or GPUPAR_EINVAL when n is not in 1..64. */
int gpupar__split(unsigned long long trip, int n, const unsigned *weights, gpupar__range *out);

#endif
