/* Written scalars whose type names take several words: private (with and without last value)
 * and reductions. `unsigned char t = unsigned char();` does not compile as C++. */
unsigned char last_uc;
long long multiword(unsigned char *a, long long *b, unsigned short *c, signed char *d, int n) {
  unsigned char t;
  long long u;
  unsigned short v;
  signed char w;
  long long sum = 0;
  unsigned short mx = 0;
  signed char mn = 127;
  unsigned char last = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    t = a[i] * 2;
    u = t + 1LL;
    v = (unsigned short)(c[i] + 3);
    w = (signed char)(d[i] - 1);
    last = t;
    b[i] = u + v + w;
    sum += u;
    mx = v > mx ? v : mx;
    mn = w < mn ? w : mn;
  }
  last_uc = last;
  return sum + mx + mn;
}
