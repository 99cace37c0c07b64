/* Reductions: the typed combine and identities (every operator on every type), every operator
 * folded in chunks against the serial loop, the combine order (value before the loop once, then
 * chunks in iteration order), and gpupar_run end to end with scalar, last-value and array
 * reductions on 1, 3 and 7 emulated devices and on the host threads. Run with GPUPAR_FORCE=gpu
 * (devices) or GPUPAR_FORCE=cpu (host threads). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "backends/backend.h"
#include "gather/reduce.h"
#include "gpupar/gpupar.h"
#include "gpupar/kernel.h"
#include "registry.h"

/* Every operator of GPUPAR_RED_OP_MAP (loop.h). */
#define OP_VALUE(NAME, ...) GPUPAR_RED_##NAME,
static const int ops[] = {GPUPAR_RED_OP_MAP(OP_VALUE)};
#undef OP_VALUE

/* Checks combine and identity of one integer type against C's own operators. */
#define CHECK_INT(T, KIND)                                                                         \
  do {                                                                                             \
    const T vals[] = {(T)0, (T)1, (T) - 1, (T)3, (T)100, (T) - 77, (T)(T) ~(T)0};                  \
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)                                          \
      for (size_t i = 0; i < sizeof vals / sizeof *vals; i++)                                      \
        for (size_t j = 0; j < sizeof vals / sizeof *vals; j++) {                                  \
          T a = vals[i], b = vals[j], want;                                                        \
          switch (ops[o]) {                                                                        \
          case GPUPAR_RED_ADD:                                                                     \
            want = (T)((unsigned long long)a + (unsigned long long)b);                             \
            break;                                                                                 \
          case GPUPAR_RED_MUL:                                                                     \
            want = (T)((unsigned long long)a * (unsigned long long)b);                             \
            break;                                                                                 \
          case GPUPAR_RED_MIN:                                                                     \
            want = a < b ? a : b;                                                                  \
            break;                                                                                 \
          case GPUPAR_RED_MAX:                                                                     \
            want = a > b ? a : b;                                                                  \
            break;                                                                                 \
          case GPUPAR_RED_BAND:                                                                    \
            want = (T)(a & b);                                                                     \
            break;                                                                                 \
          case GPUPAR_RED_BOR:                                                                     \
            want = (T)(a | b);                                                                     \
            break;                                                                                 \
          case GPUPAR_RED_BXOR:                                                                    \
            want = (T)(a ^ b);                                                                     \
            break;                                                                                 \
          case GPUPAR_RED_LAND:                                                                    \
            want = (T)(a && b);                                                                    \
            break;                                                                                 \
          case GPUPAR_RED_LOR:                                                                     \
            want = (T)(a || b);                                                                    \
            break;                                                                                 \
          default:                                                                                 \
            fail_msg("operator %d has no check", ops[o]);                                          \
            return;                                                                                \
          }                                                                                        \
          T got = a;                                                                               \
          assert_int_equal(gpupar__red_combine(KIND, sizeof(T), ops[o], &got, &b, 1), GPUPAR_OK);  \
          assert_true(got == want);                                                                \
          T id;                                                                                    \
          assert_int_equal(gpupar__red_identity(KIND, sizeof(T), ops[o], &id, 1), GPUPAR_OK);      \
          if (ops[o] != GPUPAR_RED_LAND && ops[o] != GPUPAR_RED_LOR) {                             \
            got = id;                                                                              \
            gpupar__red_combine(KIND, sizeof(T), ops[o], &got, &a, 1);                             \
            assert_true(got == a); /* the identity is neutral */                                   \
          }                                                                                        \
        }                                                                                          \
  } while (0)

static void test_integers(void **state) {
  (void)state;
  CHECK_INT(signed char, GPUPAR_TYPE_SIGNED);
  CHECK_INT(short, GPUPAR_TYPE_SIGNED);
  CHECK_INT(int, GPUPAR_TYPE_SIGNED);
  CHECK_INT(long, GPUPAR_TYPE_SIGNED);
  CHECK_INT(long long, GPUPAR_TYPE_SIGNED);
  CHECK_INT(unsigned char, GPUPAR_TYPE_UNSIGNED);
  CHECK_INT(unsigned short, GPUPAR_TYPE_UNSIGNED);
  CHECK_INT(unsigned, GPUPAR_TYPE_UNSIGNED);
  CHECK_INT(unsigned long, GPUPAR_TYPE_UNSIGNED);
  CHECK_INT(unsigned long long, GPUPAR_TYPE_UNSIGNED);
}

