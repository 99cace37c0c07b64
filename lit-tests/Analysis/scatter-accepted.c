// Writes at run-time indices are offloaded under 'independent' with the extent from 'map' (or
// a fixed-size array); with remarks, the loop lists the array as scattered.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// expected-no-diagnostics
static int bins[100];
void f(int n, const int *perm, const int *idx, const float *src, float *dst, float *other) {
#pragma gpupar independent map(tofrom: dst[0:n])
  for (int i = 0; i < n; i++) // remarks-remark {{loop offloaded: src (in), perm (in), dst (out, scatter)}}
    dst[perm[i]] = src[i]; // remarks-remark {{'dst' is written at indices known only at run time: each device gets 'dst[0:n]' and only what it changes is copied back}}
  // A gather and a scatter; two writes through one index (an interleaved pair) and a write
  // under a condition.
#pragma gpupar independent map(tofrom: dst[0:2*n]) map(to: src[0:n])
  for (int i = 0; i < n; i++) { // remarks-remark {{loop offloaded: src (in), idx (in), perm (in), dst (out, scatter), other (out)}}
    if (src[i] > 0) {
      dst[2 * perm[i]] = src[idx[i]]; // remarks-remark {{'dst' is written at indices known only at run time}}
      dst[2 * perm[i] + 1] = -src[idx[i]];
    }
    other[i] = 1;
  }
  // A fixed-size array needs no map; a product of the loop variable is a run-time index too.
#pragma gpupar independent
  for (int i = 0; i < 10; i++) // remarks-remark {{loop offloaded: bins (out, scatter)}}
    bins[i * i] = i; // remarks-remark {{'bins' is written at indices known only at run time: each device gets all of 'bins' and only what it changes is copied back}}
}

// The extent as written in the clause, members included.
typedef struct {
  int n;
} dims;
void members(dims d, const dims *p, const int *perm, float *dst, float *out) {
#pragma gpupar independent map(tofrom: dst[0 : d.n])
  for (int i = 0; i < d.n; i++) // remarks-remark {{loop offloaded: perm (in), dst (out, scatter)}}
    dst[perm[i]] = 1; // remarks-remark {{each device gets 'dst[0:d.n]' and only what it changes is copied back}}
#pragma gpupar independent map(tofrom: out[0 : p->n + 1])
  for (int i = 0; i < 8; i++) // remarks-remark {{loop offloaded: perm (in), out (out, scatter)}}
    out[perm[i]] = 2; // remarks-remark {{each device gets 'out[0:p->n + 1]' and only what it changes is copied back}}
}
