/* histogram: the brightness histogram of a synthetic greyscale image and the darkest and
 * brightest pixel of each image row band, as array reductions (each device, and each block of
 * threads, keeps its own copy of the bins; the copies are summed at the end).
 * Usage: histogram [width height]. Checks every bin against a serial computation. */
#include <stdio.h>
#include <stdlib.h>

#define BINS 256
#define BANDS 16

static unsigned char *make_image(int w, int h) {
  unsigned char *img = malloc((size_t)w * h);
  if (!img)
    return NULL;
  unsigned s = 2463534242u;
  for (long p = 0; p < (long)w * h; p++) {
    s ^= s << 13, s ^= s >> 17, s ^= s << 5;
    int x = (int)(p % w), y = (int)(p / w);
    int v = (x * 255 / w + y * 255 / h) / 2 + (int)(s % 41) - 20; /* gradient plus noise */
    img[p] = (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
  }
  return img;
}

static void histogram(int w, int h, const unsigned char *img, long *bins, int *lo, int *hi) {
#pragma gpupar reduction(+: bins[0:BINS]) reduction(min: lo[0:BANDS]) reduction(max: hi[0:BANDS])
  for (long p = 0; p < (long)w * h; p++) {
    int band = (int)(p / w) * BANDS / h;
    bins[img[p]]++;
    lo[band] = img[p] < lo[band] ? img[p] : lo[band];
    hi[band] = img[p] > hi[band] ? img[p] : hi[band];
  }
}

int main(int argc, char **argv) {
  int w = argc > 2 ? atoi(argv[1]) : 3840, h = argc > 2 ? atoi(argv[2]) : 2160;
  if (w <= 0 || h <= 0) {
    fprintf(stderr, "usage: histogram [width height]\n");
    return 2;
  }
  unsigned char *img = make_image(w, h);
  if (!img) {
    fprintf(stderr, "histogram: out of memory\n");
    return 1;
  }
  long bins[BINS] = {0}, ref[BINS] = {0};
  int lo[BANDS], hi[BANDS], rlo[BANDS], rhi[BANDS];
  for (int b = 0; b < BANDS; b++)
    lo[b] = rlo[b] = 255, hi[b] = rhi[b] = 0;
  histogram(w, h, img, bins, lo, hi);
  for (long p = 0; p < (long)w * h; p++) {
    int band = (int)(p / w) * BANDS / h;
    ref[img[p]]++;
    rlo[band] = img[p] < rlo[band] ? img[p] : rlo[band];
    rhi[band] = img[p] > rhi[band] ? img[p] : rhi[band];
  }
  int bad = 0;
  for (int b = 0; b < BINS; b++)
    bad += bins[b] != ref[b];
  for (int b = 0; b < BANDS; b++)
    bad += lo[b] != rlo[b] || hi[b] != rhi[b];
  long peak = 0;
  for (int b = 1; b < BINS; b++)
    if (bins[b] > bins[peak])
      peak = b;
  printf("histogram of %dx%d pixels: peak at %ld (%ld pixels); band 0 spans %d..%d; %s\n", w, h,
         peak, bins[peak], lo[0], hi[0], bad ? "MISMATCH" : "matches the serial histogram");
  free(img);
  return bad ? 1 : 0;
}
