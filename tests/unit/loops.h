/* Hand-written loop descriptors, as the gpupar plugin would generate them (see
 * docs/architecture.md), with the serial loops they stand for. Shared by the runtime tests. */
#ifndef GPUPAR_TESTS_UNIT_LOOPS_H
#define GPUPAR_TESTS_UNIT_LOOPS_H

#include <math.h>

#include "gpupar/gpupar.h"
#include "gpupar/kernel.h"

/* When set, the *_offload helpers do not run the host loop after gpupar_run returns 0 (to check
 * that the runtime left host memory untouched). */
static int loops_skip_host_fallback;

/* saxpy.c:3:  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i]; */
static inline int saxpy_host(const gpupar_launch *L) {
  float a = *(const float *)L->scalars[0];
  const float *x = (const float *)L->arrays[0];
  float *y = (float *)L->arrays[1];
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    int i = (int)GPUPAR_INDEX(L->lo, L->step, k);
    y[i] = a * x[i] + y[i];
  }
  return 0;
}
static const gpupar_array_desc saxpy_arrays[] = {{"x", sizeof(float), GPUPAR_READ},
                                                 {"y", sizeof(float), GPUPAR_READ | GPUPAR_WRITE}};
static const gpupar_term_desc saxpy_terms[] = {
    {0, GPUPAR_READ, 1}, {1, GPUPAR_READ, 1}, {1, GPUPAR_WRITE, 1}};
static const gpupar_loop saxpy_loop = {GPUPAR_VERSION_CODE,
                                       "saxpy.c:3",
                                       2,
                                       saxpy_arrays,
                                       3,
                                       saxpy_terms,
                                       1,
                                       saxpy_host,
                                       NULL,
                                       0,
                                       NULL,
                                       NULL,
                                       0,
                                       NULL,
                                       0,
                                       0};

static inline void saxpy_serial(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* Runs saxpy through gpupar_run (and the host loop when it returns 0), as generated code does.
 * Returns gpupar_run's result. */
static inline int saxpy_offload(int n, float a, const float *x, float *y) {
  gpupar_span spans[3];
  gpupar_span_init(&spans[0], 1, 0);
  gpupar_span_init(&spans[1], 1, 0);
  gpupar_span_init(&spans[2], 1, 0);
  void *const arrays[2] = {(void *)x, (void *)y};
  const float s0 = a;
  void *const scalars[1] = {(void *)&s0};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = 0,
                   .hi = n,
                   .step = 1,
                   .cond = GPUPAR_LT,
                   .is_unsigned = 0,
                   .arrays = arrays,
                   .scalars = scalars,
                   .spans = spans};
  int rc = gpupar_run(&saxpy_loop, &c);
  if (!rc && !loops_skip_host_fallback) {
    saxpy_serial(n, a, x, y);
    gpupar_host_done(&saxpy_loop, &c);
  }
  return rc;
}

/* strided.c:7:  for (long i = lo; i OP hi; i += step) y[2 * i] = x[i] + 1; (a non-dense write) */
static inline int strided_host(const gpupar_launch *L) {
  const double *x = (const double *)L->arrays[0];
  double *y = (double *)L->arrays[1];
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    long i = (long)GPUPAR_INDEX(L->lo, L->step, k);
    y[2 * i] = x[i] + 1;
  }
  return 0;
}
static const gpupar_array_desc strided_arrays[] = {{"x", sizeof(double), GPUPAR_READ},
                                                   {"y", sizeof(double), GPUPAR_WRITE}};
static const gpupar_term_desc strided_terms[] = {{0, GPUPAR_READ, 1}, {1, GPUPAR_WRITE, 1}};
static const gpupar_loop strided_loop = {GPUPAR_VERSION_CODE,
                                         "strided.c:7",
                                         2,
                                         strided_arrays,
                                         2,
                                         strided_terms,
                                         0,
                                         strided_host,
                                         NULL,
                                         0,
                                         NULL,
                                         NULL,
                                         0,
                                         NULL,
                                         0,
                                         0};

static inline void strided_serial(long lo, long hi, long step, int cond, const double *x,
                                  double *y) {
  for (long i = lo; cond == GPUPAR_LT ? i < hi : cond == GPUPAR_GE ? i >= hi : i != hi; i += step)
    y[2 * i] = x[i] + 1;
}