static void test_bool(void **state) {
  (void)state;
  for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++) {
        _Bool a = i, b = j, want;
        switch (ops[o]) {
        case GPUPAR_RED_MUL:
        case GPUPAR_RED_MIN:
        case GPUPAR_RED_BAND:
        case GPUPAR_RED_LAND:
          want = a && b;
          break;
        case GPUPAR_RED_BXOR:
          want = a != b;
          break;
        default:
          want = a || b;
          break;
        }
        _Bool got = a;
        assert_int_equal(gpupar__red_combine(GPUPAR_TYPE_BOOL, sizeof(_Bool), ops[o], &got, &b, 1),
                         GPUPAR_OK);
        assert_int_equal(got, want);
      }
}

#define CHECK_FLOAT(T)                                                                             \
  do {                                                                                             \
    const T vals[] = {(T)0, (T)1.5, (T) - 2.25, (T)1e30, (T) - 3};                                 \
    const int fops[] = {GPUPAR_RED_ADD, GPUPAR_RED_MUL,  GPUPAR_RED_MIN,                           \
                        GPUPAR_RED_MAX, GPUPAR_RED_LAND, GPUPAR_RED_LOR};                          \
    for (size_t o = 0; o < sizeof fops / sizeof *fops; o++)                                        \
      for (size_t i = 0; i < sizeof vals / sizeof *vals; i++)                                      \
        for (size_t j = 0; j < sizeof vals / sizeof *vals; j++) {                                  \
          T a = vals[i], b = vals[j];                                                              \
          T want = fops[o] == GPUPAR_RED_ADD    ? a + b                                            \
                   : fops[o] == GPUPAR_RED_MUL  ? a * b                                            \
                   : fops[o] == GPUPAR_RED_MIN  ? (a < b ? a : b)                                  \
                   : fops[o] == GPUPAR_RED_MAX  ? (a > b ? a : b)                                  \
                   : fops[o] == GPUPAR_RED_LAND ? (T)(a && b)                                      \
                                                : (T)(a || b);                                     \
          T got = a;                                                                               \
          assert_int_equal(                                                                        \
              gpupar__red_combine(GPUPAR_TYPE_FLOAT, sizeof(T), fops[o], &got, &b, 1), GPUPAR_OK); \
          assert_true(got == want);                                                                \
          T id;                                                                                    \
          gpupar__red_identity(GPUPAR_TYPE_FLOAT, sizeof(T), fops[o], &id, 1);                     \
          if (fops[o] <= GPUPAR_RED_MAX) {                                                         \
            got = id;                                                                              \
            gpupar__red_combine(GPUPAR_TYPE_FLOAT, sizeof(T), fops[o], &got, &a, 1);               \
            assert_true(got == a);                                                                 \
          }                                                                                        \
        }                                                                                          \
    /* Bitwise operators do not apply to floating types. */                                        \
    T x = 1, y = 2;                                                                                \
    assert_int_equal(                                                                              \
        gpupar__red_combine(GPUPAR_TYPE_FLOAT, sizeof(T), GPUPAR_RED_BAND, &x, &y, 1),             \
        GPUPAR_EINVAL);                                                                            \
  } while (0)

static void test_floats(void **state) {
  (void)state;
  CHECK_FLOAT(float);
  CHECK_FLOAT(double);
  CHECK_FLOAT(long double);
  float inf;
  gpupar__red_identity(GPUPAR_TYPE_FLOAT, sizeof(float), GPUPAR_RED_MIN, &inf, 1);
  assert_true(isinf(inf) && inf > 0);
  assert_int_equal(gpupar__red_supported(GPUPAR_TYPE_SIGNED, 3, GPUPAR_RED_ADD), 0);
  assert_int_equal(gpupar__red_supported(GPUPAR_TYPE_SIGNED, 4, 42), 0);
  long long last = 5, v = 9;
  gpupar__red_combine(GPUPAR_TYPE_SIGNED, 8, GPUPAR_RED_LAST, &last, &v, 1);
  assert_int_equal(last, 9);
}

