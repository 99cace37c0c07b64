/* Reductions on every operator and several C types, private and last-value scalars, and the
 * if/devices clauses. Prints exact values (integer results; floating sums of values that are exact
 * in binary, so every order of addition gives the same result) and rounded float results. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100003

static int ints[N];
static unsigned char bytes[N];
static double reals[N];
static float floats[N];

static void fill(void) {
  for (int i = 0; i < N; i++) {
    ints[i] = (int)((i * 7919u) % 2001u) - 1000;
    bytes[i] = (unsigned char)(i * 31u);
    reals[i] = (double)((i * 13) % 1024) / 8.0; /* exact in binary: sums are order-independent */
    floats[i] = (float)((i * 17) % 100) / 100.0f;
  }
}

/* + * min max on int, long long, unsigned, double. */
static void arithmetic(int n) {
  long long sum = 5;
  int imin = 1 << 30, imax = -(1 << 30);
  unsigned umul = 1u, uadd = 3u;
  double dsum = 0.5, dmax = -1e300, dmin = 1e300;
#pragma gpupar reduction(+: sum, uadd, dsum) reduction(min: imin, dmin) reduction(max: imax, dmax) \
    reduction(*: umul)
  for (int i = 0; i < n; i++) {
    sum += ints[i];
    uadd += (unsigned)ints[i] * 2654435761u;
    dsum += reals[i];
    imin = ints[i] < imin ? ints[i] : imin;
    imax = ints[i] > imax ? ints[i] : imax;
    dmin = fmin(dmin, reals[i] - 3.0);
    dmax = fmax(dmax, reals[i]);
    umul *= (unsigned)(ints[i] | 1);
  }
  printf("sum=%lld uadd=%u dsum=%.3f imin=%d imax=%d dmin=%g dmax=%g umul=%u\n", sum, uadd,
         dsum, imin, imax, dmin, dmax, umul);
}

/* & | ^ && || on unsigned char, short, long, _Bool. */
static void logical(int n) {
  unsigned char band = 0xff, bor = 0, bxor = 0x5a;
  short sxor = 0;
  long lor = 0;
  _Bool all = 1, any = 0;
  int land = 1, lany = 0;
#pragma gpupar reduction(&: band) reduction(|: bor, lor) reduction(^: bxor, sxor)                 \
    reduction(&&: all, land) reduction(||: any, lany)
  for (int i = 0; i < n; i++) {
    band &= (unsigned char)(bytes[i] | 0x81);
    bor |= (unsigned char)(bytes[i] & 0x3c);
    lor |= 1L << (i % 40);
    bxor ^= bytes[i];
    sxor ^= (short)(ints[i] * 3);
    all = all && ints[i] > -2000;
    land = land && bytes[i] != 7;
    any = any || ints[i] == 999;
    lany = lany || ints[i] > 5000;
  }
  printf("band=%d bor=%d lor=%ld bxor=%d sxor=%d all=%d land=%d any=%d lany=%d\n", band, bor, lor,
         bxor, sxor, all, land, any, lany);
}

/* Floats: the sum's order differs from the serial loop's; print it rounded (docs/guide.md). */
static void floating(int n) {
  float fsum = 0.0f;
  double prod = 1.0;
#pragma gpupar reduction(+: fsum) reduction(*: prod)
  for (int i = 0; i < n; i++) {
    fsum += floats[i];
    prod *= 1.0 + floats[i] * 1e-6;
  }
  printf("fsum=%.1f prod=%.4f\n", fsum, prod);
}

/* Private temporaries and the last iteration's value; if and devices clauses. */
static void privates(int n, int *out) {
  int t, last_t = -1;
  double scaled;
#pragma gpupar private(t, scaled) if (n > 10) devices(2)
  for (int i = 0; i < n; i++) {
    t = ints[i] * 3;
    scaled = t * 0.5;
    out[i] = t + (int)scaled;
  }
  long long check = 0;
  for (int i = 0; i < n; i++)
    check += out[i] * (long long)(i % 7);
  int j;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    j = i * 2; /* read after the loop: the last iteration's value */
    last_t = ints[i] + j;
    out[i] = last_t;
  }
  printf("check=%lld j=%d last_t=%d out[n-1]=%d\n", check, j, last_t, out[n - 1]);
}

int main(void) {
  fill();
  int *out = malloc(N * sizeof *out);
  if (!out)
    return 1;
  static const int sizes[] = {0, 1, 7, 1000, N};
  for (int s = 0; s < 5; s++) {
    int n = sizes[s];
    printf("n=%d\n", n);
    arithmetic(n);
    logical(n);
    floating(n);
    if (n > 0)
      privates(n, out);
  }
  free(out);
  return 0;
}
