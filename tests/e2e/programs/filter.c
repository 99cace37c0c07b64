/* A 5x5 filter over images passed as pointers (NeoRodinia's stencil): the reads of src sit under
 * `if (x >= 0 && x < w && y >= 0 && y < h)` on locals, a condition the plugin does not read, so
 * the term's hull starts two rows before src[0] and ends two rows past its end. The runtime keeps
 * the section inside src's heap block (gpupar_span.clamped); before, emu:3 copied from before
 * the block and crashed when the page there was unmapped. Every element is compared with the
 * same filter run serially (no pragma); exit status 1 on a mismatch. */
#include <stdio.h>
#include <stdlib.h>

#define FW 5
#define FH 5

static void filter(const float *src, float *dst, int w, int h, const float *flt) {
#pragma gpupar
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++) {
      float sum = 0;
      for (int n = 0; n < FW; n++)
        for (int m = 0; m < FH; m++) {
          int x = j + n - FW / 2;
          int y = i + m - FH / 2;
          if (x >= 0 && x < w && y >= 0 && y < h)
            sum += src[y * w + x] * flt[m * FW + n];
        }
      dst[i * w + j] = sum;
    }
}

static void filter_serial(const float *src, float *dst, int w, int h, const float *flt) {
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++) {
      float sum = 0;
      for (int n = 0; n < FW; n++)
        for (int m = 0; m < FH; m++) {
          int x = j + n - FW / 2;
          int y = i + m - FH / 2;
          if (x >= 0 && x < w && y >= 0 && y < h)
            sum += src[y * w + x] * flt[m * FW + n];
        }
      dst[i * w + j] = sum;
    }
}

int main(void) {
  static const int sizes[][2] = {{301, 257}, {1024, 64}, {7, 3000}};
  float flt[FW * FH];
  for (int k = 0; k < FW * FH; k++)
    flt[k] = (float)((k * 7) % 5) - 2.0f;
  long bad = 0;
  double total = 0;
  for (int s = 0; s < 3; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    float *src = malloc((size_t)w * h * sizeof *src), *dst = malloc((size_t)w * h * sizeof *dst);
    float *ref = malloc((size_t)w * h * sizeof *ref);
    if (!src || !dst || !ref)
      return 2;
    for (int k = 0; k < w * h; k++)
      src[k] = (float)((k * 13) % 31) * 0.25f;
    filter(src, dst, w, h, flt);
    filter_serial(src, ref, w, h, flt);
    for (int k = 0; k < w * h; k++) {
      if (dst[k] != ref[k] && bad++ < 5)
        fprintf(stderr, "filter: %dx%d: dst[%d] is %g, serially %g\n", w, h, k, dst[k], ref[k]);
      total += dst[k];
    }
    free(src);
    free(dst);
    free(ref);
  }
  printf("total=%.3f\n", total);
  return bad ? 1 : 0;
}
