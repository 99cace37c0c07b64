/* Guarded neighbour accesses (`if (i > 0) a[i-1]`, `if (i + 1 < n) b[i + 1] = ...`) with every
 * array placed against a PROT_NONE page, before its first element or after its last one: an
 * element the runtime copies outside an array faults. Each loop is checked element by element
 * against the same loop run serially (no pragma), and unwritten elements must keep their value. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* n doubles against an inaccessible page: after the last element (at_end) or before the
 * first. */
static double *place(long n, int at_end) {
  long page = sysconf(_SC_PAGESIZE);
  long bytes = n * (long)sizeof(double);
  long data = (bytes + page - 1) / page * page;
  char *m = mmap(NULL, (size_t)(data + 2 * page), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  if (mprotect(m, (size_t)page, PROT_NONE) || mprotect(m + page + data, (size_t)page, PROT_NONE)) {
    perror("mprotect");
    exit(2);
  }
  return (double *)(at_end ? m + page + data - bytes : m + page);
}

static void fill(double *x, long n, unsigned seed) {
  for (long i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    x[i] = (double)(seed >> 8 & 0xffff) / 65536.0;
  }
}

static int failures;

static void same(const char *what, const double *got, const double *want, long n) {
  for (long i = 0; i < n; i++)
    if (got[i] != want[i]) {
      printf("%s: element %ld is %.17g, expected %.17g\n", what, i, got[i], want[i]);
      failures++;
      return;
    }
}

static double sum(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i];
  return s;
}

/* b[i] from a[i - 1] under `if (i > 0)`; a starts at a page start. */
static void left(int n, const double *a, double *b) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (i > 0)
      b[i] = a[i - 1] + a[i];
    else
      b[i] = a[i];
  }
}

/* c[i + 1] written under `if (i + 1 < n)`; c ends at a page end, c[0] is never written. */
static void right(int n, const double *a, double *c) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    if (i + 1 < n)
      c[i + 1] = 2.0 * a[i];
}

/* The rest of the body after `if (i < 1 || i >= n - 1) continue;`; a at a start, e at an end. */
static void interior(int n, const double *a, const double *e, double *d) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (i < 1 || i >= n - 1)
      continue;
    d[i] = a[i - 1] + a[i + 1] + e[i + 1] - e[i - 1];
  }
}

/* `?:` and `&&` guards. */
static void ternary(int n, const double *a, const double *e, double *g) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    g[i] = (i > 0 ? a[i - 1] : 0.5) + (i + 1 < n && e[i + 1] > 0.25 ? e[i + 1] : 0.0);
}

/* A 2-D five-point stencil on a flat array with guards on both loop variables. */
static void stencil(int n, int m, const double *f, double *h) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double v = f[i * m + j];
      if (j > 0)
        v += f[i * m + j - 1];
      if (j < m - 1)
        v += f[i * m + j + 1];
      if (i > 0)
        v += f[(i - 1) * m + j];
      if (i + 1 < n)
        v += f[(i + 1) * m + j];
      h[i * m + j] = v;
    }
}

/* The interior of a grid only: rows with two unwritten elements between them, which must keep
 * their values (the runtime copies the rows back alone, docs/performance.md "Write-back"). */
static void interior2d(int n, int m, const double *f, double *h) {
#pragma gpupar
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      h[i * m + j] = 0.5 * f[i * m + j] + f[(i - 1) * m + j];
}

/* The same rows, the array read too, at an element no iteration writes: what lies between the
 * rows comes back as it was. */
static void from_corner(int n, int m, double *h) {
#pragma gpupar
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m - 1; j++)
      h[i * m + j] = h[0] + i - j;
}

/* Neighbour indices chosen by `?:` (Rodinia hotspot3D): the cell itself on a face, else the
 * neighbour. Each arm's section is narrowed by its condition (`x == nx - 1` false: x <= nx - 2). */
static void choose3d(int nx, int ny, int nz, const double *in, double *out) {
  int z;
#pragma gpupar
  for (z = 0; z < nz; z++) {
    int y;
    for (y = 0; y < ny; y++) {
      int x;
      for (x = 0; x < nx; x++) {
        int c, w, e, n, s, b, t;
        c = x + y * nx + z * nx * ny;
        w = (x == 0) ? c : c - 1;
        e = (x == nx - 1) ? c : c + 1;
        n = (y == 0) ? c : c - nx;
        s = (y == ny - 1) ? c : c + nx;
        b = (z == 0) ? c : c - nx * ny;
        t = (z == nz - 1) ? c : c + nx * ny;
        out[c] = in[c] + in[w] + in[e] + in[n] + in[s] + in[b] + in[t]; /* no FMA to contract */
      }
    }
  }
}

