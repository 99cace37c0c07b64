/* Loops that gpupar's analysis now accepts, next to loops it must keep serial, all checked
 * against the serial build:
 *  - an inner loop counter declared at the top of the function (privatised), a temporary read
 *    after the loop (its last value is kept), reductions found without a clause;
 *  - arrays of structs and a helper function defined in this file;
 *  - a global temporary written in an inner loop: its last value is kept when the inner loop
 *    runs, and the loop runs serially when it does not (the host's guard before the loop);
 *  - a loop that stays serial at compile time (a scalar carries a value between iterations)
 *    and calls whose arrays overlap (run serially by the run-time alias guard: f(n, buf + 1, buf)).
 * Sums are of small integers in doubles, so every reduction order gives the same result, and the
 * other floating operations are exact (adds of small integers, products by powers of two): every
 * element is compared exactly with the *_serial copies of the loops (exit status 1 if not). */
#include <stdio.h>
#include <stdlib.h>

struct Particle {
  double x, v;
};

static double kick(double v, double dt) { return v + 2.0 * dt; }

static double rows(int n, int m, const double *a, double *b) {
  int j;
  double last = 0, sum = 0, hi = -1e300;
  long bits = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    for (j = 0; j < m; j++) {
      b[i * m + j] = a[i * m + (m - 1 - j)] + j;
      sum += b[i * m + j];
    }
    last = b[i * m];
    hi = hi > a[i * m + 2] * i ? hi : a[i * m + 2] * i;
    bits |= (long)a[i * m + 3] << (i % 8);
  }
  return last + sum + hi + (double)bits + j;
}

static double temp_g = 7;
static int width_g;

static void fill(int n, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    b[i] = 1;
    for (int j = 0; j < width_g; j++) {
      temp_g = a[i] + j;
      b[i] += temp_g;
    }
  }
}

/* Returns the number of elements of fill(n, a, b) with width `w` that differ from the serial
 * loop, temp_g included. */
static long check_fill(int n, const double *a, int w) {
  double before = temp_g, *b = malloc(sizeof *b * n);
  if (!b)
    return 1;
  width_g = w;
  fill(n, a, b);
  long bad = temp_g != (w > 0 ? a[n - 1] + (w - 1) : before);
  for (int i = 0; i < n; i++)
    bad += b[i] != 1 + w * a[i] + w * (w - 1) / 2;
  printf("analysis: fill width %d temp %.17g\n", w, temp_g);
  free(b);
  return bad;
}

/* The serial references: the same loops without the pragma. */
static double rows_serial(int n, int m, const double *a, double *b) {
  int j;
  double last = 0, sum = 0, hi = -1e300;
  long bits = 0;
  for (int i = 0; i < n; i++) {
    for (j = 0; j < m; j++) {
      b[i * m + j] = a[i * m + (m - 1 - j)] + j;
      sum += b[i * m + j];
    }
    last = b[i * m];
    hi = hi > a[i * m + 2] * i ? hi : a[i * m + 2] * i;
    bits |= (long)a[i * m + 3] << (i % 8);
  }
  return last + sum + hi + (double)bits + j;
}

static void step_serial(int n, struct Particle *p, double dt) {
  for (int i = 0; i < n; i++) {
    p[i].v = kick(p[i].v, dt);
    p[i].x = p[i].x + p[i].v * dt;
  }
}

static void shift_serial(int n, const float *src, float *dst) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0f;
}

static void step(int n, struct Particle *p, double dt) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    p[i].v = kick(p[i].v, dt);
    p[i].x = p[i].x + p[i].v * dt;
  }
}

static void shift(int n, const float *src, float *dst) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0f;
}

static double gather(int n, const double *a, double *out) {
  double total = 0;
  /* The analysis cannot tell which elements of a are read (no map clause): the loop stays
   * serial with a warning, and the program still gives the serial answer. */
#pragma gpupar
  for (int i = 0; i < n; i++) {
    out[i] = a[(i * 7) % n];
    total += out[i];
  }
  return total;
}

int main(void) {
  int n = 3001, m = 7;
  double *a = malloc(sizeof *a * n * m), *b = malloc(sizeof *b * n * m);
  struct Particle *p = malloc(sizeof *p * n);
  float *buf = malloc(sizeof *buf * (n + 1)), *out = malloc(sizeof *out * n);
  double *r = malloc(sizeof *r * n), *rb = malloc(sizeof *rb * n * m);
  struct Particle *rp = malloc(sizeof *rp * n);
  float *rbuf = malloc(sizeof *rbuf * (n + 1)), *rout = malloc(sizeof *rout * n);
  if (!a || !b || !p || !buf || !out || !r || !rb || !rp || !rbuf || !rout)
    return 2;
  for (int k = 0; k < n * m; k++)
    a[k] = k % 13;
  for (int i = 0; i < n; i++)
    p[i] = rp[i] = (struct Particle){i % 5, i % 3};
  for (int i = 0; i <= n; i++)
    buf[i] = rbuf[i] = (float)(i % 11);

  double s = rows(n, m, a, b);
  step(n, p, 0.25);
  shift(n, buf, out);     /* disjoint: offloaded */
  shift(n, buf + 1, buf); /* overlapping: the alias guard runs it serially */
  shift(n, buf, buf + 1); /* overlapping the other way: a recurrence serially */
  double c = gather(n, a, r);

  double rs = rows_serial(n, m, a, rb);
  step_serial(n, rp, 0.25);
  shift_serial(n, rbuf, rout);
  shift_serial(n, rbuf + 1, rbuf);
  shift_serial(n, rbuf, rbuf + 1);
  long bad = s != rs;
  bad += check_fill(n, a, 0); /* the inner loop runs no iteration: serial */
  bad += check_fill(n, a, 3);
  for (int k = 0; k < n * m; k++)
    bad += b[k] != rb[k];
  for (int i = 0; i < n; i++)
    bad += p[i].x != rp[i].x || p[i].v != rp[i].v || out[i] != rout[i];
  for (int i = 0; i <= n; i++)
    bad += buf[i] != rbuf[i];
  double rc = 0; /* gather stays serial; its result is checked all the same */
  for (int i = 0; i < n; i++) {
    bad += r[i] != a[(i * 7) % n];
    rc += a[(i * 7) % n];
  }
  bad += c != rc;
  if (bad)
    fprintf(stderr, "analysis: %ld results differ from the serial computation\n", bad);

  double check = 0;
  for (int k = 0; k < n * m; k++)
    check += b[k] * (k % 3 + 1);
  double px = 0, pv = 0;
  for (int i = 0; i < n; i++)
    px += p[i].x, pv += p[i].v;
  double so = 0, sb = 0, sr = 0;
  for (int i = 0; i < n; i++)
    so += out[i], sb += buf[i] * (i % 4 + 1), sr += r[i];
  printf("analysis: rows=%.17g check=%.17g\n", s, check);
  printf("analysis: particles x=%.17g v=%.17g\n", px, pv);
  printf("analysis: shift=%.17g alias=%.17g last=%.9g\n", so, sb, buf[n]);
  printf("analysis: gather=%.17g total=%.17g\n", sr, c);
  free(a), free(b), free(p), free(buf), free(out), free(r);
  free(rb), free(rp), free(rbuf), free(rout);
  return bad ? 1 : 0;
}
