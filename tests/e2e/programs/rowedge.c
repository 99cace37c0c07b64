/* Subscripts that reach past the edge of a row (DataRaceBench DRB014): `b[i][j - 1]` at j = 0 is
 * the previous row's last element, so row i reads what row i - 1 wrote. gpupar must keep that
 * loop serial (it did not: rows were taken for independent); the same loop starting at j = 1
 * stays inside every row and is offloaded. So must a second loop over j from 0 after a first
 * from 1 (`siblings`: the test once took the first loop's range for both). Every element is
 * compared with serial copies of the loops (exit status 1 on a mismatch). */
#include <stdio.h>

#define N 300
#define M 97

static void edge(int n, int m, double b[n][m]) {
  int i, j;
#pragma gpupar private(j)
  for (i = 1; i < n; i++)
    for (j = 0; j < m; j++)
      b[i][j] = b[i][j - 1] + 1;
}

static void edge_serial(int n, int m, double b[n][m]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = b[i][j - 1] + 1;
}

static void past(int n, double c[][M]) {
#pragma gpupar
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < M; j++)
      c[i][j + 1] = c[i][j] * 0.5 + 1;
}

static void past_serial(int n, double c[][M]) {
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < M; j++)
      c[i][j + 1] = c[i][j] * 0.5 + 1;
}

static void inside(int n, int m, double b[n][m]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      b[i][j] = b[i][j - 1] + 1;
}

static void inside_serial(int n, int m, double b[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      b[i][j] = b[i][j - 1] + 1;
}

/* `parallel` 0: the serial reference. */
static void siblings(int n, double w[][M], double y[][M], int parallel) {
  int i, j;
#pragma gpupar if (parallel)
  for (i = 1; i < n; i++) {
    for (j = 1; j < M; j++)
      w[i][j] = i * 10 + j;
    for (j = 0; j < M; j++)
      y[i][j] = w[i][j - 1];
  }
}

static double b[N][M], bs[N][M], c[N][M], cs[N][M];

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      b[i][j] = bs[i][j] = c[i][j] = cs[i][j] = (i * M + j) % 13;
}

static long compare(const char *what, double x[N][M], double y[N][M]) {
  long bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (x[i][j] != y[i][j] && bad++ == 0)
        printf("%s: [%d][%d] is %.17g, serially %.17g\n", what, i, j, x[i][j], y[i][j]);
  return bad;
}

int main(void) {
  long bad = 0;
  fill();
  edge(N, M, b);
  edge_serial(N, M, bs);
  past(N, c);
  past_serial(N, cs);
  bad += compare("edge", b, bs) + compare("past", c, cs);
  fill();
  inside(N, M, b);
  inside_serial(N, M, bs);
  bad += compare("inside", b, bs);
  fill();
  siblings(N, b, c, 1);
  siblings(N, bs, cs, 0);
  bad += compare("siblings", b, bs) + compare("siblings", c, cs);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += b[i][j] + c[i][j];
  printf("rowedge: sum=%.17g\n", sum);
  if (bad)
    printf("rowedge: %ld elements differ from the serial loops\n", bad);
  return bad != 0;
}
