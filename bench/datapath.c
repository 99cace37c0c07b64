/* datapath: what the runtime's data path does per call of saxpy, in place (y = a*x + y: y is
 * read and written) and out of place (z = a*x + y: z only written), from the runtime's own
 * counters (gpupar_counters_get): bytes through host memcpy, device copies, syncs, launches.
 * Built with gpuparcc only (it calls the gpupar API); bench/datapath.sh runs it on emu:2 and on
 * the CUDA simulator with 2 GPUs and writes the table.
 *   datapath [N] [CALLS] [--check] [--check-memcpy]
 * Prints one line per call. --check exits 1 unless the last call of each loop has one copy per
 * array section per sub-chunk (x in, y in, and y or z out) and one launch per sub-chunk;
 * --check-memcpy adds the memcpy targets of docs/performance.md ("Counters"): none out of
 * place, only y's write-back in place. Results are always checked against the serial
 * computation. */
#include <gpupar/gpupar.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/common.h"

/* Array sections saxpy copies per sub-chunk: x in, y in, y out. */
#define SECTIONS 3

static void saxpy(long n, float a, const float *x, float *y) {
#pragma gpupar
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void saxpy_out(long n, float a, const float *x, const float *y, float *z) {
#pragma gpupar
  for (long i = 0; i < n; i++)
    z[i] = a * x[i] + y[i];
}

static int check_counters(const char *loop, const gpupar_counters *c, unsigned long long memcpy_max,
                          int check_memcpy) {
  int bad = 0;
  if (c->calls != 1 || c->subchunks == 0) {
    fprintf(stderr, "datapath: %s: the last call did not run on the devices\n", loop);
    return 1;
  }
  if (check_memcpy && c->memcpy_bytes > memcpy_max) {
    fprintf(stderr, "datapath: %s: %llu bytes through host memcpy (target at most %llu)\n", loop,
            c->memcpy_bytes, memcpy_max);
    bad = 1;
  }
  if (c->h2d + c->d2h + c->d2d != SECTIONS * c->subchunks) {
    fprintf(stderr, "datapath: %s: %llu copies for %llu sub-chunks (target %d per sub-chunk)\n",
            loop, c->h2d + c->d2h + c->d2d, c->subchunks, SECTIONS);
    bad = 1;
  }
  if (c->launches != c->subchunks) {
    fprintf(stderr, "datapath: %s: %llu launches for %llu sub-chunks\n", loop, c->launches,
            c->subchunks);
    bad = 1;
  }
  return bad;
}

static void row(const char *loop, int k, long n, const gpupar_counters *c, double ms) {
  printf("%-9s %4d %9ld %5llu %12llu %5llu %5llu %5llu %6llu %8llu %5llu %8llu %9.3f\n", loop, k, n,
         c->subchunks, c->memcpy_bytes, c->h2d, c->d2h, c->d2d, c->syncs, c->launches,
         c->registered, c->pageable, ms);
}

int main(int argc, char **argv) {
  long n = 8000000;
  int calls = 3, check = 0, check_memcpy = 0, pos = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--check") == 0)
      check = 1;
    else if (strcmp(argv[i], "--check-memcpy") == 0)
      check_memcpy = 1;
    else if (pos++ == 0)
      n = atol(argv[i]);
    else
      calls = atoi(argv[i]);
  }
  if (n <= 0 || calls <= 0) {
    fprintf(stderr, "usage: datapath [N] [CALLS] [--check] [--check-memcpy]\n");
    return 2;
  }
  float *x = bench_alloc((size_t)n * sizeof *x), *y = bench_alloc((size_t)n * sizeof *y);
  float *z = bench_alloc((size_t)n * sizeof *z), *ref = bench_alloc((size_t)n * sizeof *ref);
  unsigned long long seed = 1;
  for (long i = 0; i < n; i++) {
    x[i] = (float)bench_rand(&seed);
    y[i] = ref[i] = (float)bench_rand(&seed);
  }
  const float a = 1.5f;
  gpupar_counters in_place = GPUPAR_COUNTERS_INIT, out_of_place = GPUPAR_COUNTERS_INIT;
  int bad = 0;
  printf("%-9s %4s %9s %5s %12s %5s %5s %5s %6s %8s %5s %8s %9s\n", "loop", "call", "n", "subs",
         "memcpy_bytes", "h2d", "d2h", "d2d", "syncs", "launches", "reg", "pageable", "ms");
  for (int k = 0; k < calls; k++) {
    double t0 = bench_now();
    saxpy(n, a, x, y);
    double ms = (bench_now() - t0) * 1e3;
    gpupar_counters_get(NULL, NULL, &in_place);
    row("in-place", k + 1, n, &in_place, ms);
    for (long i = 0; i < n; i++)
      ref[i] = a * x[i] + ref[i];
  }
  for (int k = 0; k < calls; k++) {
    double t0 = bench_now();
    saxpy_out(n, a, x, y, z);
    double ms = (bench_now() - t0) * 1e3;
    gpupar_counters_get(NULL, NULL, &out_of_place);
    row("out", k + 1, n, &out_of_place, ms);
  }
  for (long i = 0; i < n && !bad; i++)
    if (fabsf(y[i] - ref[i]) > 1e-5f * (1.0f + fabsf(ref[i])) ||
        fabsf(z[i] - (a * x[i] + ref[i])) > 1e-5f * (1.0f + fabsf(ref[i]))) {
      fprintf(stderr, "datapath: wrong result at %ld: y %g (expected %g), z %g\n", i, y[i], ref[i],
              z[i]);
      bad = 1;
    }
  if (check) {
    /* In place, y's write-back goes through host memory (docs/performance.md, "Write-back"). */
    bad |= check_counters("in-place", &in_place, (unsigned long long)n * sizeof *y, check_memcpy);
    bad |= check_counters("out", &out_of_place, 0, check_memcpy);
  }
  free(x);
  free(y);
  free(z);
  free(ref);
  return bad;
}
