#define SQR(x) ((x) * (x))
#define ID(x) x
void f(int n, float *a, const float *b) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = SQR(b[i]) // a line comment before the ';'
      ;
#pragma gpupar
  for (int i = 0; i < n; i++) a[i] += ID(b[i]); /* trailing */
}
