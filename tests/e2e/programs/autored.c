/* Array reductions found without a clause: a loop whose only accesses to an array are updates
 * with one operator at indices known only at run time (a histogram) is reduced over the array's
 * extent: a fixed-size local or global array, a `map` section, the block the loop's function
 * allocated, or the block a pointer parameter points into (here from its middle, so the section
 * starts at a negative index). Untouched elements that hold -0.0 must keep their sign.
 * Every element is compared with the same loop run serially; the sums are of values exact in
 * binary, so every order of addition gives the serial result. Exit status 1 on a mismatch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100003
#define BINS 61 /* not a multiple of 3 devices' chunks */

static unsigned char bytes[N];
static double reals[N];
static long global_weight[BINS];
static int bad;

static void fill(void) {
  unsigned long long s = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < N; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    bytes[i] = (unsigned char)(s >> 11);
    reals[i] = (double)((s >> 20) % 4096) / 16.0; /* exact in binary */
  }
}

static void expect(const char *what, int k, double got, double want) {
  /* The sign of zero counts: -0.0 + 0.0 is +0.0. */
  if ((got != want || signbit(got) != signbit(want)) && bad++ < 10)
    fprintf(stderr, "autored: %s[%d] is %.17g, serially %.17g\n", what, k, got, want);
}

static void local_counts(void) {
  int count[BINS], serial[BINS];
  for (int b = 0; b < BINS; b++)
    count[b] = serial[b] = b;
#pragma gpupar
  for (int i = 0; i < N; i++)
    count[bytes[i] % BINS]++;
  for (int i = 0; i < N; i++)
    serial[bytes[i] % BINS]++;
  for (int b = 0; b < BINS; b++)
    expect("count", b, count[b], serial[b]);
}

static void global_weights(void) {
  long serial[BINS];
  for (int b = 0; b < BINS; b++)
    global_weight[b] = serial[b] = -b;
#pragma gpupar
  for (int i = 0; i < N; i++) {
    global_weight[bytes[i] % BINS] += bytes[i];
    global_weight[(bytes[i] >> 3) % BINS] -= 1;
  }
  for (int i = 0; i < N; i++) {
    serial[bytes[i] % BINS] += bytes[i];
    serial[(bytes[i] >> 3) % BINS] -= 1;
  }
  for (int b = 0; b < BINS; b++)
    expect("global_weight", b, (double)global_weight[b], (double)serial[b]);
}

static void allocated(void) {
  int *h = calloc(BINS, sizeof *h), *serial = calloc(BINS, sizeof *serial);
  if (!h || !serial)
    exit(2);
#pragma gpupar
  for (int i = 0; i < N; i++)
    h[(bytes[i] * 7) % BINS] += 2;
  for (int i = 0; i < N; i++)
    serial[(bytes[i] * 7) % BINS] += 2;
  for (int b = 0; b < BINS; b++)
    expect("allocated", b, h[b], serial[b]);
  free(h);
  free(serial);
}

/* A block of 5 KiB (the run time finds blocks of 4 KiB and more): `p` points 7 elements into
 * it, and the updates reach p[-7] .. p[592]. */
#define BLOCK 640
#define TOUCHED 600

static void tally(double *p, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    p[(bytes[i] * 3 + i % 7) % TOUCHED - 7] += reals[i];
}

static void pointer_into_block(void) {
  double *block = malloc(BLOCK * sizeof *block), *serial = malloc(BLOCK * sizeof *serial);
  if (!block || !serial)
    exit(2);
  for (int b = 0; b < BLOCK; b++)
    block[b] = serial[b] = b % 2 ? -0.0 : b; /* the untouched top elements hold -0.0 too */
  tally(block + 7, N);
  for (int i = 0; i < N; i++)
    serial[(bytes[i] * 3 + i % 7) % TOUCHED] += reals[i];
  for (int b = 0; b < BLOCK; b++)
    expect("block", b, block[b], serial[b]);
  free(block);
  free(serial);
}

static void maxima(void) {
  double top[BINS], serial[BINS];
  for (int b = 0; b < BINS; b++)
    top[b] = serial[b] = b % 3 ? -1.0 : 100.0;
#pragma gpupar
  for (int i = 0; i < N; i++)
    top[bytes[i] % BINS] = reals[i] > top[bytes[i] % BINS] ? reals[i] : top[bytes[i] % BINS];
  for (int i = 0; i < N; i++)
    serial[bytes[i] % BINS] =
        reals[i] > serial[bytes[i] % BINS] ? reals[i] : serial[bytes[i] % BINS];
  for (int b = 0; b < BINS; b++)
    expect("top", b, top[b], serial[b]);
}

/* The `map` section names the array's extent (a local array passed as a pointer: no block the
 * run time could find). */
static void mapped(int *h, int n) {
#pragma gpupar map(tofrom: h[0:n])
  for (int i = 0; i < N; i++)
    h[bytes[i] % n] -= 3;
}

static void map_sections(void) {
  int h[BINS] = {0}, serial[BINS] = {0};
  mapped(h, BINS);
  for (int i = 0; i < N; i++)
    serial[bytes[i] % BINS] -= 3;
  for (int b = 0; b < BINS; b++)
    expect("mapped", b, h[b], serial[b]);
}

int main(void) {
  fill();
  local_counts();
  global_weights();
  allocated();
  pointer_into_block();
  maxima();
  map_sections();
  printf("autored: %s\n", bad ? "MISMATCH" : "all elements equal the serial loops");
  return bad ? 1 : 0;
}
