// A struct member read once before the loop must be read only where the serial loop reads it:
// inside an inner loop whose bounds move with a variable of the loop (triangular, or bounded by
// an enclosing inner loop), the host file cannot tell before the loop whether it is read at all.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
typedef struct {
  int n;
  float scale;
  float *x;
} vec;

void upper(vec *v, float *y, int n) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = i + 1; j < n; j++)
      s += v->x[j]; // expected-warning {{array 'v->x' is a member of 'v', whose struct cannot be copied to a device, and it is read in the loop over 'j', whose bounds depend on 'i', so whether the loop reads it at all is not known before it runs; copy it into a local variable before the loop ('float *x = v->x;') and index that; the loop stays serial}}
    y[i] = s;
  }
}

void hull(vec *v, float *y, int n, int m) {
#pragma gpupar
  for (int j = 0; j < n; j++) {
    float s = 0;
    for (int i = 0; i < m; i++)
      for (int k = 0; k < i; k++)
        s += v->scale; // expected-warning {{'v->scale' is a member of 'v', whose struct cannot be copied to a device, and it is read in the loop over 'k', whose bounds depend on 'i', so whether the loop reads it at all is not known before it runs; copy it into a local variable before the loop ('float scale = v->scale;') and use that; the loop stays serial}}
    y[j] = s;
  }
}
