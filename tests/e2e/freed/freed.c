/* Arrays freed and allocated again at the same addresses between calls of an offloaded loop:
 * the registrations that the first calls cached must not carry the old pages into the next
 * ones. Each call's result is checked element by element against the loop run here; the
 * registrations each call made (gpupar_counters_get) are printed for sim_freed.sh.
 *
 * Built with -DOWN_MUNMAP, the program has its own munmap, which the library's memory hooks
 * cannot see: the library then keeps no registration across calls unless GPUPAR_PIN_CACHE=1
 * says the program takes care of it (which this one does not: the check must then fail). */
#define _GNU_SOURCE
#include <gpupar/gpupar.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef OWN_MUNMAP
int munmap(void *p, size_t bytes) { return (int)syscall(SYS_munmap, p, bytes); }
#endif

static void scale(long n, const float *in, float *out, float a) {
  long i;
#pragma gpupar
  for (i = 0; i < n; i++)
    out[i] = a * in[i] + 1.0f;
}

static int bad;

static void check(const char *what, long n, const float *in, const float *out, float a) {
  for (long i = 0; i < n; i++)
    if (out[i] != a * in[i] + 1.0f) {
      printf("%s: out[%ld] = %g, expected %g\n", what, i, out[i], a * in[i] + 1.0f);
      bad = 1;
      return;
    }
}

static void call(const char *what, long n, const float *in, float *out, float a) {
  for (long i = 0; i < n; i++)
    out[i] = -1.0f;
  scale(n, in, out, a);
  gpupar_counters last = GPUPAR_COUNTERS_INIT;
  gpupar_counters_get(NULL, NULL, &last);
  printf("%s: registered %llu\n", what, last.registered);
  check(what, n, in, out, a);
}

static float *map_at(void *at, size_t bytes) {
  float *p = mmap(at, bytes, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | (at ? MAP_FIXED : 0), -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  return p;
}

int main(void) {
  const long n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  /* Mapped arrays, unmapped and mapped again at the same addresses. */
  float *in = map_at(NULL, bytes), *out = map_at(NULL, bytes);
  for (long i = 0; i < n; i++)
    in[i] = (float)(i % 1000);
  call("mapped, first call", n, in, out, 2.0f);
  call("mapped, again", n, in, out, 3.0f);
  munmap(in, bytes);
  munmap(out, bytes);
  float *in2 = map_at(in, bytes), *out2 = map_at(out, bytes);
  for (long i = 0; i < n; i++)
    in2[i] = (float)(i % 777) - 5.0f;
  call("mapped, new memory", n, in2, out2, 3.0f);
  munmap(in2, bytes);
  munmap(out2, bytes);

  /* malloc'd arrays freed and allocated again (at the same addresses or not). */
  float *a = malloc(bytes), *b = malloc(bytes);
  if (!a || !b)
    return 2;
  for (long i = 0; i < n; i++)
    a[i] = (float)(i % 313);
  call("malloc, first call", n, a, b, 2.0f);
  free(a);
  free(b);
  a = malloc(bytes);
  b = malloc(bytes);
  if (!a || !b)
    return 2;
  for (long i = 0; i < n; i++)
    a[i] = (float)(i % 101) + 0.5f;
  call("malloc, new memory", n, a, b, 2.0f);
  free(a);
  free(b);
  puts(bad ? "FAIL" : "ok");
  return bad;
}
