/* Struct members written in place are parts of their elements: the other members, and the
 * other elements of an array member, must stay as they were. An array of structs whose loop
 * writes one member of each element (chunks of it on several devices must not bring back the
 * elements' other members unset), an array member of one struct written element by element,
 * the rows of a 2-D array member, and members of the previous element read while this one's
 * are written. Two loops only write (no member of the array is read): the elements must still
 * come in first. Every member of every element is compared with the same loops run serially;
 * exit status 1 on a mismatch, and a checksum for the comparison with a plain build. */
#include <stdio.h>
#include <stdlib.h>

#define N 30011 /* elements: not a multiple of 3 devices */
#define V 4096

struct particle {
  int id;
  double x, y, w;
  double hist[4];
};
struct field {
  int n;
  double v[V];
  double m[2][V / 2];
};

static int bad;

static void expect(const char *what, long i, double got, double want) {
  if (got != want && bad++ < 10)
    fprintf(stderr, "memberparts: %s at %ld is %.17g, serially %.17g\n", what, i, got, want);
}

static void move_x(struct particle *p, int n, double dt) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    p[i].x = p[i].x + dt * p[i].w;
}

static void bin_one(struct particle *p, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    p[i].hist[2] = (i % 9) * 0.5;
}

static void from_previous(struct particle *p, int n) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    p[i].y = p[i - 1].w + p[i].hist[1];
}

static void fill_member(struct field *f) {
#pragma gpupar
  for (int k = 0; k < V; k++)
    f->v[k] = f->v[k] * 2 + k;
}

static void reset_member(struct field *f) {
#pragma gpupar
  for (int k = 0; k < V; k++)
    f->v[k] = k % 5;
}

static void member_rows(struct field *f) {
#pragma gpupar
  for (int k = 0; k < V / 2; k++)
    f->m[1][k] = f->m[0][k] + f->v[2 * k];
}

static void move_x_ref(struct particle *p, int n, double dt) {
  for (int i = 0; i < n; i++)
    p[i].x = p[i].x + dt * p[i].w;
}
static void bin_one_ref(struct particle *p, int n) {
  for (int i = 0; i < n; i++)
    p[i].hist[2] = (i % 9) * 0.5;
}
static void from_previous_ref(struct particle *p, int n) {
  for (int i = 1; i < n; i++)
    p[i].y = p[i - 1].w + p[i].hist[1];
}
static void fill_member_ref(struct field *f) {
  for (int k = 0; k < V; k++)
    f->v[k] = f->v[k] * 2 + k;
}
static void reset_member_ref(struct field *f) {
  for (int k = 0; k < V; k++)
    f->v[k] = k % 5;
}
static void member_rows_ref(struct field *f) {
  for (int k = 0; k < V / 2; k++)
    f->m[1][k] = f->m[0][k] + f->v[2 * k];
}

static void init_particles(struct particle *p) {
  for (int i = 0; i < N; i++) {
    p[i].id = i;
    p[i].x = (i % 13) / 8.0;
    p[i].y = (i % 7) / 4.0;
    p[i].w = (i % 5) / 2.0;
    for (int h = 0; h < 4; h++)
      p[i].hist[h] = (i + h) % 3;
  }
}

static void init_field(struct field *f) {
  f->n = V;
  for (int k = 0; k < V; k++)
    f->v[k] = (k % 9) / 8.0;
  for (int r = 0; r < 2; r++)
    for (int k = 0; k < V / 2; k++)
      f->m[r][k] = (r + k % 11) / 4.0;
}

int main(void) {
  struct particle *p = malloc(N * sizeof *p), *q = malloc(N * sizeof *q);
  struct field *f = malloc(sizeof *f), *g = malloc(sizeof *g);
  if (!p || !q || !f || !g)
    return 2;
  init_particles(p);
  init_particles(q);
  init_field(f);
  init_field(g);
  for (int step = 0; step < 2; step++) {
    move_x(p, N, 0.25);
    move_x_ref(q, N, 0.25);
    bin_one(p, N);
    bin_one_ref(q, N);
    from_previous(p, N);
    from_previous_ref(q, N);
    fill_member(f);
    fill_member_ref(g);
    member_rows(f);
    member_rows_ref(g);
    if (step == 0) {
      reset_member(f);
      reset_member_ref(g);
    }
  }
  double check = 0;
  for (long i = 0; i < N; i++) {
    expect("id", i, p[i].id, q[i].id);
    expect("x", i, p[i].x, q[i].x);
    expect("y", i, p[i].y, q[i].y);
    expect("w", i, p[i].w, q[i].w);
    for (int h = 0; h < 4; h++)
      expect("hist", i * 4 + h, p[i].hist[h], q[i].hist[h]);
    check += p[i].id + p[i].x * 3 + p[i].y * 5 + p[i].w * 7 + p[i].hist[2] * 11 + p[i].hist[0];
  }
  expect("n", 0, f->n, g->n);
  for (long k = 0; k < V; k++) {
    expect("v", k, f->v[k], g->v[k]);
    check += f->v[k] * (k % 17);
  }
  for (long k = 0; k < V / 2; k++)
    for (int r = 0; r < 2; r++) {
      expect("m", r * V / 2 + k, f->m[r][k], g->m[r][k]);
      check += f->m[r][k] * (r + 1);
    }
  free(p);
  free(q);
  free(f);
  free(g);
  printf("memberparts: checksum %.6f\n", check);
  if (bad) {
    printf("memberparts: %d mismatches\n", bad);
    return 1;
  }
  printf("memberparts: ok\n");
  return 0;
}
