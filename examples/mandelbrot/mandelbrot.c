/* Mandelbrot set: one offloaded loop over every pixel, calling functions of this file (the escape
 * iteration and the colour), and a reduction counting the pixels in
 * the set. Writes mandelbrot.ppm (binary PPM, viewable with most image viewers) and checks itself
 * against the serial computation.
 * usage: mandelbrot [width] [output.ppm] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITER 500

/* Iterations of z = z^2 + c before |z| > 2, at most MAX_ITER (in the set). */
static int escape_time(double cr, double ci) {
  double zr = 0.0, zi = 0.0;
  int it = 0;
  while (it < MAX_ITER && zr * zr + zi * zi <= 4.0) {
    double t = zr * zr - zi * zi + cr;
    zi = 2.0 * zr * zi + ci;
    zr = t;
    it++;
  }
  return it;
}

/* A smooth palette: iteration count to an RGB byte. */
static unsigned char channel(int it, int shift) {
  if (it >= MAX_ITER)
    return 0;
  int v = (it * (7 + shift * 5) + shift * 40) % 512;
  return (unsigned char)(v < 256 ? v : 511 - v);
}

static long render(int w, int h, unsigned char *rgb) {
  long inside = 0;
  int npix = w * h;
#pragma gpupar reduction(+ : inside)
  for (int p = 0; p < npix; p++) {
    int px = p % w, py = p / w;
    int it = escape_time(-2.2 + 3.2 * px / w, -1.2 + 2.4 * py / h);
    inside += it == MAX_ITER;
    rgb[3 * p] = channel(it, 0);
    rgb[3 * p + 1] = channel(it, 1);
    rgb[3 * p + 2] = channel(it, 2);
  }
  return inside;
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 600;
  const char *path = argc > 2 ? argv[2] : "mandelbrot.ppm";
  if (w < 8 || w > 20000)
    return 2;
  int h = w * 3 / 4;
  unsigned char *rgb = malloc((size_t)w * h * 3), *ref = malloc((size_t)w * h * 3);
  if (!rgb || !ref)
    return 1;
  long inside = render(w, h, rgb);
  /* The serial reference. */
  long ref_inside = 0;
  for (int p = 0; p < w * h; p++) {
    int px = p % w, py = p / w;
    int it = escape_time(-2.2 + 3.2 * px / w, -1.2 + 2.4 * py / h);
    ref_inside += it == MAX_ITER;
    ref[3 * p] = channel(it, 0);
    ref[3 * p + 1] = channel(it, 1);
    ref[3 * p + 2] = channel(it, 2);
  }
  /* A device may contract zr*zr - zi*zi + cr into fused operations, which can change the escape
   * iteration of a few boundary pixels: allow 0.1% of them to differ from the serial image. Every
   * pixel must still be a colour of the palette (an iteration count decoded exactly), and the
   * pixels in the set (black) must be exactly the reduction's count of them. */
  unsigned char palette[MAX_ITER + 1][3];
  for (int it = 0; it <= MAX_ITER; it++)
    for (int c = 0; c < 3; c++)
      palette[it][c] = channel(it, c);
  long differ = 0, invalid = 0, black = 0;
  for (int p = 0; p < w * h; p++) {
    differ += memcmp(&rgb[3 * p], &ref[3 * p], 3) != 0;
    int it = 0;
    while (it <= MAX_ITER && memcmp(palette[it], &rgb[3 * p], 3) != 0)
      it++;
    if (it > MAX_ITER && invalid++ < 5)
      fprintf(stderr, "mandelbrot: pixel %d is not a colour of the palette\n", p);
    black += it == MAX_ITER; /* black is the colour of MAX_ITER only */
  }
  int ok = invalid == 0 && black == inside && differ * 1000 <= (long)w * h &&
           labs(inside - ref_inside) * 1000 <= (long)w * h;
  FILE *f = fopen(path, "wb");
  if (f) {
    fprintf(f, "P6\n%d %d\n255\n", w, h);
    fwrite(rgb, 3, (size_t)w * h, f);
    fclose(f);
  }
  printf("mandelbrot: %dx%d, %ld pixels in the set, image %s: %s\n", w, h, ref_inside,
         f ? path : "(not written)", ok ? "ok" : "MISMATCH");
  free(rgb);
  free(ref);
  return ok ? 0 : 1;
}