/* --- Every operator against the serial loop ------------------------------------------------
 * The loop a user writes (`x += v[i]`, `x = v[i] < x ? v[i] : x`, `x &= v[i]`, ...) against
 * what gpupar_run does with the runtime's combine: each of three chunks folds its values into
 * the identity, then the value before the loop is combined with the chunks' results in order. */
#define SERIAL_STEP(op, x, v, BITWISE)                                                             \
  switch (op) {                                                                                    \
  case GPUPAR_RED_ADD:                                                                             \
    x += v;                                                                                        \
    break;                                                                                         \
  case GPUPAR_RED_MUL:                                                                             \
    x *= v;                                                                                        \
    break;                                                                                         \
  case GPUPAR_RED_MIN:                                                                             \
    x = v < x ? v : x;                                                                             \
    break;                                                                                         \
  case GPUPAR_RED_MAX:                                                                             \
    x = v > x ? v : x;                                                                             \
    break;                                                                                         \
    BITWISE(x, v)                                                                                  \
  case GPUPAR_RED_LAND:                                                                            \
    x = x && v;                                                                                    \
    break;                                                                                         \
  case GPUPAR_RED_LOR:                                                                             \
    x = x || v;                                                                                    \
    break;                                                                                         \
  default:                                                                                         \
    fail_msg("operator %d has no serial loop", op);                                                \
  }
#define INT_BITWISE(x, v)                                                                          \
  case GPUPAR_RED_BAND:                                                                            \
    x &= v;                                                                                        \
    break;                                                                                         \
  case GPUPAR_RED_BOR:                                                                             \
    x |= v;                                                                                        \
    break;                                                                                         \
  case GPUPAR_RED_BXOR:                                                                            \
    x ^= v;                                                                                        \
    break;
#define NO_BITWISE(x, v)

#define CHECK_SERIAL(T, KIND, BITWISE, SCALE)                                                      \
  do {                                                                                             \
    static const int seqs[][12] = {{3, -1, 2, 0, -2, 1, 5, -3, 1, 2, -1, 4},                       \
                                   {3, -1, 2, 7, -2, 1, 5, -3, 1, 2, -1, 6}};                      \
    static const int starts[] = {0, 1, -5, 6};                                                     \
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {                                        \
      if (!gpupar__red_supported(KIND, sizeof(T), ops[o])) {                                       \
        /* only the bitwise operators are missing, and only on floating types */                   \
        assert_int_equal(KIND, GPUPAR_TYPE_FLOAT);                                                 \
        assert_true(ops[o] == GPUPAR_RED_BAND || ops[o] == GPUPAR_RED_BOR ||                       \
                    ops[o] == GPUPAR_RED_BXOR);                                                    \
        continue;                                                                                  \
      }                                                                                            \
      for (size_t q = 0; q < sizeof seqs / sizeof *seqs; q++)                                      \
        for (size_t st = 0; st < sizeof starts / sizeof *starts; st++) {                           \
          T v[12], x = (T)(starts[st] * SCALE), acc = x;                                           \
          for (int i = 0; i < 12; i++) {                                                           \
            v[i] = (T)(seqs[q][i] * SCALE);                                                        \
            SERIAL_STEP(ops[o], x, v[i], BITWISE)                                                  \
          }                                                                                        \
          for (int c = 0; c < 3; c++) {                                                            \
            T part;                                                                                \
            assert_int_equal(gpupar__red_identity(KIND, sizeof(T), ops[o], &part, 1), GPUPAR_OK);  \
            for (int i = 4 * c; i < 4 * c + 4; i++)                                                \
              assert_int_equal(gpupar__red_combine(KIND, sizeof(T), ops[o], &part, &v[i], 1),      \
                               GPUPAR_OK);                                                         \
            assert_int_equal(gpupar__red_combine(KIND, sizeof(T), ops[o], &acc, &part, 1),         \
                             GPUPAR_OK);                                                           \
          }                                                                                        \
          if (acc != x)                                                                            \
            fail_msg("operator %d, sequence %zu, start %d: serial %g, combined %g", ops[o], q,     \
                     starts[st], (double)x, (double)acc);                                          \
        }                                                                                          \
    }                                                                                              \
  } while (0)

