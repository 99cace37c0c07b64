// The address of a scalar named in `private(...)` may go to a function of the file, as a random
// generator's state does (Burkardt's ziggurat: `jsr = seed[thread]; ... shr3_seeded(&jsr)`):
// each thread has its own, as a local of the body. Read by the function before the iteration
// sets it, it is the private-read error; without the clause, the warning names the clause.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
#include <stdint.h>

static uint32_t shr3(uint32_t *jsr) {
  uint32_t value = *jsr;
  *jsr = (*jsr ^ (*jsr << 13));
  *jsr = (*jsr ^ (*jsr >> 17));
  *jsr = (*jsr ^ (*jsr << 5));
  return value + *jsr;
}

void seeded(int n, uint32_t *seed, uint32_t *out) {
  uint32_t jsr, v;
#pragma gpupar private(jsr, v)
  for (int t = 0; t < n; t++) { // expected-remark {{loop offloaded: seed (inout), out (out), jsr (private), v (private)}}
    jsr = seed[t];
    v = 0;
    for (int k = 0; k < 100; k++)
      v += shr3(&jsr);
    out[t] = v;
    seed[t] = jsr;
  }
}

void unset(int n, const uint32_t *seed, uint32_t *out) {
  uint32_t jsr = 7, v;
#pragma gpupar private(jsr, v) // expected-note {{named in 'private' here}}
  for (int t = 0; t < n; t++) {
    v = shr3(&jsr); // expected-error {{private variable 'jsr' is read before the iteration writes it}}
    out[t] = v + seed[t];
  }
}

void shared(int n, const uint32_t *seed, uint32_t *out) {
  uint32_t jsr = 7;
#pragma gpupar
  for (int t = 0; t < n; t++) {
    jsr = seed[t];
    out[t] = shr3(&jsr); // expected-warning {{the address of 'jsr', declared outside the loop, goes to a function: all iterations would share it; if each iteration sets 'jsr' before it is used, name it in 'private(jsr)'}}
  }
}
