/* FLAGS: -std=gnu89 */
/* An old-style program: K&R definitions, implicit int, implicit function declarations, an
 * int/pointer conversion, and pragmas under '#ifdef OPEN' as benchmark suites write them.
 * Built with -DOPEN, checks its parallel results against a serial computation. */
#include <stdio.h>
#include <stdlib.h>

#define N 4000
static nerr;
float src[N], dst[N], ref[N];

scale(a, b, n, f)
float *a, *b; int n; double f;
{
  int i;
#ifdef OPEN
#pragma gpupar
#endif
  for (i = 0; i < n; i++)
    b[i] = a[i] * f + 1;
  return n;
}

count_big(a, n, limit)
float *a;
{
  int i, cnt = 0;
#ifdef OPEN
  #pragma gpupar
#else
  /* the serial build keeps this branch: anything may stand here */
  #pragma omp parallel for reduction(+:cnt)
#endif
  for (i = 0; i < n; i++)
    if (a[i] > limit)
      cnt++;
  return cnt;
}

main(argc, argv)
char **argv;
{
  int i, big, expect = 0;
  long addr = (long)src; /* int/pointer conversion, a warning in gcc */
  for (i = 0; i < N; i++)
    src[i] = (i * 37) % 101;
  scale(src, dst, N, 0.5);
  big = count_big(src, N, 50);
  for (i = 0; i < N; i++) {
    ref[i] = src[i] * 0.5 + 1;
    if (dst[i] != ref[i])
      nerr++;
    expect += src[i] > 50;
  }
  if (big != expect)
    nerr++;
  report(nerr, big);
  return nerr != 0 || addr == 0;
}

report(e, b)
{
  printf("errors %d big %d\n", e, b);
  return 0;
}