static void test_serial(void **state) {
  (void)state;
  CHECK_SERIAL(int, GPUPAR_TYPE_SIGNED, INT_BITWISE, 1);
  CHECK_SERIAL(long long, GPUPAR_TYPE_SIGNED, INT_BITWISE, 1);
  CHECK_SERIAL(unsigned, GPUPAR_TYPE_UNSIGNED, INT_BITWISE, 1);
  CHECK_SERIAL(double, GPUPAR_TYPE_FLOAT, NO_BITWISE, 0.5);
  CHECK_SERIAL(float, GPUPAR_TYPE_FLOAT, NO_BITWISE, 0.5);
}

/* A loop with one float sum; host chunks recorded out of order. */
static const gpupar_reduction_desc fsum_red[] = {
    {"s", GPUPAR_TYPE_FLOAT, sizeof(float), GPUPAR_RED_ADD, 0}};
static const gpupar_loop fsum_loop = {GPUPAR_VERSION_CODE,
                                      "order.c:1",
                                      0,
                                      NULL,
                                      0,
                                      NULL,
                                      0,
                                      NULL,
                                      NULL,
                                      1,
                                      fsum_red,
                                      NULL,
                                      0,
                                      NULL,
                                      0,
                                      0};

static void record_host_chunk(gpupar_call *call, unsigned long long begin, float value) {
  gpupar_launch L = {.begin = begin, .end = begin + 1};
  gpupar__red_chunk *c;
  assert_int_equal(gpupar__red_host_begin(&fsum_loop, call, &L, &c), 0);
  assert_non_null(c);
  assert_int_equal(L.partial_slots, 1);
  *(float *)L.partials[0] = value;
  assert_int_equal(gpupar__red_host_end(c, begin, 0), 0);
}

static void test_order(void **state) {
  (void)state;
  /* ((1 + 1e8) + 1) - 1e8 == 0 in float; in recording order (1 + 1e8 - 1e8) + 1 == 1. */
  float s = 1.0f;
  void *const vars[] = {&s};
  gpupar_call call = {.version = GPUPAR_VERSION_CODE, .reductions = vars};
  char why[128];
  assert_int_equal(gpupar__red_start(&fsum_loop, &call, why, sizeof why), GPUPAR_OK);
  record_host_chunk(&call, 0, 1e8f);
  record_host_chunk(&call, 10, -1e8f);
  record_host_chunk(&call, 5, 1.0f);
  /* A failed chunk records nothing. */
  gpupar_launch L = {.begin = 20, .end = 21};
  gpupar__red_chunk *c;
  assert_int_equal(gpupar__red_host_begin(&fsum_loop, &call, &L, &c), 0);
  *(float *)L.partials[0] = 12345.0f;
  assert_int_equal(gpupar__red_host_end(c, 20, 3), 3);
  assert_int_equal(gpupar__red_finish(&fsum_loop, &call), GPUPAR_OK);
  assert_null(call.reduce_state);
  assert_true(s == 0.0f);
  /* Aborted: the variable keeps its value. */
  s = 7.0f;
  assert_int_equal(gpupar__red_start(&fsum_loop, &call, why, sizeof why), GPUPAR_OK);
  record_host_chunk(&call, 0, 1.0f);
  gpupar__red_abort(&call);
  assert_true(s == 7.0f);
  /* Malformed descriptors are refused. */
  static const gpupar_reduction_desc bad[] = {
      {"s", GPUPAR_TYPE_FLOAT, sizeof(float), GPUPAR_RED_BXOR, 0}};
  gpupar_loop bad_loop = fsum_loop;
  bad_loop.reductions = bad;
  assert_int_equal(gpupar__red_start(&bad_loop, &call, why, sizeof why), GPUPAR_EINVAL);
}

/* for (i = 0; i < n; i++) { s += x[i]; m = x[i] > m ? x[i] : m; p *= (x[i] % 3 == 0 ? 1 : -1);
 *                           last = 3 * i; hist[x[i] % 16]++; }
 * as the plugin generates it (host entry point, with partial slots). */
