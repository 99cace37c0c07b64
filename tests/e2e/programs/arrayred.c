/* Array reductions (`reduction(op: a[lo:len])`): every update form, operator and element size,
 * sections that start past element 0, values before the loop, and several reduced arrays in one
 * loop. Prints every element: integers exactly, floating sums of values exact in binary (every
 * order of addition gives the same result), inexact float sums as a count outside tolerance.
 * Every element is also compared with the same loop run serially (no pragma), exactly except the
 * inexact float sums; exit status 1 on a mismatch. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 100003
#define BINS 64

static unsigned char bytes[N];
static double reals[N];

static void fill(void) {
  unsigned long long s = 88172645463325252ull;
  for (int i = 0; i < N; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    bytes[i] = (unsigned char)(s >> 11);
    reals[i] = (double)((s >> 20) % 4096) / 16.0; /* exact in binary */
  }
}

static long bad; /* results that differ from the serial computation */

static void expect(int ok, const char *what) {
  if (!ok && bad++ < 5)
    fprintf(stderr, "arrayred: %s differs from the serial computation\n", what);
}

static void print_ll(const char *name, const long long *a, int n) {
  printf("%s:", name);
  for (int k = 0; k < n; k++)
    printf(" %lld", a[k]);
  printf("\n");
}

/* Counting with ++ on int and += on long: the classic histogram, into arrays that already hold
 * counts (the values before the loop are kept). */
static void histograms(int n) {
  int count[BINS];
  long weight[BINS];
  for (int b = 0; b < BINS; b++)
    count[b] = b, weight[b] = -b;
#pragma gpupar reduction(+ : count [0:BINS], weight [0:BINS])
  for (int i = 0; i < n; i++) {
    count[bytes[i] % BINS]++;
    weight[(bytes[i] >> 2) % BINS] += bytes[i];
  }
  int r_count[BINS];
  long r_weight[BINS];
  for (int b = 0; b < BINS; b++)
    r_count[b] = b, r_weight[b] = -b;
  for (int i = 0; i < n; i++) {
    r_count[bytes[i] % BINS]++;
    r_weight[(bytes[i] >> 2) % BINS] += bytes[i];
  }
  for (int b = 0; b < BINS; b++)
    expect(count[b] == r_count[b] && weight[b] == r_weight[b], "histograms");
  long long c[BINS], w[BINS];
  for (int b = 0; b < BINS; b++)
    c[b] = count[b], w[b] = weight[b];
  print_ll("count", c, BINS);
  print_ll("weight", w, BINS);
}

/* A section that starts at element 8 of its array; the others stay untouched. Subtraction,
 * `x = x op e` spellings and conditional updates. */
static void offset_section(int n) {
  long long acc[8 + BINS + 8];
  for (int b = 0; b < 8 + BINS + 8; b++)
    acc[b] = 1000 + b;
#pragma gpupar reduction(+ : acc [8:BINS])
  for (int i = 0; i < n; i++) {
    int b = 8 + bytes[i] % BINS;
    if (bytes[i] & 1)
      acc[b] -= i % 7;
    else
      acc[b] = acc[b] + 3;
    acc[8 + i % BINS] = 2 + acc[8 + i % BINS];
  }
  long long r_acc[8 + BINS + 8];
  for (int b = 0; b < 8 + BINS + 8; b++)
    r_acc[b] = 1000 + b;
  for (int i = 0; i < n; i++) {
    int b = 8 + bytes[i] % BINS;
    if (bytes[i] & 1)
      r_acc[b] -= i % 7;
    else
      r_acc[b] = r_acc[b] + 3;
    r_acc[8 + i % BINS] = 2 + r_acc[8 + i % BINS];
  }
  expect(memcmp(acc, r_acc, sizeof acc) == 0, "offset_section");
  print_ll("acc", acc, 8 + BINS + 8);
}

/* min/max on double (fmin/fmax), max on int, * on double, bitwise on unsigned and on 1- and
 * 2-byte types (compare-and-swap on the word that holds them in a kernel). */
