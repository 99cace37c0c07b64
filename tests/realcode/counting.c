/* Counting and flag-setting loops as users write them: cnt++, x--, x -= e, if (c) flag = 1,
 * stop = true, next to '#pragma omp parallel for' lines left in place. */
#include <stdbool.h>
#include <stdio.h>

#define N 5000
static double v[N];

int main(void) {
  int i, pos = 0, neg = 0, zero = 0, found = 0, sane = 1;
  long debt = 100000;
  bool stop = false;
  for (i = 0; i < N; i++)
    v[i] = (double)((i * 7919) % 201) - 100.0;

#pragma omp parallel for reduction(+: pos, zero)
#pragma gpupar reduction(+: pos, zero)
  for (i = 0; i < N; i++) {
    if (v[i] > 0)
      pos++;
    else if (v[i] == 0)
      zero += 1;
  }
#pragma gpupar
  for (i = 0; i < N; i++) {
    if (v[i] < 0)
      neg--;
    debt -= (long)v[i];
    if (v[i] == 100.0)
      found = 1;
    if (v[i] > 1000.0)
      sane = 0;
    if (v[i] < -99.5)
      stop = true;
  }

  int epos = 0, eneg = 0, ezero = 0, efound = 0, esane = 1;
  long edebt = 100000;
  bool estop = false;
  for (i = 0; i < N; i++) {
    epos += v[i] > 0;
    ezero += v[i] == 0;
    eneg -= v[i] < 0;
    edebt -= (long)v[i];
    if (v[i] == 100.0)
      efound = 1;
    if (v[i] > 1000.0)
      esane = 0;
    if (v[i] < -99.5)
      estop = true;
  }
  printf("pos %d zero %d neg %d debt %ld found %d sane %d stop %d\n", pos, zero, neg, debt, found,
         sane, stop);
  if (pos != epos || zero != ezero || neg != eneg || debt != edebt || found != efound ||
      sane != esane || stop != estop) {
    printf("MISMATCH\n");
    return 1;
  }
  return 0;
}
