/* blackscholes: European call and put prices, the classic math-function benchmark. */
#include "common.h"

/* Cumulative normal distribution (Abramowitz-Stegun polynomial, as in the CUDA SDK sample). */
static float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
              a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = rsqrt2pi * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0f - c : c;
}

static void price(long n, float r, float v, const float *S, const float *X, const float *T,
                  float *call, float *put) {
#pragma gpupar
  for (long i = 0; i < n; i++) {
    float sqrtT = sqrtf(T[i]);
    float d1 = (logf(S[i] / X[i]) + (r + 0.5f * v * v) * T[i]) / (v * sqrtT);
    float d2 = d1 - v * sqrtT;
    float expRT = expf(-r * T[i]);
    call[i] = S[i] * cnd(d1) - X[i] * expRT * cnd(d2);
    put[i] = X[i] * expRT * (1.0f - cnd(d2)) - S[i] * (1.0f - cnd(d1));
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 22;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  float *S = bench_alloc(n * sizeof *S), *X = bench_alloc(n * sizeof *X);
  float *T = bench_alloc(n * sizeof *T), *call = bench_alloc(n * sizeof *call);
  float *put = bench_alloc(n * sizeof *put);
  double *ref = bench_alloc(2 * n * sizeof *ref), *got = bench_alloc(2 * n * sizeof *got);
  unsigned long long seed = 7;
  for (long i = 0; i < n; i++) {
    S[i] = (float)(17.5 + 12.5 * bench_rand(&seed));
    X[i] = (float)(50.5 + 49.5 * bench_rand(&seed));
    T[i] = (float)(5.125 + 4.875 * bench_rand(&seed));
  }
  const float r = 0.02f, v = 0.30f;
  for (long i = 0; i < n; i++) {
    double sqrtT = sqrt(T[i]);
    double d1 = (log((double)S[i] / X[i]) + (r + 0.5 * v * v) * T[i]) / (v * sqrtT);
    double d2 = d1 - v * sqrtT;
    double N1 = 0.5 * erfc(-d1 / sqrt(2.0)), N2 = 0.5 * erfc(-d2 / sqrt(2.0));
    double expRT = exp(-r * (double)T[i]);
    ref[2 * i] = S[i] * N1 - X[i] * expRT * N2;
    ref[2 * i + 1] = X[i] * expRT * (1 - N2) - S[i] * (1 - N1);
  }
  double times[64];
  if (bench_resident(argc, argv)) {
#pragma gpupar data map(to : S[0 : n], X[0 : n], T[0 : n]) map(tofrom : call[0 : n], put[0 : n])
    {
      BENCH_TIME(times, reps, price(n, r, v, S, X, T, call, put));
    }
  } else {
    BENCH_TIME(times, reps, price(n, r, v, S, X, T, call, put));
  }
  for (long i = 0; i < n; i++)
    got[2 * i] = call[i], got[2 * i + 1] = put[i];
  double err = bench_rel_err(got, ref, 2 * n);
  bench_report("blackscholes", n, times, reps, 20.0 * n, 60.0 * n, err < 1e-4);
  return err < 1e-4 ? 0 : 1;
}
