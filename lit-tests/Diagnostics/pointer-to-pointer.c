// Pointers to pointers are offloaded as `a[i][j]`, or through a row kept in a pointer
// (`float *r = a[i]`); other uses keep the loop serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
void f(int n, float **rows, float *x) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    rows[i] = 0; // expected-warning {{pointer to pointer 'rows' is offloaded only as 'a[i][j]' (each row subscripted where it is used, or kept in a pointer: 'float *r = a[i]'); use that form or a flat array with 'a[i*m + j]'}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[i] = *(rows + i)[0]; // expected-warning {{pointer to pointer 'rows' is offloaded only as 'a[i][j]'}}
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float **same = rows; // expected-warning {{pointer to pointer 'rows' is offloaded only as 'a[i][j]'}}
    x[i] = same[i][0];
  }
}

// A row kept in a pointer is the row: offloaded, its rows and columns copied as for 'a[i][j]'.
void kept(int n, int m, float **rows, float *x) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    float *r = rows[i];
    r[0] = 1;
  }
#pragma gpupar
  for (int i = 0; i < n; i++) {
    const float *r = rows[i] + 1, *up = rows[i];
    float s = 0;
    for (int k = 0; k < m - 1; k++)
      s += r[k] * up[k];
    x[i] = s;
  }
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[i] = *rows[i] + *(rows[i] + 2);
}

// A column that moves with the loop variable: only where the rows are subscripted.
void column(int n, float **rows, float *x) {
#pragma gpupar
  for (int i = 0; i < n; i++) {
    const float *r = rows[0];
    x[i] = r[i]; // expected-warning {{the column 'i' of 'r[i]' depends on the loop variable; a row of 'rows' kept in a pointer is offloaded only when its columns do not (subscript the rows where they are used: 'a[r][c]'); the loop stays serial}}
  }
#pragma gpupar
  for (int i = 0; i < n; i++)
    x[i] = *(rows[0] + i); // expected-warning {{a row of 'rows' kept in a pointer is offloaded only when its columns do not}}
}
