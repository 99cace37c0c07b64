/* Loop shapes the foundation accepts. Prints every result so the output of the gpupar build can
 * be compared with a plain serial build, element by element. Integer arithmetic keeps results
 * exact on every backend: after each call every element and the loop variable's final value are
 * compared with the same loop run serially on a copy (exit status 1 on a mismatch). */
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

static long bad; /* results that differ from the serial computation */

/* Compares a[0:n] and the final loop variable with the serial results r[0:n] and rlast. */
static void expect(const char *name, const long *a, const long *r, long n, long last, long rlast) {
  long differ = last != rlast;
  for (long i = 0; i < n; i++)
    differ += a[i] != r[i];
  if (differ) {
    bad += differ;
    fprintf(stderr, "shapes: %s: %ld results differ from the serial computation\n", name, differ);
  }
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
  long *r = calloc(2 * n + 2, sizeof *r); /* the serial results: the same loops, no pragma */
  if (!a || !b || !r)
    return 2;
  for (long i = 0; i < n; i++)
    b[i] = (i * 7919) % 10007 - 5000;

  lt_inc(n, a, b);
  for (long i = 0; i < n; i++)
    r[i] = b[i] * 2 + i;
  expect("lt_inc", a, r, n, 0, 0);
  report("lt_inc", a, n, 0);
  long last = le_step3(n, a), rl;
  for (rl = 2; rl <= n - 1; rl += 3)
    r[rl] = rl * rl;
  expect("le_step3", a, r, n, last, rl);
  report("le_step3", a, n, last);
  last = gt_dec(n, a, b);
  for (rl = n - 1; rl > 0; rl--)
    r[rl] = b[rl] - b[0] + rl;
  expect("gt_dec", a, r, n, last, rl);
  report("gt_dec", a, n, last);
  last = ge_step_minus2(n, a);
  for (rl = n - 1; rl >= 0; rl -= 2)
    r[rl] = -rl;
  expect("ge_m2", a, r, n, last, rl);
  report("ge_m2", a, n, last);
  last = ne_loop(n, a);
  for (rl = 0; rl != n; ++rl)
    r[rl] += 7;
  expect("ne_loop", a, r, n, last, rl);
  report("ne_loop", a, n, last);
  last = (long)unsigned_var((unsigned)n, a);
  unsigned ru;
  for (ru = 0; ru < (unsigned)n; ru++)
    r[ru] = (long)(ru * 3u);
  expect("unsigned", a, r, n, last, (long)ru);
  report("unsigned", a, n, last);
  size_t_var((size_t)n, a, b);
  for (size_t k = 0; k < (size_t)n; ++k)
    r[k] = b[n - 1 - k];
  expect("size_t", a, r, n, 0, 0);
  report("size_t", a, n, 0);
  typedef_var((ulong_t)n, a);
  for (ulong_t k = (ulong_t)n; k > 0; k--)
    r[k - 1] = (long)k * scale;
  expect("typedef", a, r, n, 0, 0);
  report("typedef", a, n, 0);
  char_var(a);
  for (signed char c = -20; c < 100; c++)
    r[c + 20] = c;
  expect("char", a, r, n, 0, 0);
  report("char", a, 120, 0);
  globals();
  long g[N], rg[N];
  for (int i = 0; i < N; i++)
    g[i] = g_out[i], rg[i] = g_in[i % 7] + i;
  expect("globals", g, rg, N, 0, 0);
  report("globals", g, N, 0);
  body_locals_and_continue(n, a, b);
  for (long i = 0; i < n; i++) {
    long t = b[i];
    if (t % 3 == 0)
      continue;
    long acc = 0;
    for (int k = 0; k < 4; k++)
      acc += t * k;
    r[i] = acc;
  }
  expect("locals", a, r, n, 0, 0);
  report("locals", a, n, 0);
  for (long i = 0; i < 2 * n + 2; i++)
    a[i] = r[i] = -1;
  strided_write(n, a, b);
  for (long i = 0; i < n; i++)
    r[2 * i + 1] = b[i];
  expect("strided", a, r, 2 * n + 2, 0, 0);
  report("strided", a, 2 * n + 2, 0);
  zero_trip(a);
  expect("zero_trip", a, r, 2 * n + 2, 0, 0);
  report("zero_trip", a, 10, 0);
  free(a);
  free(b);
  free(r);
  return bad ? 1 : 0;
}
