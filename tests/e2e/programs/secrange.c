/* Array reductions whose element indices leave the section at run time. The same loop is called
 * with indices that stay inside its sections (it offloads) and with one update below or above a
 * section (the call must notice, change nothing, and run serially: gpupar warns once). The loop
 * also writes another array and a scalar reduction, which must not be applied twice. Every
 * element is compared with the same computation done serially; exit status 1 on a mismatch. */
#include <stdio.h>
#include <string.h>

#define N 60000
#define BINS 64
#define PAD 8

static unsigned char key[N];

/* hist: PAD + BINS + PAD elements, reduced over [PAD, PAD + BINS); top: BINS + PAD elements,
 * reduced over [0, BINS). `stray` picks the update that leaves a section: 0 none, 1 hist below,
 * 2 hist above, 3 top above. */
static long step(int *hist, long *top, long *out, int n, int stray) {
  long total = 0;
#pragma gpupar reduction(+ : hist [PAD:BINS], total) reduction(max : top [0:BINS])
  for (int i = 0; i < n; i++) {
    int b = PAD + key[i] % BINS, t = key[i] / 4 % BINS;
    if (i == n / 2 + 7 && stray == 1)
      b = PAD - 1 - key[i] % PAD;
    if (i == n / 3 + 1 && stray == 2)
      b = PAD + BINS + key[i] % PAD;
    if (i == n - 2 && stray == 3)
      t = BINS + key[i] % PAD;
    hist[b]++;
    top[t] = i % 977 > top[t] ? i % 977 : top[t];
    out[i] = out[i] + key[i];
    total += key[i] % 3;
  }
  return total;
}

static long step_serial(int *hist, long *top, long *out, int n, int stray) {
  long total = 0;
  for (int i = 0; i < n; i++) {
    int b = PAD + key[i] % BINS, t = key[i] / 4 % BINS;
    if (i == n / 2 + 7 && stray == 1)
      b = PAD - 1 - key[i] % PAD;
    if (i == n / 3 + 1 && stray == 2)
      b = PAD + BINS + key[i] % PAD;
    if (i == n - 2 && stray == 3)
      t = BINS + key[i] % PAD;
    hist[b]++;
    top[t] = i % 977 > top[t] ? i % 977 : top[t];
    out[i] = out[i] + key[i];
    total += key[i] % 3;
  }
  return total;
}

static int hist[PAD + BINS + PAD], r_hist[PAD + BINS + PAD];
static long top[BINS + PAD], r_top[BINS + PAD];
static long out[N], r_out[N];

int main(void) {
  unsigned long long s = 88172645463325252ull;
  for (int i = 0; i < N; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    key[i] = (unsigned char)(s >> 11);
    out[i] = r_out[i] = i % 11;
  }
  for (int b = 0; b < PAD + BINS + PAD; b++)
    hist[b] = r_hist[b] = b;
  for (int b = 0; b < BINS + PAD; b++)
    top[b] = r_top[b] = -1;
  /* Inside, below, inside, above, the other array above, inside. */
  static const int strays[] = {0, 1, 0, 2, 3, 0};
  long bad = 0;
  for (unsigned c = 0; c < sizeof strays / sizeof *strays; c++) {
    long total = step(hist, top, out, N, strays[c]);
    long r_total = step_serial(r_hist, r_top, r_out, N, strays[c]);
    long diff = total != r_total;
    for (int b = 0; b < PAD + BINS + PAD; b++)
      diff += hist[b] != r_hist[b];
    for (int b = 0; b < BINS + PAD; b++)
      diff += top[b] != r_top[b];
    for (int i = 0; i < N; i++)
      diff += out[i] != r_out[i];
    if (diff)
      fprintf(stderr, "secrange: call %u (stray %d): %ld results differ from the serial loop\n", c,
              strays[c], diff);
    bad += diff;
    long sum = 0;
    for (int b = 0; b < PAD + BINS + PAD; b++)
      sum += (long)hist[b] * (b + 1);
    for (int b = 0; b < BINS + PAD; b++)
      sum += top[b] * (b + 3);
    for (int i = 0; i < N; i += 97)
      sum += out[i];
    printf("call %u: stray %d total %ld checksum %ld\n", c, strays[c], total, sum);
  }
  return bad ? 1 : 0;
}
