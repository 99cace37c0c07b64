/* Reductions on every operator and several C types, updates written as chains (`s = s + a + b`),
 * private and last-value scalars, and the if/devices clauses. Prints exact values (integer results; floating sums of values that are exact
 * in binary, so every order of addition gives the same result) and rounded float results. Every
 * result is also compared with the same loop run serially (no pragma): exactly, except the float
 * sum and the double product, whose order of operations differs (tolerances below); exit status 1
 * on a mismatch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static long bad; /* results that differ from the serial computation */

static void expect(int ok, const char *what, int n) {
  if (!ok && bad++ < 5)
    fprintf(stderr, "reductions: %s differs from the serial computation (n=%d)\n", what, n);
}

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
  long long r_sum = 5;
  int r_imin = 1 << 30, r_imax = -(1 << 30);
  unsigned r_umul = 1u, r_uadd = 3u;
  double r_dsum = 0.5, r_dmax = -1e300, r_dmin = 1e300;
  for (int i = 0; i < n; i++) {
    r_sum += ints[i];
    r_uadd += (unsigned)ints[i] * 2654435761u;
    r_dsum += reals[i];
    r_imin = ints[i] < r_imin ? ints[i] : r_imin;
    r_imax = ints[i] > r_imax ? ints[i] : r_imax;
    r_dmin = fmin(r_dmin, reals[i] - 3.0);
    r_dmax = fmax(r_dmax, reals[i]);
    r_umul *= (unsigned)(ints[i] | 1);
  }
  expect(sum == r_sum && uadd == r_uadd && dsum == r_dsum && imin == r_imin && imax == r_imax &&
             dmin == r_dmin && dmax == r_dmax && umul == r_umul,
         "arithmetic", n);
  printf("sum=%lld uadd=%u dsum=%.3f imin=%d imax=%d dmin=%g dmax=%g umul=%u\n", sum, uadd, dsum,
         imin, imax, dmin, dmax, umul);
}

/* Updates written as chains of one operator, without a clause and with one (Burkardt's
 * heated_plate: `mean = mean + w[i][0] + w[i][n - 1]`). */
static void chains(int n) {
  double mean = 0.25, t = 1.0;
  long long s = 7;
  unsigned x = 0x5a5au;
#pragma gpupar reduction(+ : mean)
  for (int i = 0; i < n; i++)
    mean = mean + reals[i] + reals[(i * 3) % N];
#pragma gpupar
  for (int i = 0; i < n; i++) {
    t = reals[i] + t - reals[(i + 1) % N];
    s = s + ints[i] * 3 + bytes[i] - 2;
    x = x ^ (unsigned)ints[i] ^ bytes[i];
  }
  double r_mean = 0.25, r_t = 1.0;
  long long r_s = 7;
  unsigned r_x = 0x5a5au;
  for (int i = 0; i < n; i++) {
    r_mean = r_mean + reals[i] + reals[(i * 3) % N];
    r_t = reals[i] + r_t - reals[(i + 1) % N];
    r_s = r_s + ints[i] * 3 + bytes[i] - 2;
    r_x = r_x ^ (unsigned)ints[i] ^ bytes[i];
  }
  expect(mean == r_mean && t == r_t && s == r_s && x == r_x, "chains", n);
}

/* min and max through functions of this file, as real code writes them. */
static double larger(double a, double b) {
  if (a > b)
    return a;
  else
    return b;
}
static int smaller(int a, int b) { return b < a ? b : a; }
static long longest(long a, long b) {
  if (a >= b)
    return a;
  return b;
}

static void functions(int n) {
  double hi = -1e300, r_hi = -1e300;
  int lo = 1 << 30, r_lo = 1 << 30;
  long most = -5, r_most = -5;
#pragma gpupar reduction(max: hi)
  for (int i = 0; i < n; i++)
    hi = larger(hi, reals[i] * 0.5 - 7.0);
#pragma gpupar
  for (int i = 0; i < n; i++) {
    lo = smaller(ints[i] + 3, lo);
    most = longest(most, (long)ints[i] * ints[i] - 40000);
  }
  for (int i = 0; i < n; i++) {
    r_hi = larger(r_hi, reals[i] * 0.5 - 7.0);
    r_lo = smaller(ints[i] + 3, r_lo);
    r_most = longest(r_most, (long)ints[i] * ints[i] - 40000);
  }
  expect(hi == r_hi && lo == r_lo && most == r_most, "min/max functions", n);
  printf("hi=%g lo=%d most=%ld\n", hi, lo, most);
}

/* Min and max written as `if`: `if (a > m) m = a;` (NPB MG's norm) with and without a clause,
 * the comparison in every spelling, in braces. */
