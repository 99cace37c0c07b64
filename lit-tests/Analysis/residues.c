// Red-black sweeps: a loop that updates only the cells where `(i + j) % 2 == 0` and reads their
// neighbours, which have the other colour, has no dependence between iterations (OpenMPSnapshot's
// steadyStateHeat). The residue test proves it from the residues the conditions fix: iterations
// whose accesses meet differ by a constant vector d, and the residues require a.d to be
// congruent to the difference of the residues. Where it is (a diagonal neighbour has the same
// colour, k + 3 the same residue modulo 3) the dependence stays.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#define N 64
#define M 80

void sweeps(double g[N][M], double **h, int n, int m, double *v) {
#pragma gpupar
  for (int j = 1; j < N - 1; j++) // expected-remark {{loop offloaded: g (inout)}}
    for (int i = 1; i < M - 1; i++) // expected-remark {{collapsed with the offloaded loop}}
      if ((i + j) % 2 == 0)
        g[j][i] = 0.25 * (g[j - 1][i] + g[j + 1][i] + g[j][i - 1] + g[j][i + 1]);
  // Rows of a pointer-to-pointer array, the colour tested by a mask, the rest of the body
  // skipped with `continue`.
#pragma gpupar
  for (int j = 1; j < n - 1; j++) // expected-remark {{loop offloaded: h (inout)}}
    for (int i = 1; i < m - 1; i++) { // expected-remark {{collapsed with the offloaded loop}}
      if ((i + j) & 1)
        continue;
      h[j][i] = 0.25 * (h[j - 1][i] + h[j + 1][i] + h[j][i - 1] + h[j][i + 1]);
    }
#pragma gpupar
  for (int j = 1; j < N - 1; j++) // expected-remark {{loop offloaded: g (inout)}}
    for (int i = 1; i < M - 1; i++) { // expected-remark {{collapsed with the offloaded loop}}
      if (!((j + i) % 2 != 1))
        g[j][i] = g[j - 1][i] + g[j][i + 1];
    }
  // The colour of the sweep in a variable.
  for (int color = 0; color < 2; color++) {
#pragma gpupar
    for (int j = 1; j < N - 1; j++) // expected-remark {{loop offloaded: g (inout)}}
      for (int i = 1; i < M - 1; i++) // expected-remark {{collapsed with the offloaded loop}}
        if ((i + j) % 2 == color)
          g[j][i] = 0.25 * (g[j - 1][i] + g[j + 1][i] + g[j][i - 1] + g[j][i + 1]);
  }
  // Even elements take their odd neighbours.
#pragma gpupar
  for (int k = 0; k < n - 1; k++) // expected-remark {{loop offloaded: v (inout)}}
    if (k % 2 == 0)
      v[k] = v[k + 1];
  // The residue of a one-dimensional index, modulo 3: k - 2 .. k + 2 have other residues.
#pragma gpupar
  for (int k = 2; k < n - 2; k++) // expected-remark {{loop offloaded: v (inout)}}
    if (k % 3 == 1)
      v[k] = v[k - 1] + v[k + 1] + v[k + 2] + v[k - 2];
  // Diagonal neighbours have the same colour.
#pragma gpupar
  for (int j = 1; j < N - 1; j++)
    for (int i = 1; i < M - 1; i++)
      if ((i + j) % 2 != 0)
        g[j][i] = g[j - 1][i - 1] + g[j + 1][i + 1]; // expected-warning {{write to 'g[j][i]' and read of 'g[j - 1][i - 1]' may carry a dependence of distance 1 (the accesses are conditional)}} \
                                                     // expected-note {{read is here}}
#pragma gpupar
  for (int k = 3; k < n - 3; k++)
    if (k % 3 == 1)
      v[k] = v[k - 1] + v[k + 3]; // expected-warning {{write to 'v[k]' and read of 'v[k + 3]' may carry a dependence of distance 3 (the accesses are conditional)}} \
                                  // expected-note {{read is here}}
  // Residues of different sums, or a residue that the condition does not fix (`% 2 != 1` holds
  // for odd negative values too), prove nothing.
#pragma gpupar
  for (int j = 1; j < N - 1; j++)
    for (int i = 1; i < M - 1; i++)
      if (i % 2 == 0)
        g[j][i] = g[j - 1][i]; // expected-warning {{write to 'g[j][i]' and read of 'g[j - 1][i]' may carry a dependence of distance 1 (the accesses are conditional)}} \
                               // expected-note {{read is here}}
#pragma gpupar
  for (int k = 1; k < n - 1; k++)
    if (k % 2 != 1)
      v[k] = v[k - 1]; // expected-warning {{write to 'v[k]' and read of 'v[k - 1]' may carry a dependence of distance 1 (the accesses are conditional)}} \
                       // expected-note {{read is here}}
}
