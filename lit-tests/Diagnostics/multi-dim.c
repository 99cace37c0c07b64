// Multi-dimensional arrays: fixed-size ones and variable-length ones whose inner sizes are
// integer locals or parameters that their function never assigns, or arithmetic over those
// (`m + 1`, `2 * m`), are offloaded; other inner sizes keep the loop serial (the generated code could not size the rows: a size variable
// assigned after the array's type was written no longer holds the rows' length).
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
float M[10][10];
void fixed(int n) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    M[i][0] = 0;
}
void vla(int n, int m, float X[n][m]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][0] = 0;
}
void vla_pointer(int n, int m, float (*X)[m]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][1] = 0;
}
void vla_expression(int n, int m, float X[n][m + 1]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][0] = 0;
}
void vla_pointer_expression(int n, int m, float (*X)[2 * m][4]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][1][0] = 0;
}
void vla_expression_reassigned(int n, int m, float X[n][m + 1]) {
  m++;
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][0] = 0; // expected-warning {{multi-dimensional array 'X' has an inner dimension 'm + 1' that is neither a constant nor arithmetic over integer locals or parameters that its function never assigns; the loop stays serial (size it with such a variable, or use a flat array with 'a[i*(m + 1) + j]')}}
}
int width(int);
void vla_call(int n, int m, float X[n][width(m)]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][0] = 0; // expected-warning {{subscript 'X[i][0]' is not affine in the loop variables}}
}
int G;
void vla_global(int n, float X[n][G]) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][0] = 0; // expected-warning {{multi-dimensional array 'X' has an inner dimension 'G' that is neither a constant}}
}
void vla_reassigned(int n, int m, float X[n][m]) {
  m = m / 2; // the rows of X keep their length; m no longer tells it
#pragma gpupar
  for (int i = 0; i < n; i++)
    X[i][m] = 0; // expected-warning {{multi-dimensional array 'X' has an inner dimension 'm' that is neither a constant}}
}
