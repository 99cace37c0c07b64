/* A random generator's state kept in a private scalar and passed to a function by address, as
 * Burkardt's ziggurat_openmp does: each thread seeds its own state, draws from it, and stores
 * the state back (`private(jsr, value)`, `shr3_seeded(&jsr)`). Every element is compared with the
 * same loop run serially (exit status 1 on a mismatch). */
#include <stdint.h>
#include <stdio.h>

#define THREADS 1031
#define DRAWS 200

static uint32_t shr3_seeded(uint32_t *jsr) {
  uint32_t value = *jsr;
  *jsr = (*jsr ^ (*jsr << 13));
  *jsr = (*jsr ^ (*jsr >> 17));
  *jsr = (*jsr ^ (*jsr << 5));
  return value + *jsr;
}

static void draw(uint32_t *seed, uint32_t *result, int parallel) {
  uint32_t jsr, value;
#pragma gpupar if (parallel) private(jsr, value)
  for (int thread = 0; thread < THREADS; thread++) {
    jsr = seed[thread];
    value = 0;
    for (int k = 0; k < DRAWS; k++)
      value ^= shr3_seeded(&jsr);
    result[thread] = value;
    seed[thread] = jsr;
  }
}

int main(void) {
  static uint32_t seed[2][THREADS], result[2][THREADS];
  uint32_t jsr = 123456789;
  for (int t = 0; t < THREADS; t++)
    seed[0][t] = seed[1][t] = shr3_seeded(&jsr);
  for (int round = 0; round < 2; round++) {
    draw(seed[0], result[0], 1);
    draw(seed[1], result[1], 0);
  }
  long bad = 0;
  uint32_t check = 0;
  for (int t = 0; t < THREADS; t++) {
    bad += seed[0][t] != seed[1][t] || result[0][t] != result[1][t];
    check ^= result[1][t] + seed[1][t];
  }
  if (bad)
    fprintf(stderr, "rngstate: %ld threads differ from the serial loop\n", bad);
  printf("rngstate: check %08x\n", (unsigned)check);
  return bad ? 1 : 0;
}
