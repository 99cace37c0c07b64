// An array whose every access in the loop is an update with one operator, at indices known only
// at run time, is reduced without a clause when its extent is known: a fixed-size array, a `map`
// section, the block the loop's function allocated, or the block a pointer points into (found at
// the call), and no other array of the loop can reach its elements: the other arrays are array
// objects, or it is a local array only ever subscripted. Otherwise (pointers beside it: they
// might alias it, as DataRaceBench DRB005's do) the loop stays serial with the warning that names
// the clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#include <stdlib.h>

int global_hist[64];

void fixed(int n, const int *idx, const float *w) {
  long hist[32] = {0};
  _Bool seen[64] = {0};
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), hist (reduction)}}
    hist[idx[i] & 31]++; // expected-remark {{'hist' is only updated with '+', at indices known only at run time: an array reduction over 'hist[0:32]' (an update outside it runs the loop serially)}}
#pragma gpupar
  for (int i = 0; i < n; i++) {
    global_hist[idx[i]] += (int)w[i]; // expected-warning {{updates 'global_hist' at an index that is not affine in the loop variables}}
    global_hist[idx[i] / 2] -= 1;
  }
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), seen (reduction)}}
    seen[idx[i] & 63] |= 1; // expected-remark {{'seen' is only updated with '|'}}
}

int *allocated(int n, int bins, const int *idx, const float *w, float *top) {
  int *h = calloc(bins, sizeof *h);
#pragma gpupar
  for (int i = 0; i < n; i++)
    h[idx[i]]++; // expected-warning {{updates 'h' at an index that is not affine in the loop variables}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    top[idx[i]] = w[i] > top[idx[i]] ? w[i] : top[idx[i]]; // expected-warning {{updates 'top' at an index that is not affine in the loop variables}}
  return h;
}

void mapped(int n, int bins, const int *idx, double *h) {
#pragma gpupar map(tofrom: h[0:bins])
  for (int i = 0; i < n; i++)
    h[idx[i]] *= 0.5; // expected-warning {{updates 'h' at an index that is not affine in the loop variables}}
}

// Not an array reduction: two operators, an update whose value is used, an update in a called
// function, a two-dimensional array, and `independent` (the user vouches for a scatter write).
static void bump(int *h, int k) { h[k]++; } // expected-warning {{in function 'bump': subscript 'h[k]' is not affine in the loop variables}}

void refused(int n, const int *idx, int *h, int *out) {
  int grid[8][8] = {{0}};
#pragma gpupar
  for (int i = 0; i < n; i++) {
    h[idx[i]] += 2;
    h[idx[i] + 1] *= 3; // expected-warning {{'h' is updated with '+' ('h[idx[i]] += 2') and with '*' ('h[idx[i] + 1] *= 3') at indices that are not affine in the loop variables; no one reduction holds both, so the loop stays serial}}
  }
#pragma gpupar
  for (int i = 0; i < n; i++)
    out[i] = h[idx[i]]++; // expected-warning {{'h[idx[i]]++' updates 'h' at an index that is not affine in the loop variables}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    bump(h, idx[i]); // expected-note {{called from the offloaded loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    grid[idx[i] & 7][i & 7]++; // expected-warning {{'grid[idx[i] & 7][i & 7]++' updates 'grid' at an index that is not affine in the loop variables}}
#pragma gpupar independent
  for (int i = 0; i < n; i++)
    h[idx[i]]++; // expected-warning {{'h[idx[i]]++' updates 'h' at an index that is not affine in the loop variables, so two iterations may update the same element; to offload it, declare 'reduction(+: h[0:len])' with the number of elements}}
}

// memset, memcpy and `sizeof` keep no pointer to a local array; a pointer stored anywhere else
// might reach it through the loop's pointer arguments, and element reads after the loop do not
// make up for it.
#include <string.h>
struct holder { int *p; };

void cleared(int n, const int *idx, int *out) {
  int hist[16];
  memset(hist, 0, sizeof hist);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), hist (reduction)}}
    hist[idx[i] & 15]++; // expected-remark {{'hist' is only updated with '+'}}
  memcpy(out, hist, sizeof(hist));
}

void escaped(int n, const int *idx, int *out, struct holder *s) {
  int hist[16] = {0};
  s->p = hist;
#pragma gpupar
  for (int i = 0; i < n; i++)
    hist[idx[i] & 15]++; // expected-warning {{'hist[idx[i] & 15]++' updates 'hist' at an index that is not affine in the loop variables}}
  out[0] = hist[0];
  out[1] = hist[1];
}
