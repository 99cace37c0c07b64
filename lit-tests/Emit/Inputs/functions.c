typedef struct {
  float x, y;
} vec2;
struct particle {
  vec2 p;
  float m;
};
static float sq(float v) { return v * v; }
static float dist2(vec2 a, vec2 b) { return sq(a.x - b.x) + sq(a.y - b.y); }
static vec2 mid(vec2 a, vec2 b) {
  vec2 r = {(a.x + b.x) / 2, (a.y + b.y) / 2};
  return r;
}

void energy(int n, const struct particle *ps, float *out) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    int md = i % 2 ? 4 : 1;
    out[i] = dist2(mid(ps[i].p, ps[0].p), ps[0].p) * ps[i].m * md;
  }
}