static int red_host(const gpupar_launch *L) {
  const int *x = (const int *)L->arrays[0];
  long long s = 0;
  double m = -HUGE_VAL;
  int p = 1, last = 0;
  unsigned *hist = (unsigned *)L->partials[4];
  if (!L->partials_ready) /* else it is the device's shared buffer (see loop.h) */
    for (int b = 0; b < 16; b++)
      hist[b] = 0;
  for (unsigned long long k = L->begin; k < L->end; ++k) {
    int i = (int)GPUPAR_INDEX(L->lo, L->step, k);
    s += x[i];
    m = x[i] > m ? x[i] : m;
    p *= x[i] % 3 == 0 ? 1 : -1;
    last = 3 * i;
    hist[x[i] % 16]++;
  }
  for (unsigned slot = 0; slot < L->partial_slots; slot++) {
    ((long long *)L->partials[0])[slot] = slot ? 0 : s;
    ((double *)L->partials[1])[slot] = slot ? -HUGE_VAL : m;
    ((int *)L->partials[2])[slot] = slot ? 1 : p;
  }
  if (L->begin < L->end)
    *(int *)L->partials[3] = last;
  return 0;
}
static const gpupar_array_desc red_arrays[] = {{"x", sizeof(int), GPUPAR_READ}};
static const gpupar_term_desc red_terms[] = {{0, GPUPAR_READ, 1}};
static const gpupar_reduction_desc red_reds[] = {
    {"s", GPUPAR_TYPE_SIGNED, sizeof(long long), GPUPAR_RED_ADD, 0},
    {"m", GPUPAR_TYPE_FLOAT, sizeof(double), GPUPAR_RED_MAX, 0},
    {"p", GPUPAR_TYPE_SIGNED, sizeof(int), GPUPAR_RED_MUL, 0},
    {"last", GPUPAR_TYPE_SIGNED, sizeof(int), GPUPAR_RED_LAST, 0},
    {"hist", GPUPAR_TYPE_UNSIGNED, sizeof(unsigned), GPUPAR_RED_ADD, 1}};
static const gpupar_loop red_loop = {GPUPAR_VERSION_CODE,
                                     "reduce.c:1",
                                     1,
                                     red_arrays,
                                     1,
                                     red_terms,
                                     0,
                                     red_host,
                                     NULL,
                                     5,
                                     red_reds,
                                     NULL,
                                     0,
                                     NULL,
                                     0,
                                     0};

static void run_reduction(int n) {
  int *x = malloc((size_t)n * sizeof *x);
  assert_non_null(x);
  for (int i = 0; i < n; i++)
    x[i] = (i * 7919) % 1000;
  long long s = 100, ws = 100; /* the value before the loop counts once */
  double m = 5.0, wm = 5.0;
  int p = -1, wp = -1, last = -9, wlast = -9;
  unsigned hist[18], whist[18];
  for (int b = 0; b < 18; b++)
    hist[b] = whist[b] = 1000u + (unsigned)b;
  for (int i = 0; i < n; i++) {
    ws += x[i];
    wm = x[i] > wm ? x[i] : wm;
    wp *= x[i] % 3 == 0 ? 1 : -1;
    wlast = 3 * i;
    whist[1 + x[i] % 16]++;
  }
  gpupar_span span;
  gpupar_span_init(&span, 1, 0);
  void *const arrays[] = {x};
  void *const vars[] = {&s, &m, &p, &last, &hist[1]};
  const long long counts[] = {1, 1, 1, 1, 16};
  gpupar_call c = {.version = GPUPAR_VERSION_CODE,
                   .lo = 0,
                   .hi = n,
                   .step = 1,
                   .cond = GPUPAR_LT,
                   .arrays = arrays,
                   .spans = &span,
                   .reductions = vars,
                   .reduction_counts = counts};
  assert_int_equal(gpupar_run(&red_loop, &c), 1);
  assert_true(s == ws);
  assert_true(m == wm);
  assert_int_equal(p, wp);
  if (n > 0)
    assert_int_equal(last, wlast);
  else
    assert_int_equal(last, -9);
  for (int b = 0; b < 18; b++)
    assert_int_equal(hist[b], whist[b]);
  free(x);
}

static void test_run(void **state) {
  (void)state;
  static const int devices[] = {1, 3, 7};
  for (size_t d = 0; d < sizeof devices / sizeof *devices; d++) {
    assert_int_equal(gpupar__registry_install(&gpupar__backend_emu, devices[d]), 0);
    run_reduction(0);
    run_reduction(1);
    run_reduction(5);
    run_reduction(100000);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_integers), cmocka_unit_test(test_bool),  cmocka_unit_test(test_floats),
      cmocka_unit_test(test_serial),   cmocka_unit_test(test_order), cmocka_unit_test(test_run),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
