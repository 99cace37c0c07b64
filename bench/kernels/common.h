/* Shared helpers for the gpupar benchmarks: timing, deterministic inputs, result checks and a
 * one-line machine-readable report. Each benchmark is plain C; bench/run.sh compiles the same
 * source serially, with gpuparcc, and with OpenMP (each `#pragma gpupar` rewritten to
 * `#pragma omp parallel for`, clauses kept: reduction/private/collapse read the same), and
 * bench/peers.py translates it for Clang OpenMP offload and GCC OpenACC. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Deterministic pseudo-random values in [-1, 1). */
static inline double bench_rand(unsigned long long *state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(*state >> 11) / 4503599627370496.0 - 1.0;
}

static inline void *bench_alloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "bench: out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return p;
}

/* Runs `call` once to warm up, then `reps` timed times into `times` (seconds). */
#define BENCH_TIME(times, reps, call)                                                              \
  do {                                                                                             \
    call;                                                                                          \
    for (int bench_r = 0; bench_r < (reps); bench_r++) {                                           \
      double bench_t0 = bench_now();                                                               \
      call;                                                                                        \
      (times)[bench_r] = bench_now() - bench_t0;                                                   \
    }                                                                                              \
  } while (0)

/* Whether the program was asked to time its calls inside a `#pragma gpupar data` region (a third
 * argument "resident"): the arrays stay on the devices, so each call is one kernel per device and
 * the kernel-only time is measured without the sub-chunks that overlap copies. */
static inline int bench_resident(int argc, char **argv) {
  return argc > 3 && strcmp(argv[3], "resident") == 0;
}

/* Relative L2 error of `out` against `ref`. */
static inline double bench_rel_err(const double *out, const double *ref, size_t n) {
  double num = 0, den = 0;
  for (size_t i = 0; i < n; i++) {
    double d = out[i] - ref[i];
    num += d * d;
    den += ref[i] * ref[i];
  }
  return den > 0 ? sqrt(num / den) : sqrt(num);
}

/* Prints the result line read by bench/run.sh: name, size, median seconds, bytes, flops, ok. */
static inline void bench_report(const char *name, long size, double *times, int reps, double bytes,
                                double flops, int ok) {
  for (int i = 1; i < reps; i++) /* insertion sort: reps is small */
    for (int j = i; j > 0 && times[j] < times[j - 1]; j--) {
      double t = times[j];
      times[j] = times[j - 1];
      times[j - 1] = t;
    }
  double median = reps % 2 ? times[reps / 2] : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
  printf("RESULT name=%s size=%ld median_s=%.9f bytes=%.0f flops=%.0f ok=%d\n", name, size, median,
         bytes, flops, ok);
}

#endif
