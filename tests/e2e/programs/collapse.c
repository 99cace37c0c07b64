/* collapse(2) and collapse(3): every iteration of the nest runs once with the right indices
 * (steps, downward loops, offsets, unsigned and narrow loop variables), with reductions, and
 * with an empty inner loop. Prints checksums of every element and the reduction results, and
 * compares every element with the *_serial copies of the loops, exactly: the values are integers
 * or products by powers of two, so a device contracting a*b+c gets the same result (exit status 1
 * on a mismatch). */
#include <stdio.h>

#define NI 67
#define NJ 45
#define NK 13

static double grid[NI][NJ], src[NI][NJ];
static int cube[NI][NJ][NK];
static float flat[NI * NJ];
static double rgrid[NI][NJ]; /* the serial results */
static int rcube[NI][NJ][NK];
static float rflat[NI * NJ];

static unsigned long long checksum(const void *p, size_t n) {
  const unsigned char *b = p;
  unsigned long long h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* A 2-D stencil-like write; the inner loop counts down with step -2 and starts at an offset. */
static void two(int ni, int nj) {
#pragma gpupar collapse(2)
  for (int i = 1; i < ni; i++)
    for (int j = nj - 1; j >= 3; j -= 2)
      grid[i][j] = src[i - 1][j] * 0.5 + (double)(i * 100 + j);
}

/* 3-D, unsigned and short loop variables, a scalar reduction over the whole nest. */
static long long three(unsigned ni) {
  long long sum = 7;
#pragma gpupar collapse(3) reduction(+ : sum)
  for (unsigned i = 0; i < ni; i++)
    for (short j = 0; j < NJ; j++)
      for (int k = NK - 1; k >= 0; k--) {
        cube[i][j][k] = (int)(i * 10000u) + j * 100 + k;
        sum += (long long)(i ^ (unsigned)j) * (k + 1);
      }
  return sum;
}

/* A flattened 2-D array (a[i*n + j]) with an inclusive inner bound and a histogram. */
static void flattened(int ni, int nj, int hist[16]) {
#pragma gpupar collapse(2) reduction(+ : hist [0:16])
  for (int i = 0; i < ni; i++)
    for (int j = 0; j <= nj - 1; j++) {
      flat[i * nj + j] = (float)(i - j) / 4.0f;
      hist[(i * 7 + j * 3) % 16]++;
    }
}

/* The serial references: the same loops without the pragma. */
static void two_serial(int ni, int nj) {
  for (int i = 1; i < ni; i++)
    for (int j = nj - 1; j >= 3; j -= 2)
      rgrid[i][j] = src[i - 1][j] * 0.5 + (double)(i * 100 + j);
}

static long long three_serial(unsigned ni) {
  long long sum = 7;
  for (unsigned i = 0; i < ni; i++)
    for (short j = 0; j < NJ; j++)
      for (int k = NK - 1; k >= 0; k--) {
        rcube[i][j][k] = (int)(i * 10000u) + j * 100 + k;
        sum += (long long)(i ^ (unsigned)j) * (k + 1);
      }
  return sum;
}

static void flattened_serial(int ni, int nj, int hist[16]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j <= nj - 1; j++) {
      rflat[i * nj + j] = (float)(i - j) / 4.0f;
      hist[(i * 7 + j * 3) % 16]++;
    }
}

static long differ_grid(void) {
  long bad = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      bad += grid[i][j] != rgrid[i][j];
  return bad;
}

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      grid[i][j] = rgrid[i][j] = 1.0 + i + j, src[i][j] = 2.0 * i - j;
  two(NI, NJ);
  two_serial(NI, NJ);
  long bad = differ_grid();
  printf("two: %llx\n", checksum(grid, sizeof grid));
  two(NI, 2); /* the inner loop runs no iteration */
  two_serial(NI, 2);
  bad += differ_grid();
  printf("two, empty inner: %llx\n", checksum(grid, sizeof grid));
  long long s = three(NI);
  bad += s != three_serial(NI);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        bad += cube[i][j][k] != rcube[i][j][k];
  printf("three: %llx sum=%lld\n", checksum(cube, sizeof cube), s);
  int hist[16] = {0}, rhist[16] = {0};
  flattened(NI, NJ, hist);
  flattened_serial(NI, NJ, rhist);
  for (int e = 0; e < NI * NJ; e++)
    bad += flat[e] != rflat[e];
  for (int b = 0; b < 16; b++)
    bad += hist[b] != rhist[b];
  printf("flat: %llx hist:", checksum(flat, sizeof flat));
  for (int b = 0; b < 16; b++)
    printf(" %d", hist[b]);
  printf("\n");
  if (bad)
    fprintf(stderr, "collapse: %ld results differ from the serial computation\n", bad);
  return bad ? 1 : 0;
}