static void operators(int n) {
  double lo[BINS], hi[BINS], prod[16];
  int top[BINS], seen[BINS];
  unsigned bits_or[BINS], bits_xor[BINS];
  unsigned char small_and[BINS];
  short small_add[BINS];
  for (int b = 0; b < BINS; b++) {
    lo[b] = 1e9, hi[b] = -1e9, top[b] = -1, seen[b] = 0;
    bits_or[b] = 0, bits_xor[b] = (unsigned)b, small_and[b] = 0xff, small_add[b] = (short)b;
  }
  for (int b = 0; b < 16; b++)
    prod[b] = 1.0;
#pragma gpupar reduction(min : lo[0 : BINS]) reduction(max : hi[0 : BINS], top[0 : BINS])          \
    reduction(* : prod[0 : 16]) reduction(| : bits_or[0 : BINS]) reduction(^ : bits_xor[0 : BINS]) \
        reduction(& : small_and[0 : BINS]) reduction(+ : small_add[0 : BINS])                      \
            reduction(|| : seen[0 : BINS])
  for (int i = 0; i < n; i++) {
    int b = bytes[i] % BINS;
    lo[b] = fmin(lo[b], reals[i]);
    hi[b] = fmax(reals[i], hi[b]);
    top[b] = i % 1000 > top[b] ? i % 1000 : top[b];
    seen[b] = seen[b] || bytes[i] == 7;
    if (i % 5000 == 0)
      prod[i % 16] *= 1.0 + (double)(bytes[i] % 4) / 4.0;
    bits_or[b] |= 1u << (i % 32);
    bits_xor[b] ^= (unsigned)i * 2654435761u;
    small_and[b] &= (unsigned char)~(1u << (i % 9));
    small_add[b] += (short)(i % 3);
  }
  /* The serial reference. The products have few factors of the form 1 + k/4: exact in any
   * order, so every result compares exactly. */
  double r_lo[BINS], r_hi[BINS], r_prod[16];
  int r_top[BINS], r_seen[BINS];
  unsigned r_or[BINS], r_xor[BINS];
  unsigned char r_and[BINS];
  short r_add[BINS];
  for (int b = 0; b < BINS; b++) {
    r_lo[b] = 1e9, r_hi[b] = -1e9, r_top[b] = -1, r_seen[b] = 0;
    r_or[b] = 0, r_xor[b] = (unsigned)b, r_and[b] = 0xff, r_add[b] = (short)b;
  }
  for (int b = 0; b < 16; b++)
    r_prod[b] = 1.0;
  for (int i = 0; i < n; i++) {
    int b = bytes[i] % BINS;
    r_lo[b] = fmin(r_lo[b], reals[i]);
    r_hi[b] = fmax(reals[i], r_hi[b]);
    r_top[b] = i % 1000 > r_top[b] ? i % 1000 : r_top[b];
    r_seen[b] = r_seen[b] || bytes[i] == 7;
    if (i % 5000 == 0)
      r_prod[i % 16] *= 1.0 + (double)(bytes[i] % 4) / 4.0;
    r_or[b] |= 1u << (i % 32);
    r_xor[b] ^= (unsigned)i * 2654435761u;
    r_and[b] &= (unsigned char)~(1u << (i % 9));
    r_add[b] += (short)(i % 3);
  }
  for (int b = 0; b < BINS; b++)
    expect(lo[b] == r_lo[b] && hi[b] == r_hi[b] && top[b] == r_top[b] && seen[b] == r_seen[b] &&
               bits_or[b] == r_or[b] && bits_xor[b] == r_xor[b] && small_and[b] == r_and[b] &&
               small_add[b] == r_add[b],
           "operators");
  for (int b = 0; b < 16; b++)
    expect(prod[b] == r_prod[b], "operators (prod)");
  printf("minmax:");
  for (int b = 0; b < BINS; b++)
    printf(" %g/%g/%d/%d", lo[b], hi[b], top[b], seen[b]);
  printf("\nprod:");
  for (int b = 0; b < 16; b++)
    printf(" %.6g", prod[b]);
  printf("\nbits:");
  for (int b = 0; b < BINS; b++)
    printf(" %x/%x/%x/%d", bits_or[b], bits_xor[b], small_and[b], small_add[b]);
  printf("\n");
}

/* A floating histogram of sums that are not exact: each chunk adds in its own order, so the
 * result is compared with a serial loop in this program within a relative 1e-4 (float). */
static void float_sums(int n) {
  float sum[BINS], ref[BINS];
  for (int b = 0; b < BINS; b++)
    sum[b] = ref[b] = 0.5f;
#pragma gpupar reduction(+ : sum [0:BINS])
  for (int i = 0; i < n; i++)
    sum[bytes[i] % BINS] += 0.001f * (float)(i % 100);
  for (int i = 0; i < n; i++)
    ref[bytes[i] % BINS] += 0.001f * (float)(i % 100);
  int outside = 0;
  for (int b = 0; b < BINS; b++)
    outside += !(fabsf(sum[b] - ref[b]) <= 1e-4f * fabsf(ref[b]));
  expect(outside == 0, "float_sums");
  printf("float: %d of %d sums outside the tolerance\n", outside, BINS);
}

int main(void) {
  fill();
  histograms(N);
  histograms(5); /* fewer iterations than devices */
  offset_section(N);
  operators(N);
  float_sums(N);
  return bad ? 1 : 0;
}
