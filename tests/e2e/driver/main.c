/* Links with serial_warning.c and scale.c: several files, one of them without gpupar loops. */
#include <stdio.h>

int apply(int n, int *a);
void scale(int n, int *a);

int external_step(int v) { return v * 3 + 1; }

int main(void) {
  int a[100];
  for (int i = 0; i < 100; i++)
    a[i] = i;
  scale(100, a);
  int last = apply(100, a);
  long sum = 0;
  for (int i = 0; i < 100; i++)
    sum += a[i];
  printf("last=%d sum=%ld\n", last, sum);
  return !(last == 99 * 2 * 3 + 1 && sum == 3 * 9900 + 100);
}
