// A read of an element that an earlier statement of the same iteration assigned never sees the
// value from before the loop (Analysis/CoveredReads.h): an array read only so is copied to the
// devices as written only ("out"), as Rodinia srad's scratch arrays dN, dS, dW, dE. A read first,
// a write in a branch, a subscript that changes in between, a compound update, a global in the
// subscript and a read inside the assignment itself keep the array "inout".
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
int g;

void srad(int rows, int cols, const float *J, const int *iN, const int *iS, float *dN,
          float *dS, float *c) {
#pragma gpupar
  for (int i = 0; i < rows; i++) // expected-remark {{loop offloaded: J (in), iN (in), dN (out), iS (in), dS (out), c (out)}} expected-remark {{read at indices known only at run time: 'J'}}
    for (int j = 0; j < cols; j++) { // expected-remark {{collapsed}}
      int k = i * cols + j;
      float Jc = J[k];
      dN[k] = J[iN[i] * cols + j] - Jc;
      dS[k] = J[iS[i] * cols + j] - Jc;
      float G2 = (dN[k] * dN[k] + dS[k] * dS[k]) / (Jc * Jc);
      c[k] = 1.0f / (1.0f + G2);
    }
}

void blocks(int n, float t[][4], float *y) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: t (out), y (out)}}
    for (int j = 0; j < 4; j++) { // expected-remark {{collapsed}}
      t[i][j] = i * j;
      y[i * 4 + j] = t[i][j] * 2;
    }
  }
}

void kept(int n, float *a, float *b, float *c, float *d, float *e, float *f, const int *x) {
#pragma gpupar
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: a (inout), x (in), b (inout), c (inout), d (inout), e (inout), f (inout)}}
    float s = a[i];
    a[i] = s + 1;
    if (x[i] > 0) {
      b[i] = 1;
    }
    s += b[i];
    int k = i;
    c[k] = s;
    k = i + 0;
    s += c[k];
    d[i] += 1;
    s += d[i];
    e[i] = e[i] * 2;
    f[i] = s;
    s += f[i + 0 * g];
    a[i] += s;
  }
}