static void branches(int n) {
  double top = 0.0, r_top = 0.0, s = 0.0, r_s = 0.0, a;
  int low = 1 << 30, r_low = 1 << 30;
  long high = -5, r_high = -5;
  float fl = 1e30f, r_fl = 1e30f;
#pragma gpupar reduction(+: s) reduction(max: top) private(a)
  for (int i = 0; i < n; i++) {
    s = s + reals[i] * reals[i];
    a = fabs(reals[i] - 3.0);
    if (a > top)
      top = a;
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (low > ints[i] - 1)
      low = ints[i] - 1;
    if (high <= (long)ints[i] * 3) {
      high = (long)ints[i] * 3;
    }
    if (floats[i] < fl)
      fl = floats[i];
  }
  for (int i = 0; i < n; i++) {
    r_s = r_s + reals[i] * reals[i];
    a = fabs(reals[i] - 3.0);
    if (a > r_top)
      r_top = a;
    if (r_low > ints[i] - 1)
      r_low = ints[i] - 1;
    if (r_high <= (long)ints[i] * 3)
      r_high = (long)ints[i] * 3;
    if (floats[i] < r_fl)
      r_fl = floats[i];
  }
  expect(top == r_top && fabs(s - r_s) <= 1e-9 * r_s && low == r_low && high == r_high &&
             fl == r_fl,
         "min/max as if", n);
  printf("top=%g low=%d high=%ld fl=%g\n", top, low, high, fl);
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
  unsigned char r_band = 0xff, r_bor = 0, r_bxor = 0x5a;
  short r_sxor = 0;
  long r_lor = 0;
  _Bool r_all = 1, r_any = 0;
  int r_land = 1, r_lany = 0;
  for (int i = 0; i < n; i++) {
    r_band &= (unsigned char)(bytes[i] | 0x81);
    r_bor |= (unsigned char)(bytes[i] & 0x3c);
    r_lor |= 1L << (i % 40);
    r_bxor ^= bytes[i];
    r_sxor ^= (short)(ints[i] * 3);
    r_all = r_all && ints[i] > -2000;
    r_land = r_land && bytes[i] != 7;
    r_any = r_any || ints[i] == 999;
    r_lany = r_lany || ints[i] > 5000;
  }
  expect(band == r_band && bor == r_bor && lor == r_lor && bxor == r_bxor && sxor == r_sxor &&
             all == r_all && land == r_land && any == r_any && lany == r_lany,
         "logical", n);
  printf("band=%d bor=%d lor=%ld bxor=%d sxor=%d all=%d land=%d any=%d lany=%d\n", band, bor, lor,
         bxor, sxor, all, land, any, lany);
}

/* Floats: the sum's order differs from the serial loop's; print it rounded (docs/guide.md). */
static void floating(int n) {
  float fsum = 0.0f;
  double prod = 1.0;
#pragma gpupar reduction(+ : fsum) reduction(* : prod)
  for (int i = 0; i < n; i++) {
    fsum += floats[i];
    prod *= 1.0 + floats[i] * 1e-6;
  }
  float r_fsum = 0.0f;
  double r_prod = 1.0;
  for (int i = 0; i < n; i++) {
    r_fsum += floats[i];
    r_prod *= 1.0 + floats[i] * 1e-6;
  }
  /* Each chunk sums in its own order. The serial float sum of up to 1e5 terms in [0, 1) drifts by
   * rounding at the running sum's ulp (a random walk: about 1e-5 relative here), so a relative
   * 1e-4 holds any order while a wrong or lost chunk (>= 1e-3 of the sum) fails. The product of
   * 1e5 doubles near 1 rounds about 1e-16 per factor (< 1e-11 in all); a device may contract
   * 1.0 + f * 1e-6: a relative 1e-9. */
  expect(fabsf(fsum - r_fsum) <= 1e-4f * fabsf(r_fsum) && fabs(prod - r_prod) <= 1e-9 * r_prod,
         "floating", n);
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
  for (int i = 0; i < n; i++) {
    int r_t = ints[i] * 3;
    double r_scaled = r_t * 0.5;
    expect(out[i] == r_t + (int)r_scaled, "private", n);
    check += out[i] * (long long)(i % 7);
  }
  int j;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    j = i * 2; /* read after the loop: the last iteration's value */
    last_t = ints[i] + j;
    out[i] = last_t;
  }
  int r_j = -1, r_last_t = -1;
  for (int i = 0; i < n; i++) {
    r_j = i * 2;
    r_last_t = ints[i] + r_j;
    expect(out[i] == r_last_t, "last value loop", n);
  }
  expect(j == r_j && last_t == r_last_t, "last value", n);
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
    chains(n);
    functions(n);
    branches(n);
    logical(n);
    floating(n);
    if (n > 0)
      privates(n, out);
  }
  free(out);
  return bad ? 1 : 0;
}
