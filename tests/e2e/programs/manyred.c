/* Ten scalar reductions of distinct (operator, type) pairs and a 16 KB array-section reduction
 * in one loop (block reductions share one scratch in shared memory), checked element by element
 * against the same loop run serially. Floating values are exact in binary, so every order of
 * combination gives the same result. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 200003
#define BINS 4096

static int x[N];
static double y[N];

struct result {
  int s_add;
  long long s_mul;
  float s_min;
  double s_max;
  unsigned s_and;
  unsigned long long s_or;
  unsigned char s_xor;
  short s_short;
  double s_dadd;
  signed char s_land;
  int hist[BINS];
};

#define LOCALS                                                                                     \
  int s_add = 0;                                                                                   \
  long long s_mul = 1;                                                                             \
  float s_min = INFINITY;                                                                          \
  double s_max = -INFINITY;                                                                        \
  unsigned s_and = ~0u;                                                                            \
  unsigned long long s_or = 0;                                                                     \
  unsigned char s_xor = 0;                                                                         \
  short s_short = 0;                                                                               \
  double s_dadd = 0;                                                                               \
  signed char s_land = 1;                                                                          \
  int *hist = r->hist;                                                                             \
  memset(hist, 0, sizeof r->hist);

#define STORE                                                                                      \
  r->s_add = s_add, r->s_mul = s_mul, r->s_min = s_min, r->s_max = s_max, r->s_and = s_and;        \
  r->s_or = s_or, r->s_xor = s_xor, r->s_short = s_short, r->s_dadd = s_dadd, r->s_land = s_land;

static void offloaded(int n, struct result *r) {
  LOCALS
#pragma gpupar reduction(+ : hist [0:BINS])
  for (int i = 0; i < n; i++) {
    s_add += x[i] & 0xff;
    s_mul *= (x[i] % 4093 == 0) + 1;
    s_min = fminf(s_min, (float)y[i]);
    s_max = fmax(s_max, y[i]);
    s_and &= (unsigned)x[i] | 0xf0u;
    s_or |= 1ull << (x[i] & 63);
    s_xor ^= (unsigned char)x[i];
    s_short += (short)(x[i] & 7);
    s_dadd += y[i] * 0.5;
    s_land = s_land && x[i] >= 0;
    hist[x[i] & (BINS - 1)] += 1;
  }
  STORE
}

static void serial(int n, struct result *r) {
  LOCALS
  for (int i = 0; i < n; i++) {
    s_add += x[i] & 0xff;
    s_mul *= (x[i] % 4093 == 0) + 1;
    s_min = fminf(s_min, (float)y[i]);
    s_max = fmax(s_max, y[i]);
    s_and &= (unsigned)x[i] | 0xf0u;
    s_or |= 1ull << (x[i] & 63);
    s_xor ^= (unsigned char)x[i];
    s_short += (short)(x[i] & 7);
    s_dadd += y[i] * 0.5;
    s_land = s_land && x[i] >= 0;
    hist[x[i] & (BINS - 1)] += 1;
  }
  STORE
}

static struct result got, want;

int main(void) {
  unsigned long long s = 88172645463325252ull;
  for (int i = 0; i < N; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    x[i] = (int)(s >> 40);
    y[i] = (double)((s >> 20) % 4096) / 16.0 - 100.0;
  }
  int bad = 0;
  for (int n = 0; n <= N; n += N / 3) {
    offloaded(n, &got);
    serial(n, &want);
#define CHECK(f)                                                                                   \
  if (got.f != want.f) {                                                                           \
    printf("n=%d: %s differs\n", n, #f);                                                           \
    bad = 1;                                                                                       \
  }
    CHECK(s_add)
    CHECK(s_mul) CHECK(s_min) CHECK(s_max) CHECK(s_and) CHECK(s_or) CHECK(s_xor) CHECK(s_short)
        CHECK(s_dadd)
            CHECK(s_land) for (int b = 0; b < BINS; b++) if (got.hist[b] != want.hist[b]) {
      printf("n=%d: hist[%d] differs\n", n, b);
      bad = 1;
      break;
    }
    printf("n=%d: %d %lld %g %g %u %llu %u %d %g %d hist[7]=%d\n", n, got.s_add, got.s_mul,
           (double)got.s_min, got.s_max, got.s_and, got.s_or, got.s_xor, got.s_short, got.s_dadd,
           got.s_land, got.hist[7]);
  }
  return bad;
}