static inline int strided_offload(long lo, long hi, long step, int cond, const double *x, double *y,
                                  long long *last) {
  gpupar_span spans[2];
  gpupar_span_init(&spans[0], 1, 0);
  gpupar_span_init(&spans[1], 2, 0);
  void *const arrays[2] = {(void *)x, (void *)y};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = lo,
                   .hi = hi,
                   .step = step,
                   .cond = cond,
                   .arrays = arrays,
                   .scalars = NULL,
                   .spans = spans};
  int rc = gpupar_run(&strided_loop, &c);
  if (!rc && !loops_skip_host_fallback) {
    strided_serial(lo, hi, step, cond, x, y);
    gpupar_host_done(&strided_loop, &c);
  } else if (last) {
    *last = c.last;
  }
  return rc;
}

/* stencil.c:12: a 2-D 5-point stencil over flat arrays; the inner loop is part of the body.
 *   for (int i = 1; i < n - 1; i++)
 *     for (int j = 1; j < m - 1; j++)
 *       out[i*m + j] = 0.25f * (in[(i-1)*m + j] + in[(i+1)*m + j] + in[i*m + j-1] + in[i*m + j+1]);
 */
static inline int stencil_host(const gpupar_launch *L) {
  int m = *(const int *)L->scalars[0];
  const float *in = (const float *)L->arrays[0];
  float *out = (float *)L->arrays[1];
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    int i = (int)GPUPAR_INDEX(L->lo, L->step, k);
    for (int j = 1; j < m - 1; j++)
      out[i * m + j] = 0.25f * (in[(i - 1) * m + j] + in[(i + 1) * m + j] + in[i * m + j - 1] +
                                in[i * m + j + 1]);
  }
  return 0;
}
static const gpupar_array_desc stencil_arrays[] = {{"in", sizeof(float), GPUPAR_READ},
                                                   {"out", sizeof(float), GPUPAR_WRITE}};
static const gpupar_term_desc stencil_terms[] = {{0, GPUPAR_READ, 1},
                                                 {0, GPUPAR_READ, 1},
                                                 {0, GPUPAR_READ, 1},
                                                 {0, GPUPAR_READ, 1},
                                                 {1, GPUPAR_WRITE, 1}};
static const gpupar_loop stencil_loop = {GPUPAR_VERSION_CODE,
                                         "stencil.c:12",
                                         2,
                                         stencil_arrays,
                                         5,
                                         stencil_terms,
                                         1,
                                         stencil_host,
                                         NULL,
                                         0,
                                         NULL,
                                         NULL,
                                         0,
                                         NULL,
                                         0,
                                         0};

static inline void stencil_serial(int n, int m, const float *in, float *out) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      out[i * m + j] = 0.25f * (in[(i - 1) * m + j] + in[(i + 1) * m + j] + in[i * m + j - 1] +
                                in[i * m + j + 1]);
}

static inline int stencil_offload(int n, int m, const float *in, float *out) {
  gpupar_span spans[5];
  gpupar_span_init(&spans[0], m, -(long long)m); /* in[(i-1)*m + j] */
  gpupar_span_add_range(&spans[0], 1, 1, m - 2);
  gpupar_span_init(&spans[1], m, m); /* in[(i+1)*m + j] */
  gpupar_span_add_range(&spans[1], 1, 1, m - 2);
  gpupar_span_init(&spans[2], m, -1); /* in[i*m + j-1] */
  gpupar_span_add_range(&spans[2], 1, 1, m - 2);
  gpupar_span_init(&spans[3], m, 1); /* in[i*m + j+1] */
  gpupar_span_add_range(&spans[3], 1, 1, m - 2);
  gpupar_span_init(&spans[4], m, 0); /* out[i*m + j] */
  gpupar_span_add_range(&spans[4], 1, 1, m - 2);
  void *const arrays[2] = {(void *)in, (void *)out};
  const int s0 = m;
  void *const scalars[1] = {(void *)&s0};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = 1,
                   .hi = n - 1,
                   .step = 1,
                   .cond = GPUPAR_LT,
                   .arrays = arrays,
                   .scalars = scalars,
                   .spans = spans};
  int rc = gpupar_run(&stencil_loop, &c);
  if (!rc && !loops_skip_host_fallback) {
    stencil_serial(n, m, in, out);
    gpupar_host_done(&stencil_loop, &c);
  }
  return rc;
}

