/* n-body: all-pairs gravitational accelerations and one leapfrog step, offloaded with gpupar.
 * Shows arrays of structs, functions of this file called from the loop (device copies), and a
 * reduction (the kinetic energy). Checks itself against the serial computation.
 * usage: nbody [bodies] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double x, y, z;
} vec3;

struct body {
  vec3 pos, vel;
  double mass;
};

static vec3 sub(vec3 a, vec3 b) {
  vec3 r = {a.x - b.x, a.y - b.y, a.z - b.z};
  return r;
}

static double dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/* Acceleration of a body at `p` caused by body `o` (softened). */
static vec3 pull(vec3 p, const struct body *o) {
  vec3 d = sub(o->pos, p);
  double r2 = dot(d, d) + 1e-3;
  double s = o->mass / (r2 * sqrt(r2));
  vec3 a = {d.x * s, d.y * s, d.z * s};
  return a;
}

static void accelerations(int n, const struct body *b, vec3 *acc) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    vec3 a = {0.0, 0.0, 0.0};
    for (int j = 0; j < n; j++) {
      vec3 d = sub(b[j].pos, b[i].pos);
      double r2 = dot(d, d) + 1e-3;
      double s = b[j].mass / (r2 * sqrt(r2));
      a.x += d.x * s;
      a.y += d.y * s;
      a.z += d.z * s;
    }
    acc[i] = a;
  }
}

static double step(int n, struct body *b, const vec3 *acc, double dt) {
  double kinetic = 0.0;
#pragma gpupar reduction(+ : kinetic)
  for (int i = 0; i < n; i++) {
    b[i].vel.x += acc[i].x * dt;
    b[i].vel.y += acc[i].y * dt;
    b[i].vel.z += acc[i].z * dt;
    b[i].pos.x += b[i].vel.x * dt;
    b[i].pos.y += b[i].vel.y * dt;
    b[i].pos.z += b[i].vel.z * dt;
    kinetic += 0.5 * b[i].mass * dot(b[i].vel, b[i].vel);
  }
  return kinetic;
}

static void init(int n, struct body *b) {
  unsigned s = 12345u;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    double u = (double)(s >> 8) / (double)(1u << 24);
    b[i].pos.x = cos(6.2831853 * u) * (1.0 + i % 7);
    b[i].pos.y = sin(6.2831853 * u) * (1.0 + i % 5);
    b[i].pos.z = 0.1 * (i % 11) - 0.5;
    b[i].vel.x = b[i].vel.y = b[i].vel.z = 0.0;
    b[i].mass = 1.0 / n;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  struct body *b = malloc((size_t)n * sizeof *b), *ref = malloc((size_t)n * sizeof *ref);
  vec3 *acc = malloc((size_t)n * sizeof *acc);
  if (!b || !ref || !acc)
    return 1;
  init(n, b);
  init(n, ref);
  double e = 0.0;
  for (int t = 0; t < 4; t++) {
    accelerations(n, b, acc);
    e = step(n, b, acc, 0.01);
  }
  /* The serial reference. */
  double e_ref = 0.0;
  for (int t = 0; t < 4; t++) {
    for (int i = 0; i < n; i++) {
      vec3 a = {0.0, 0.0, 0.0};
      for (int j = 0; j < n; j++) {
        vec3 p = pull(ref[i].pos, &ref[j]);
        a.x += p.x;
        a.y += p.y;
        a.z += p.z;
      }
      acc[i] = a;
    }
    e_ref = 0.0;
    for (int i = 0; i < n; i++) {
      ref[i].vel.x += acc[i].x * 0.01;
      ref[i].vel.y += acc[i].y * 0.01;
      ref[i].vel.z += acc[i].z * 0.01;
      ref[i].pos.x += ref[i].vel.x * 0.01;
      ref[i].pos.y += ref[i].vel.y * 0.01;
      ref[i].pos.z += ref[i].vel.z * 0.01;
      e_ref += 0.5 * ref[i].mass * dot(ref[i].vel, ref[i].vel);
    }
  }
  /* Devices may contract a*b+c into one rounding, and the energy is summed in another order:
   * compare with a relative tolerance. */
  double worst = 0.0;
  for (int i = 0; i < n; i++) {
    vec3 d = sub(b[i].pos, ref[i].pos);
    double err = sqrt(dot(d, d)) / (1.0 + sqrt(dot(ref[i].pos, ref[i].pos)));
    if (err > worst)
      worst = err;
  }
  double e_err = fabs(e - e_ref) / (fabs(e_ref) + 1e-300);
  int ok = worst < 1e-9 && e_err < 1e-9;
  printf("nbody: %d bodies, 4 steps, kinetic energy %.6e: %s\n", n, e_ref, ok ? "ok" : "MISMATCH");
  free(b);
  free(ref);
  free(acc);
  return ok ? 0 : 1;
}
