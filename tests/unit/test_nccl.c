/* NCCL through dlopen (nccl_dl.c): the reductions NCCL can combine, our copy of its ABI constants
 * (checked against nccl.h when the CUDA toolkit has it), and refusals that need no GPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpupar/gpupar.h"
#include "gather/nccl_dl.h"

#if defined(GPUPAR_HAVE_NCCL_H)
#include <nccl.h>
#endif

static void test_types(void **state) {
  (void)state;
  int yes[][2] = {{GPUPAR_TYPE_SIGNED, 1},   {GPUPAR_TYPE_SIGNED, 4},   {GPUPAR_TYPE_SIGNED, 8},
                  {GPUPAR_TYPE_UNSIGNED, 1}, {GPUPAR_TYPE_UNSIGNED, 4}, {GPUPAR_TYPE_UNSIGNED, 8},
                  {GPUPAR_TYPE_FLOAT, 4},    {GPUPAR_TYPE_FLOAT, 8}};
  int no[][2] = {{GPUPAR_TYPE_SIGNED, 2},
                 {GPUPAR_TYPE_UNSIGNED, 2},
                 {GPUPAR_TYPE_BOOL, 1},
                 {GPUPAR_TYPE_FLOAT, 16},
                 {GPUPAR_TYPE_FLOAT, 2}};
  for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
    assert_true(gpupar__nccl_datatype(yes[i][0], (size_t)yes[i][1]) >= 0);
  for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
    assert_int_equal(gpupar__nccl_datatype(no[i][0], (size_t)no[i][1]), -1);
  int ops_yes[] = {GPUPAR_RED_ADD, GPUPAR_RED_MUL, GPUPAR_RED_MIN, GPUPAR_RED_MAX};
  int ops_no[] = {GPUPAR_RED_BAND, GPUPAR_RED_BOR, GPUPAR_RED_BXOR,
                  GPUPAR_RED_LAND, GPUPAR_RED_LOR, GPUPAR_RED_LAST};
  for (size_t i = 0; i < sizeof ops_yes / sizeof ops_yes[0]; i++)
    assert_true(gpupar__nccl_can_reduce(GPUPAR_TYPE_FLOAT, 8, ops_yes[i]));
  for (size_t i = 0; i < sizeof ops_no / sizeof ops_no[0]; i++)
    assert_false(gpupar__nccl_can_reduce(GPUPAR_TYPE_SIGNED, 4, ops_no[i]));
}

static void test_abi(void **state) {
  (void)state;
#if defined(GPUPAR_HAVE_NCCL_H)
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_SIGNED, 1), ncclInt8);
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_UNSIGNED, 1), ncclUint8);
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_SIGNED, 4), ncclInt32);
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_UNSIGNED, 4), ncclUint32);
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_SIGNED, 8), ncclInt64);
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_UNSIGNED, 8), ncclUint64);
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_FLOAT, 4), ncclFloat32);
  assert_int_equal(gpupar__nccl_datatype(GPUPAR_TYPE_FLOAT, 8), ncclFloat64);
  assert_int_equal(gpupar__nccl_redop(GPUPAR_RED_ADD), ncclSum);
  assert_int_equal(gpupar__nccl_redop(GPUPAR_RED_MUL), ncclProd);
  assert_int_equal(gpupar__nccl_redop(GPUPAR_RED_MIN), ncclMin);
  assert_int_equal(gpupar__nccl_redop(GPUPAR_RED_MAX), ncclMax);
#else
  skip();
#endif
}

static void test_refusals(void **state) {
  (void)state;
  int ordinals[2] = {0, 1};
  void *src[2] = {NULL, NULL}, *streams[2] = {NULL, NULL};
  char msg[200] = "";
  /* One rank, a bad root, an unsupported type: refused before any communicator exists. */
  assert_int_equal(
      gpupar__nccl_reduce(ordinals, 1, 0, src, NULL, 1, 0, 0, streams, msg, sizeof msg), -1);
  assert_true(msg[0] != '\0');
  msg[0] = '\0';
  assert_int_equal(
      gpupar__nccl_reduce(ordinals, 2, 2, src, NULL, 1, 0, 0, streams, msg, sizeof msg), -1);
  assert_true(msg[0] != '\0');
  msg[0] = '\0';
  assert_int_equal(gpupar__nccl_reduce(ordinals, 2, 0, src, NULL, 1,
                                       gpupar__nccl_datatype(GPUPAR_TYPE_BOOL, 1), 0, streams, msg,
                                       sizeof msg),
                   -1);
  assert_true(msg[0] != '\0');
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_types), cmocka_unit_test(test_abi),
                                     cmocka_unit_test(test_refusals)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