/* interleave.c:20:  for (int i = 0; i < n; i++) { y[2*i] = x[i]; y[2*i + 3] = -x[i]; }
 * Two write terms whose chunk hulls interleave. */
static inline int interleave_host(const gpupar_launch *L) {
  const int *x = (const int *)L->arrays[0];
  int *y = (int *)L->arrays[1];
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    int i = (int)GPUPAR_INDEX(L->lo, L->step, k);
    y[2 * i] = x[i];
    y[2 * i + 3] = -x[i];
  }
  return 0;
}
static const gpupar_array_desc interleave_arrays[] = {{"x", sizeof(int), GPUPAR_READ},
                                                      {"y", sizeof(int), GPUPAR_WRITE}};
static const gpupar_term_desc interleave_terms[] = {
    {0, GPUPAR_READ, 1}, {1, GPUPAR_WRITE, 1}, {1, GPUPAR_WRITE, 1}};
static const gpupar_loop interleave_loop = {GPUPAR_VERSION_CODE,
                                            "interleave.c:20",
                                            2,
                                            interleave_arrays,
                                            3,
                                            interleave_terms,
                                            0,
                                            interleave_host,
                                            NULL,
                                            0,
                                            NULL,
                                            NULL,
                                            0,
                                            NULL,
                                            0,
                                            0};

static inline void interleave_serial(int n, const int *x, int *y) {
  for (int i = 0; i < n; i++) {
    y[2 * i] = x[i];
    y[2 * i + 3] = -x[i];
  }
}

static inline int interleave_offload(int n, const int *x, int *y) {
  gpupar_span spans[3];
  gpupar_span_init(&spans[0], 1, 0);
  gpupar_span_init(&spans[1], 2, 0);
  gpupar_span_init(&spans[2], 2, 3);
  void *const arrays[2] = {(void *)x, (void *)y};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = 0,
                   .hi = n,
                   .step = 1,
                   .cond = GPUPAR_LT,
                   .arrays = arrays,
                   .spans = spans};
  int rc = gpupar_run(&interleave_loop, &c);
  if (!rc && !loops_skip_host_fallback) {
    interleave_serial(n, x, y);
    gpupar_host_done(&interleave_loop, &c);
  }
  return rc;
}

/* matvec.c:30:  for (int i = 0; i < r; i++) { float s = 0; for (int j = 0; j < c; j++)
 *                  s += m[i*c + j] * v[j]; out[i] = s; }   (every chunk reads all of v) */
static inline int matvec_host(const gpupar_launch *L) {
  int c = *(const int *)L->scalars[0];
  const float *m = (const float *)L->arrays[0], *v = (const float *)L->arrays[1];
  float *out = (float *)L->arrays[2];
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    int i = (int)GPUPAR_INDEX(L->lo, L->step, k);
    float s = 0;
    for (int j = 0; j < c; j++)
      s += m[i * c + j] * v[j];
    out[i] = s;
  }
  return 0;
}
static const gpupar_array_desc matvec_arrays[] = {{"m", sizeof(float), GPUPAR_READ},
                                                  {"v", sizeof(float), GPUPAR_READ},
                                                  {"out", sizeof(float), GPUPAR_WRITE}};
static const gpupar_term_desc matvec_terms[] = {
    {0, GPUPAR_READ, 1}, {1, GPUPAR_READ, 1}, {2, GPUPAR_WRITE, 1}};
static const gpupar_loop matvec_loop = {GPUPAR_VERSION_CODE,
                                        "matvec.c:30",
                                        3,
                                        matvec_arrays,
                                        3,
                                        matvec_terms,
                                        1,
                                        matvec_host,
                                        NULL,
                                        0,
                                        NULL,
                                        NULL,
                                        0,
                                        NULL,
                                        0,
                                        0};

static inline void matvec_serial(int r, int c, const float *m, const float *v, float *out) {
  for (int i = 0; i < r; i++) {
    float s = 0;
    for (int j = 0; j < c; j++)
      s += m[i * c + j] * v[j];
    out[i] = s;
  }
}

