void lt(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++) a[i] = 1;
}
void le(int n, float *a) {
#pragma gpupar
  for (int i = 1; i <= n; ++i) a[i] = 2;
}
void gt(int n, float *a) {
#pragma gpupar
  for (int i = n; i > 0; i--) a[i] = 3;
}
void ge(int n, float *a) {
#pragma gpupar
  for (int i = n; i >= 0; --i) a[i] = 4;
}
void ne(int n, float *a) {
#pragma gpupar
  for (int i = 0; i != n; i += 2) a[i] = 5;
}
void reversed(int n, float *a) {
#pragma gpupar
  for (int i = 0; n > i; i = i + 3) a[i] = 6;
}
void reversed_le(int n, float *a) {
#pragma gpupar
  for (int i = n; 0 <= i; i = -2 + i) a[i] = 7;
}
void sub_assign(long long n, float *a) {
#pragma gpupar
  for (long long i = 100; i > n; i -= 4) a[i] = 8;
}
void minus_step(int n, float *a) {
#pragma gpupar
  for (int i = n; i >= 0; i = i - 2) a[i] = 9;
}
