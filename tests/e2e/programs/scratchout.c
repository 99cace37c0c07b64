/* Scratch arrays that each iteration writes and then reads back, as Rodinia srad's dN, dS, dW,
 * dE and c: the loop reads only what it wrote, so the arrays go to the devices as written only
 * (no copy in; Analysis/CoveredReads.h). They start as NaN here, so a read of a stale element
 * would show in the results. `map(to: J[...])` names J's elements, read at run-time indices, so
 * that the loop does not depend on the runtime finding J's heap block (which the sanitizers'
 * allocators hide). Every element is compared with the same loops run serially (exit status 1
 * on a mismatch). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 97
#define COLS 131

static void srad(int rows, int cols, const float *J, const int *iN, const int *iS,
                 const int *jW, const int *jE, float *dN, float *dS, float *dW, float *dE,
                 float *c, float q0sqr, int parallel) {
#pragma gpupar if (parallel) map(to : J[0 : rows * cols])
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < cols; j++) {
      int k = i * cols + j;
      float Jc = J[k];
      dN[k] = J[iN[i] * cols + j] - Jc;
      dS[k] = J[iS[i] * cols + j] - Jc;
      dW[k] = J[i * cols + jW[j]] - Jc;
      dE[k] = J[i * cols + jE[j]] - Jc;
      float G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
      float L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
      float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
      float den = 1 + (.25f * L);
      float qsqr = num / (den * den);
      den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
      c[k] = 1.0f / (1.0f + den);
      if (c[k] < 0)
        c[k] = 0;
      else if (c[k] > 1)
        c[k] = 1;
    }
  }
}

int main(void) {
  int n = ROWS * COLS;
  float *J = malloc(sizeof(float) * n);
  int *iN = malloc(sizeof(int) * ROWS), *iS = malloc(sizeof(int) * ROWS);
  int *jW = malloc(sizeof(int) * COLS), *jE = malloc(sizeof(int) * COLS);
  float *out[2][5];
  if (!J || !iN || !iS || !jW || !jE)
    return 2;
  for (int v = 0; v < 2; v++)
    for (int a = 0; a < 5; a++) {
      out[v][a] = malloc(sizeof(float) * n);
      if (!out[v][a])
        return 2;
      for (int k = 0; k < n; k++)
        out[v][a][k] = NAN;
    }
  for (int k = 0; k < n; k++)
    J[k] = expf((float)((k * 37) % 101) / 255.0f);
  for (int i = 0; i < ROWS; i++)
    iN[i] = i > 0 ? i - 1 : 0, iS[i] = i < ROWS - 1 ? i + 1 : ROWS - 1;
  for (int j = 0; j < COLS; j++)
    jW[j] = j > 0 ? j - 1 : 0, jE[j] = j < COLS - 1 ? j + 1 : COLS - 1;
  for (int v = 0; v < 2; v++)
    srad(ROWS, COLS, J, iN, iS, jW, jE, out[v][0], out[v][1], out[v][2], out[v][3], out[v][4],
         0.25f, v == 0);
  long bad = 0;
  double sum = 0;
  for (int a = 0; a < 5; a++)
    for (int k = 0; k < n; k++) {
      /* Devices may contract a*b + c into one rounding: a relative tolerance. */
      float x = out[0][a][k], y = out[1][a][k];
      bad += !(fabsf(x - y) <= 1e-5f * (fabsf(y) + 1.0f));
      sum += y;
    }
  if (bad)
    fprintf(stderr, "scratchout: %ld elements differ from the serial loop\n", bad);
  printf("scratchout: sum %.3f\n", sum);
  for (int v = 0; v < 2; v++)
    for (int a = 0; a < 5; a++)
      free(out[v][a]);
  free(J), free(iN), free(iS), free(jW), free(jE);
  return bad ? 1 : 0;
}
