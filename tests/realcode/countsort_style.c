/* A counting sort of records by key, written the way sorting and particle-binning codes are: a
 * histogram of the keys (an array reduction), a serial prefix sum giving each record its place
 * (stable), then the records scattered to their places and the inverse permutation written by
 * loops over the records: 'independent' because the places are a permutation, 'map' giving the
 * extent of the arrays written at those places. Checks that the keys come out sorted and that
 * the scatter put every record where the serial one does. */
#include <stdio.h>
#include <stdlib.h>

#define N 20011
#define NB 97

static int key[N], place[N], skey[N], inv[N];
static double val[N], sval[N];
static long count[NB];

int main(void) {
  int i, b;
  for (i = 0; i < N; i++) {
    key[i] = (int)((i * 7919L + 3) % NB);
    val[i] = i * 0.5 - 100.0;
  }
  for (b = 0; b < NB; b++)
    count[b] = 0;

#pragma gpupar reduction(+ : count[0 : NB])
  for (i = 0; i < N; i++)
    count[key[i]]++;

  /* Serial: where each bucket starts, then each record's place (stable order). */
  long start[NB], next[NB], at = 0;
  for (b = 0; b < NB; b++) {
    start[b] = next[b] = at;
    at += count[b];
  }
  for (i = 0; i < N; i++)
    place[i] = (int)next[key[i]]++;

#pragma omp parallel for
#pragma gpupar independent map(tofrom : skey[0 : N], sval[0 : N])
  for (i = 0; i < N; i++) {
    int p = place[i];
    skey[p] = key[i];
    sval[p] = val[i];
  }

#pragma gpupar independent map(tofrom : inv[0 : N])
  for (i = 0; i < N; i++)
    inv[place[i]] = i;

  long bad = 0;
  for (i = 0; i < N; i++) {
    bad += i > 0 && skey[i - 1] > skey[i];
    bad += skey[i] != key[inv[i]] || sval[i] != val[inv[i]] || place[inv[i]] != i;
  }
  for (b = 0; b < NB; b++)
    bad += start[b] + count[b] != (b + 1 < NB ? start[b + 1] : N);
  unsigned long long h = 0;
  for (i = 0; i < N; i++)
    h = h * 31 + (unsigned long long)skey[i] * 7 + (unsigned long long)inv[i];
  printf("countsort: %llx buckets %ld..%ld first %d %g last %d %g%s\n", h, count[0], count[NB - 1],
         skey[0], sval[0], skey[N - 1], sval[N - 1], bad ? " (WRONG)" : "");
  return bad ? 1 : 0;
}
