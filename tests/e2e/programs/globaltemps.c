/* Global scalars that offloaded loops write, as older C code (the NAS Parallel Benchmarks' BT:
 * `static double tmp1, tmp2, tmp3;`) writes them: temporaries assigned in every iteration before
 * they are read (each iteration has its own; the last iteration's value is left in the global),
 * a global counter and a global maximum updated in some iterations (reductions into the
 * global), a global flag set to a constant, and a temporary written in an inner loop (its
 * last value is known when the inner loop runs, which the host checks before the loop; see
 * analysis.c for the inner loop that does not run). Functions read the globals after the loops.
 * Every element and every global is compared with the same loops run serially; exit status 1 on
 * a mismatch. */
#include <stdio.h>

#define N 5003

static double tmp1, tmp2, tmp3;
int negatives;
double largest = -1.0;
int any_half;
static double u[N], v[N], w[N], ref_v[N], ref_w[N];
static int cols[2];
static double grid[64][32], row_sum[64];
static int bad;

static void expect(const char *what, double got, double want) {
  if (got != want && bad++ < 10)
    fprintf(stderr, "globaltemps: %s is %.17g, serially %.17g\n", what, got, want);
}

static void temps(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    tmp1 = 1.0 / u[i];
    tmp2 = tmp1 * tmp1;
    tmp3 = tmp1 * tmp2;
    v[i] = tmp1 + tmp2 * 0.5 + tmp3 * 0.25;
  }
}

static void counts(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    w[i] = u[i] * 2.0;
    if (u[i] < 0)
      negatives++;
    if (u[i] > largest)
      largest = u[i];
    if (u[i] == 0.5)
      any_half = 1;
  }
}

static void rows(int n) {
#pragma gpupar
  for (int r = 0; r < n; r++) {
    row_sum[r] = 0;
    for (int c = 0; c < cols[1]; c++) {
      tmp3 = grid[r][c] * 0.5;
      row_sum[r] += tmp3;
    }
  }
}

static double reported(void) { return tmp1 + tmp2 + tmp3; }

int main(void) {
  for (int i = 0; i < N; i++)
    u[i] = (i % 7 == 3 ? -1.0 : 1.0) * ((i * 37) % 101 + 1) * 0.5;
  temps(N);
  counts(N);
  double got = reported(); /* the globals after the loops */
  cols[1] = 29;
  for (int r = 0; r < 64; r++)
    for (int c = 0; c < 32; c++)
      grid[r][c] = (r * 3 + c) % 17;
  rows(61);
  expect("tmp3 after rows", tmp3, grid[60][28] * 0.5);
  for (int r = 0; r < 61; r++) {
    double sum = 0;
    for (int c = 0; c < 29; c++)
      sum += grid[r][c] * 0.5;
    expect("row_sum", row_sum[r], sum);
  }
  int got_negatives = negatives, got_zero = any_half;
  double got_largest = largest;

  /* The serial reference. */
  double r1 = 0, r2 = 0, r3 = 0, rl = -1.0;
  int rn = 0, rz = 0;
  for (int i = 0; i < N; i++) {
    r1 = 1.0 / u[i];
    r2 = r1 * r1;
    r3 = r1 * r2;
    ref_v[i] = r1 + r2 * 0.5 + r3 * 0.25;
    ref_w[i] = u[i] * 2.0;
    rn += u[i] < 0;
    rl = u[i] > rl ? u[i] : rl;
    rz |= u[i] == 0.5;
  }
  char what[32];
  for (int i = 0; i < N; i++) {
    snprintf(what, sizeof what, "v[%d]", i);
    expect(what, v[i], ref_v[i]);
    snprintf(what, sizeof what, "w[%d]", i);
    expect(what, w[i], ref_w[i]);
  }
  expect("tmp1 + tmp2 + tmp3", got, r1 + r2 + r3);
  expect("negatives", got_negatives, rn);
  expect("largest", got_largest, rl);
  expect("any_half", got_zero, rz);
  printf("globaltemps: %.17g %d %.17g %d\n", got, got_negatives, got_largest, got_zero);
  return bad ? 1 : 0;
}
