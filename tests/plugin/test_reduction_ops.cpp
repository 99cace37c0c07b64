// Unit tests of the reduction operators the plugin derives from GPUPAR_RED_OP_MAP (gpupar/loop.h):
// every operator of the map round-trips through its clause spelling (spelling -> ReductionOp ->
// spelling) and keeps the runtime's enumerator value and names; other spellings are rejected.
#include "Emit/RuntimeNames.h"
#include "Pragma/Directive.h"

#include <cstring>
#include <set>
#include <string>

extern "C" {
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
}

using namespace gpupar;

namespace {

void testRoundTrip(void **) {
  std::set<int> Values;
#define CHECK_ROW(NAME, name, Name, value, spelling, ident, combine, cls)                          \
  do {                                                                                             \
    std::optional<ReductionOp> Op = reductionOpFromSpelling(spelling);                             \
    assert_true(Op.has_value());                                                                   \
    assert_int_equal((int)*Op, GPUPAR_RED_##NAME);                                                 \
    assert_int_equal((int)*Op, value);                                                             \
    assert_string_equal(reductionOpSpelling(*Op), spelling);                                       \
    assert_string_equal(rt::reductionOpEnum(*Op), "GPUPAR_RED_" #NAME);                                \
    assert_string_equal(rt::reductionOpTemplate(*Op), "gpupar_red_" #name);                            \
    assert_true(Values.insert(value).second); /* one row per value */                              \
    assert_true(value < GPUPAR_RED_LAST);     /* GPUPAR_RED_LAST is no clause operator */          \
  } while (0);
  GPUPAR_RED_OP_MAP(CHECK_ROW)
#undef CHECK_ROW
  // The operators are the values 0 .. GPUPAR_RED_LAST - 1 (the runtime checks ranges with them).
  assert_int_equal((int)Values.size(), GPUPAR_RED_LAST);
}

void testRejected(void **) {
  for (const char *S : {"", "/", "MIN", "Max", "last", "&&&", "+=", "minimum", "^^", "--"})
    assert_false(reductionOpFromSpelling(S).has_value());
}

// OpenMP's `-` (deprecated in 5.2) combines partial results by addition.
void testOpenMPMinus(void **) {
  std::optional<ReductionOp> Op = reductionOpFromSpelling("-");
  assert_true(Op.has_value());
  assert_int_equal((int)*Op, GPUPAR_RED_ADD);
}

} // namespace

int main() {
  const struct CMUnitTest Tests[] = {
      cmocka_unit_test(testRoundTrip),
      cmocka_unit_test(testRejected),
      cmocka_unit_test(testOpenMPMinus),
  };
  return cmocka_run_group_tests(Tests, nullptr, nullptr);
}