/* choose3d's cell (x, y, z), serially and with the bounds written out. */
static double choose3d_cell(int nx, int ny, int nz, const double *in, int x, int y, int z) {
  long c = x + (long)y * nx + (long)z * nx * ny, plane = (long)nx * ny;
  double w = in[x > 0 ? c - 1 : c], e = in[x < nx - 1 ? c + 1 : c];
  double n = in[y > 0 ? c - nx : c], s = in[y < ny - 1 ? c + nx : c];
  double b = in[z > 0 ? c - plane : c], t = in[z < nz - 1 ? c + plane : c];
  return in[c] + w + e + n + s + b + t;
}

int main(void) {
  const int n = 100003, rows = 517, cols = 211;
  const long nm = (long)rows * cols;
  double *a = place(n, 0), *e = place(n, 1), *f0 = place(nm, 0), *f1 = place(nm, 1);
  double *b = place(n, 1), *c = place(n, 1), *d = place(n, 0), *g = place(n, 1);
  double *h0 = place(nm, 0), *h1 = place(nm, 1);
  const int nx = 37, ny = 23, nz = 41;
  const long nxyz = (long)nx * ny * nz;
  double *k0 = place(nxyz, 0), *k1 = place(nxyz, 1), *o0 = place(nxyz, 1), *o1 = place(nxyz, 0);
  double *want = malloc(sizeof(double) * (size_t)nm);
  if (!want)
    return 2;
  fill(a, n, 1);
  fill(e, n, 2);
  fill(f0, nm, 3);
  memcpy(f1, f0, sizeof(double) * (size_t)nm);
  fill(k0, nxyz, 7);
  memcpy(k1, k0, sizeof(double) * (size_t)nxyz);

  for (int rep = 0; rep < 2; rep++) { /* twice: the runtime's second call may choose otherwise */
    fill(b, n, 4);
    left(n, a, b);
    for (int i = 0; i < n; i++)
      want[i] = i > 0 ? a[i - 1] + a[i] : a[i];
    same("left", b, want, n);

    fill(c, n, 5);
    memcpy(want, c, sizeof(double) * (size_t)n);
    right(n, a, c);
    for (int i = 0; i + 1 < n; i++)
      want[i + 1] = 2.0 * a[i];
    same("right", c, want, n);

    fill(d, n, 6);
    memcpy(want, d, sizeof(double) * (size_t)n);
    interior(n, a, e, d);
    for (int i = 1; i < n - 1; i++)
      want[i] = a[i - 1] + a[i + 1] + e[i + 1] - e[i - 1];
    same("interior", d, want, n);

    ternary(n, a, e, g);
    for (int i = 0; i < n; i++)
      want[i] = (i > 0 ? a[i - 1] : 0.5) + (i + 1 < n && e[i + 1] > 0.25 ? e[i + 1] : 0.0);
    same("ternary", g, want, n);

    stencil(rows, cols, f0, h0);
    stencil(rows, cols, f1, h1);
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) {
        double v = f0[i * cols + j];
        if (j > 0)
          v += f0[i * cols + j - 1];
        if (j < cols - 1)
          v += f0[i * cols + j + 1];
        if (i > 0)
          v += f0[(i - 1) * cols + j];
        if (i + 1 < rows)
          v += f0[(i + 1) * cols + j];
        want[i * cols + j] = v;
      }
    same("stencil (start)", h0, want, nm);
    same("stencil (end)", h1, want, nm);

    fill(h0, nm, 8);
    fill(h1, nm, 8);
    memcpy(want, h0, sizeof(double) * (size_t)nm);
    interior2d(rows, cols, f0, h0);
    interior2d(rows, cols, f1, h1);
    for (int i = 1; i < rows - 1; i++)
      for (int j = 1; j < cols - 1; j++)
        want[i * cols + j] = 0.5 * f0[i * cols + j] + f0[(i - 1) * cols + j];
    same("interior2d (start)", h0, want, nm);
    same("interior2d (end)", h1, want, nm);
    from_corner(rows, cols, h0);
    from_corner(rows, cols, h1);
    for (int i = 1; i < rows; i++)
      for (int j = 1; j < cols - 1; j++)
        want[i * cols + j] = want[0] + i - j;
    same("from_corner (start)", h0, want, nm);
    same("from_corner (end)", h1, want, nm);

    choose3d(nx, ny, nz, k0, o0);
    choose3d(nx, ny, nz, k1, o1);
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          want[x + (long)y * nx + (long)z * nx * ny] = choose3d_cell(nx, ny, nz, k0, x, y, z);
    same("choose3d (start)", o0, want, nxyz);
    same("choose3d (end)", o1, want, nxyz);
  }
  printf("guarded: %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", sum(b, n), sum(c, n), sum(d, n),
         sum(g, n), sum(h0, nm), sum(h1, nm), sum(o0, nxyz), sum(o1, nxyz));
  free(want);
  if (failures) {
    printf("guarded: %d mismatches\n", failures);
    return 1;
  }
  printf("guarded: ok\n");
  return 0;
}
