/* Old-style C that gcc accepts with warnings: implicit int, K&R definitions, an implicit
 * declaration, an int/pointer conversion. Checks its own result. */
#include <stdio.h>
static total;
float data[256];

fill(a, n)
float *a;
{
  int i;
#ifndef NO_PRAGMA
#pragma gpupar
#endif
  for (i = 0; i < n; i++)
    a[i] = i * 0.5f;
  return n;
}

main()
{
  int i, bad = 0;
  long p = (long)data;
  fill(data, 256);
  for (i = 0; i < 256; i++)
    bad += data[i] != i * 0.5f;
  total = later(bad);
  return total != 0 || p == 0;
}

later(x) { return x; }
