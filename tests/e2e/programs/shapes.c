/* Loop shapes the foundation accepts. Prints every result so the output of the gpupar build can
 * be compared with a plain serial build, element by element. Integer arithmetic keeps results
 * exact on every backend. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1001
typedef unsigned long ulong_t;

static int g_out[N];
static const int g_in[N] = {1, 2, 3, 5, 8, 13, 21};
static long scale = 3;

static unsigned long hash(const long *a, long n) {
  unsigned long h = 1469598103934665603ul;
  for (long i = 0; i < n; i++)
    h = (h ^ (unsigned long)a[i]) * 1099511628211ul;
  return h;
}

static void report(const char *name, const long *a, long n, long last) {
  printf("%-10s n=%-6ld hash=%016lx last=%ld first=%ld end=%ld\n", name, n, hash(a, n), last,
         n ? a[0] : 0, n ? a[n - 1] : 0);
}

static void lt_inc(long n, long *a, const long *b) {
#pragma gpupar
  for (long i = 0; i < n; i++)
    a[i] = b[i] * 2 + i;
}

static long le_step3(long n, long *a) {
  long i;
#pragma gpupar
  for (i = 2; i <= n - 1; i += 3)
    a[i] = i * i;
  return i;
}

static long gt_dec(long n, long *a, const long *b) {
  long i;
#pragma gpupar
  for (i = n - 1; i > 0; i--)
    a[i] = b[i] - b[0] + i;
  return i;
}

static long ge_step_minus2(long n, long *a) {
  long i;
#pragma gpupar
  for (i = n - 1; i >= 0; i -= 2) {
    a[i] = -i;
  }
  return i;
}

static long ne_loop(long n, long *a) {
  long i;
#pragma gpupar
  for (i = 0; i != n; ++i)
    a[i] += 7;
  return i;
}

static unsigned unsigned_var(unsigned n, long *a) {
  unsigned u;
#pragma gpupar
  for (u = 0; u < n; u++)
    a[u] = (long)(u * 3u);
  return u;
}

static void size_t_var(size_t n, long *a, const long *b) {
#pragma gpupar
  for (size_t k = 0; k < n; ++k)
    a[k] = b[n - 1 - k];
}

static void typedef_var(ulong_t n, long *a) {
#pragma gpupar
  for (ulong_t k = n; k > 0; k--)
    a[k - 1] = (long)k * scale;
}

static void char_var(long *a) {
  signed char c;
#pragma gpupar
  for (c = -20; c < 100; c++)
    a[c + 20] = c;
}

static void globals(void) {
#pragma gpupar
  for (int i = 0; i < N; i++)
    g_out[i] = g_in[i % 7] + i;
}

static void body_locals_and_continue(long n, long *a, const long *b) {
#pragma gpupar
  for (long i = 0; i < n; i++) {
    long t = b[i];
    if (t % 3 == 0)
      continue;
    long acc = 0;
    for (int k = 0; k < 4; k++)
      acc += t * k;
    a[i] = acc;
  }
}

static void strided_write(long n, long *a, const long *b) {
#pragma gpupar
  for (long i = 0; i < n; i++)
    a[2 * i + 1] = b[i];
}

static void zero_trip(long *a) {
#pragma gpupar
  for (int i = 5; i < 5; i++)
    a[i] = 99;
}

int main(void) {
  long n = 10007;
  long *a = calloc(2 * n + 2, sizeof *a), *b = calloc(n, sizeof *b);
  if (!a || !b)
    return 2;
  for (long i = 0; i < n; i++)
    b[i] = (i * 7919) % 10007 - 5000;

  lt_inc(n, a, b);
  report("lt_inc", a, n, 0);
  long last = le_step3(n, a);
  report("le_step3", a, n, last);
  last = gt_dec(n, a, b);
  report("gt_dec", a, n, last);
  last = ge_step_minus2(n, a);
  report("ge_m2", a, n, last);
  last = ne_loop(n, a);
  report("ne_loop", a, n, last);
  last = (long)unsigned_var((unsigned)n, a);
  report("unsigned", a, n, last);
  size_t_var((size_t)n, a, b);
  report("size_t", a, n, 0);
  typedef_var((ulong_t)n, a);
  report("typedef", a, n, 0);
  char_var(a);
  report("char", a, 120, 0);
  globals();
  long g[N];
  for (int i = 0; i < N; i++)
    g[i] = g_out[i];
  report("globals", g, N, 0);
  body_locals_and_continue(n, a, b);
  report("locals", a, n, 0);
  for (long i = 0; i < 2 * n + 2; i++)
    a[i] = -1;
  strided_write(n, a, b);
  report("strided", a, 2 * n + 2, 0);
  zero_trip(a);
  report("zero_trip", a, 10, 0);
  free(a);
  free(b);
  return 0;
}