static inline int matvec_offload(int r, int c, const float *m, const float *v, float *out) {
  gpupar_span spans[3];
  gpupar_span_init(&spans[0], c, 0);
  gpupar_span_add_range(&spans[0], 1, 0, c - 1);
  gpupar_span_init(&spans[1], 0, 0);
  gpupar_span_add_range(&spans[1], 1, 0, c - 1);
  gpupar_span_init(&spans[2], 1, 0);
  void *const arrays[3] = {(void *)m, (void *)v, (void *)out};
  const int s0 = c;
  void *const scalars[1] = {(void *)&s0};
  gpupar_call call = {.version = GPUPAR_VERSION_CODE,
                      .lo = 0,
                      .hi = r,
                      .step = 1,
                      .cond = GPUPAR_LT,
                      .arrays = arrays,
                      .scalars = scalars,
                      .spans = spans};
  int rc = gpupar_run(&matvec_loop, &call);
  if (!rc && !loops_skip_host_fallback) {
    matvec_serial(r, c, m, v, out);
    gpupar_host_done(&matvec_loop, &call);
  }
  return rc;
}

/* hist.c:8:  reduction(+: hist[0:64]) reduction(max: top[0:8])
 *   for (int i = 0; i < n; i++) { bin[i] = x[i] % 64; hist[x[i] % 64] += w[i];
 *                                 top[x[i] % 8] = fmax(top[x[i] % 8], w[i]); }
 * (array reductions: on devices, one buffer per device shared by its chunks; `bin` is written so
 * that a chunk can fail after its kernel, in its copy-out) */
enum { HIST_BINS = 64, HIST_TOPS = 8 };
static inline int hist_host(const gpupar_launch *L) {
  const int *x = (const int *)L->arrays[0], *w = (const int *)L->arrays[1];
  int *bin = (int *)L->arrays[2];
  long long *hist = (long long *)L->partials[0];
  double *top = (double *)L->partials[1];
  if (!L->partials_ready) {
    for (long long b = 0; b < L->partial_counts[0]; b++)
      hist[b] = 0;
    for (long long b = 0; b < L->partial_counts[1]; b++)
      top[b] = -HUGE_VAL;
  }
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    int i = (int)GPUPAR_INDEX(L->lo, L->step, k);
    bin[i] = x[i] % HIST_BINS;
    hist[x[i] % HIST_BINS] += w[i];
    if (w[i] > top[x[i] % HIST_TOPS])
      top[x[i] % HIST_TOPS] = w[i];
  }
  return 0;
}
static const gpupar_array_desc hist_arrays[] = {{"x", sizeof(int), GPUPAR_READ},
                                                {"w", sizeof(int), GPUPAR_READ},
                                                {"bin", sizeof(int), GPUPAR_WRITE}};
static const gpupar_term_desc hist_terms[] = {
    {0, GPUPAR_READ, 1}, {1, GPUPAR_READ, 1}, {2, GPUPAR_WRITE, 1}};
static const gpupar_reduction_desc hist_reds[] = {
    {"hist", GPUPAR_TYPE_SIGNED, sizeof(long long), GPUPAR_RED_ADD, 1},
    {"top", GPUPAR_TYPE_FLOAT, sizeof(double), GPUPAR_RED_MAX, 1}};
static const gpupar_loop hist_loop = {
    GPUPAR_VERSION_CODE, "hist.c:8", 3, hist_arrays, 3, hist_terms, 0, hist_host, NULL, 2,
    hist_reds,           NULL,       0, NULL,        0, 0};

static inline void hist_serial(int n, const int *x, const int *w, int *bin, long long *hist,
                               double *top) {
  for (int i = 0; i < n; i++) {
    bin[i] = x[i] % HIST_BINS;
    hist[x[i] % HIST_BINS] += w[i];
    top[x[i] % HIST_TOPS] = w[i] > top[x[i] % HIST_TOPS] ? w[i] : top[x[i] % HIST_TOPS];
  }
}

