/* Perfect nests without a 'collapse' clause: the plugin collapses those whose inner iterations
 * it proves independent (a Jacobi step on a flattened grid, a scaling of rows by a per-row
 * factor, a sum over the whole nest) and keeps one thread per row for the others (a prefix sum
 * along each row, a row cut short by 'break'). Prints checksums and compares every element
 * with the *_serial copies of the loops, exactly: integer-valued doubles and products by powers
 * of two (exit status 1 on a mismatch). */
#include <stdio.h>

#define NI 71
#define NJ 53

static double in[NI * NJ], out[NI * NJ], rout[NI * NJ];
static double rows[NI][NJ], rrows[NI][NJ];
static int cut[NI][NJ], rcut[NI][NJ];

static unsigned long long checksum(const void *p, size_t n) {
  const unsigned char *b = p;
  unsigned long long h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* Collapsed: the subscripts are symbolic in m (i*m + j), the forcing test proves j free. */
static void jacobi(int n, int m, const double *a, double *b) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i * m + j] = 0.25 * (a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] +
                             a[i * m + j + 1]);
}

/* Collapsed, with a sum over the nest. */
static long long scale(int n, const double *f) {
  long long s = 3;
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < NJ; j++) {
      rows[i][j] = rows[i][j] * f[i] + j;
      s += (long long)rows[i][j];
    }
  return s;
}

/* Not collapsed: each row depends on its own previous element. */
static void prefix(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 1; j < NJ; j++)
      rows[i][j] += rows[i][j - 1];
}

/* Not collapsed: the break ends the row. */
static void until_negative(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < NJ; j++) {
      if (cut[i][j] < 0)
        break;
      cut[i][j] = i + j;
    }
}

static void jacobi_serial(int n, int m, const double *a, double *b) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i * m + j] = 0.25 * (a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] +
                             a[i * m + j + 1]);
}

static long long scale_serial(int n, const double *f) {
  long long s = 3;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < NJ; j++) {
      rrows[i][j] = rrows[i][j] * f[i] + j;
      s += (long long)rrows[i][j];
    }
  return s;
}

static void prefix_serial(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < NJ; j++)
      rrows[i][j] += rrows[i][j - 1];
}

static void until_negative_serial(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < NJ; j++) {
      if (rcut[i][j] < 0)
        break;
      rcut[i][j] = i + j;
    }
}

int main(void) {
  static double f[NI];
  for (int e = 0; e < NI * NJ; e++)
    in[e] = (double)(e % 97) * 4.0, out[e] = rout[e] = -1.0;
  for (int i = 0; i < NI; i++) {
    f[i] = (i % 3) ? 0.5 : 2.0;
    for (int j = 0; j < NJ; j++) {
      rows[i][j] = rrows[i][j] = (double)(i * j % 13);
      cut[i][j] = rcut[i][j] = (j == (i * 7) % NJ) ? -1 : 0;
    }
  }
  long bad = 0;
  jacobi(NI, NJ, in, out);
  jacobi_serial(NI, NJ, in, rout);
  for (int e = 0; e < NI * NJ; e++)
    bad += out[e] != rout[e];
  printf("jacobi: %llx\n", checksum(out, sizeof out));
  long long s = scale(NI, f), rs = scale_serial(NI, f);
  bad += s != rs;
  printf("scale: sum=%lld\n", s);
  prefix(NI);
  prefix_serial(NI);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      bad += rows[i][j] != rrows[i][j];
  printf("rows: %llx\n", checksum(rows, sizeof rows));
  until_negative(NI);
  until_negative_serial(NI);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      bad += cut[i][j] != rcut[i][j];
  printf("cut: %llx\n", checksum(cut, sizeof cut));
  if (bad)
    fprintf(stderr, "autocollapse: %ld results differ from the serial computation\n", bad);
  return bad ? 1 : 0;
}
