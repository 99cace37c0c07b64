/* A loop the plugin cannot offload: gpuparcc must succeed, show the warning, and the program
 * must still compute the serial result. */
#include <stdio.h>

int external_step(int);

int apply(int n, int *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = external_step(a[i]);
  return a[n - 1];
}