static inline int hist_offload(int n, const int *x, const int *w, int *bin, long long *hist,
                               double *top) {
  gpupar_span spans[3];
  for (int t = 0; t < 3; t++)
    gpupar_span_init(&spans[t], 1, 0);
  void *const arrays[3] = {(void *)x, (void *)w, bin};
  void *const vars[2] = {hist, top};
  const long long counts[2] = {HIST_BINS, HIST_TOPS};
  gpupar_call call = {.version = GPUPAR_VERSION_CODE,
                      .lo = 0,
                      .hi = n,
                      .step = 1,
                      .cond = GPUPAR_LT,
                      .arrays = arrays,
                      .spans = spans,
                      .reductions = vars,
                      .reduction_counts = counts};
  int rc = gpupar_run(&hist_loop, &call);
  if (!rc && !loops_skip_host_fallback) {
    hist_serial(n, x, w, bin, hist, top);
    gpupar_host_done(&hist_loop, &call);
  }
  return rc;
}

/* scatter.c:5:  #pragma gpupar independent map(tofrom: dst[0:m])
 *   for (int i = 0; i < n; i++) { if (keep[i]) dst[perm[i]] = v[i]; out[i] = 2 * v[i]; }
 * (dst is written at run-time indices: GPUPAR_SCATTER, one write term over dst[0:m]; `out` is
 * written densely so that a chunk has an ordinary array too) */
static inline int scatter_host(const gpupar_launch *L) {
  const int *perm = (const int *)L->arrays[0], *keep = (const int *)L->arrays[1];
  const double *v = (const double *)L->arrays[2];
  double *dst = (double *)L->arrays[3], *out = (double *)L->arrays[4];
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    int i = (int)GPUPAR_INDEX(L->lo, L->step, k);
    if (keep[i])
      dst[perm[i]] = v[i];
    out[i] = 2 * v[i];
  }
  return 0;
}
static const gpupar_array_desc scatter_arrays[] = {
    {"perm", sizeof(int), GPUPAR_READ},
    {"keep", sizeof(int), GPUPAR_READ},
    {"v", sizeof(double), GPUPAR_READ},
    {"dst", sizeof(double), GPUPAR_WRITE | GPUPAR_SCATTER},
    {"out", sizeof(double), GPUPAR_WRITE}};
static const gpupar_term_desc scatter_terms[] = {{0, GPUPAR_READ, 1},
                                                 {1, GPUPAR_READ, 1},
                                                 {2, GPUPAR_READ, 1},
                                                 {3, GPUPAR_WRITE, 0},
                                                 {4, GPUPAR_WRITE, 1}};
static const gpupar_loop scatter_loop = {GPUPAR_VERSION_CODE,
                                         "scatter.c:5",
                                         5,
                                         scatter_arrays,
                                         5,
                                         scatter_terms,
                                         0,
                                         scatter_host,
                                         NULL,
                                         0,
                                         NULL,
                                         NULL,
                                         0,
                                         NULL,
                                         0,
                                         0};

static inline void scatter_serial(int n, const int *perm, const int *keep, const double *v,
                                  double *dst, double *out) {
  for (int i = 0; i < n; i++) {
    if (keep[i])
      dst[perm[i]] = v[i];
    out[i] = 2 * v[i];
  }
}

/* Runs the scatter loop over dst[0:m]; returns gpupar_run's result. */
static inline int scatter_offload(int n, int m, const int *perm, const int *keep, const double *v,
                                  double *dst, double *out) {
  gpupar_span spans[5];
  for (int t = 0; t < 5; t++)
    gpupar_span_init(&spans[t], t == 3 ? 0 : 1, 0);
  gpupar_span_add_range(&spans[3], 1, 0, (long long)m - 1);
  void *const arrays[5] = {(void *)perm, (void *)keep, (void *)v, dst, out};
  gpupar_call call = {.version = GPUPAR_VERSION_CODE,
                      .lo = 0,
                      .hi = n,
                      .step = 1,
                      .cond = GPUPAR_LT,
                      .arrays = arrays,
                      .spans = spans};
  int rc = gpupar_run(&scatter_loop, &call);
  if (!rc && !loops_skip_host_fallback) {
    scatter_serial(n, perm, keep, v, dst, out);
    gpupar_host_done(&scatter_loop, &call);
  }
  return rc;
}

#endif
