// An array whose every access in the loop is an update with one operator, at indices known only
// at run time, is reduced without a clause when its extent is known: a fixed-size array, a `map`
// section, the block the loop's function allocated, or the block a pointer points into (found at
// the call). Other arrays of the loop must not reach its elements. That is certain when they are
// array objects, or when it is a local array only ever subscripted; else (pointers beside it,
// which might alias it, as DataRaceBench DRB005's do) the runtime checks at each call that no
// array the loop touches and no other reduction shares its memory, and runs the call serially
// where one does. Rows of a pointer-to-pointer array are not checked: beside those, the loop
// stays serial with the warning that names the clause.
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
  for (int i = 0; i < n; i++) { // expected-remark {{loop offloaded: w (in), idx (in), global_hist (reduction)}}
    global_hist[idx[i]] += (int)w[i]; // expected-remark {{an array reduction over 'global_hist[0:64]'}}
    global_hist[idx[i] / 2] -= 1;
  }
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), seen (reduction)}}
    seen[idx[i] & 63] |= 1; // expected-remark {{'seen' is only updated with '|'}}
}

int *allocated(int n, int bins, const int *idx, const float *w, float *top) {
  int *h = calloc(bins, sizeof *h);
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), h (reduction)}}
    h[idx[i]]++; // expected-remark {{an array reduction over the block allocated for it}}
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: w (in), idx (in), top (reduction)}} expected-remark {{each call copies the whole block of memory each points into}}
    top[idx[i]] = w[i] > top[idx[i]] ? w[i] : top[idx[i]]; // expected-remark {{'top' is only updated with 'max', at indices known only at run time: an array reduction over the block it points into (found at the call)}}
  return h;
}

void mapped(int n, int bins, const int *idx, double *h) {
#pragma gpupar map(tofrom: h[0:bins])
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), h (reduction)}}
    h[idx[i]] *= 0.5; // expected-remark {{'h' is only updated with '*', at indices known only at run time: an array reduction over 'h[0:bins]'}}
}

// Beside rows of a pointer-to-pointer array, which the runtime does not compare with the section.
void beside_rows(int n, const int *idx, float **rows, float *h) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    h[idx[i]] += rows[i][0]; // expected-warning {{updates 'h' at an index that is not affine in the loop variables}}
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
    bump(h, idx[i]); // expected-note {{called from the loop here}}
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
  s->p = hist; // so `idx` may point into it: checked at run time
#pragma gpupar
  for (int i = 0; i < n; i++) // expected-remark {{loop offloaded: idx (in), hist (reduction)}}
    hist[idx[i] & 15]++; // expected-remark {{an array reduction over 'hist[0:16]'}}
  out[0] = hist[0];
  out[1] = hist[1];
}

// Row pointers kept in an array object may point into the reduced block: not compared either.
double *row_table[4];
void beside_row_table(int n, const int *idx, double *h) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    h[idx[i]] += row_table[i % 4][0]; // expected-warning {{updates 'h' at an index that is not affine in the loop variables}}
}
