// Unit tests of the contract between the emitters and the runtime (Emit/RuntimeNames.h): every
// name the generated host file spells is declared by the public headers, with that spelling, and
// every enum the plan carries prints as the runtime's enumerator of the same value.
#include "Emit/RuntimeNames.h"

#include "gpupar/gpupar.h"
#include "gpupar/loop.h"
#include "gpupar/version.h"

#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

extern "C" {
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
}

using namespace gpupar;

namespace {

// Each row names the declaration itself, so a renamed runtime symbol fails to compile here.
#define FUNCTION(Name, Symbol)                                                                     \
  do {                                                                                             \
    assert_string_equal(rt::Name, #Symbol);                                                        \
    assert_non_null((const void *)&Symbol);                                                        \
  } while (0)
#define TYPE(Name, Symbol)                                                                         \
  do {                                                                                             \
    assert_string_equal(rt::Name, #Symbol);                                                        \
    assert_true(sizeof(Symbol) > 0);                                                               \
  } while (0)

void test_host_names(void **) {
  FUNCTION(Run, gpupar_run);
  FUNCTION(HostDone, gpupar_host_done);
  FUNCTION(SpanInit, gpupar_span_init);
  FUNCTION(SpanAddRange, gpupar_span_add_range);
  FUNCTION(SpanCols, gpupar_span_cols);
  FUNCTION(SpanColCoef, gpupar_span_col_coef);
  FUNCTION(SpanAddCols, gpupar_span_add_cols);
  FUNCTION(SpanGuardLo, gpupar_span_guard_lo);
  FUNCTION(SpanGuardHi, gpupar_span_guard_hi);
  FUNCTION(TripCount, gpupar_trip_count);
  FUNCTION(MaxLL, gpupar_max_ll);
  FUNCTION(MinLL, gpupar_min_ll);
  FUNCTION(HeapExtent, gpupar_heap_extent);
  FUNCTION(HostOnly, gpupar_host_only);
  TYPE(Loop, gpupar_loop);
  TYPE(Call, gpupar_call);
  TYPE(Span, gpupar_span);
  TYPE(RowsLayout, gpupar_rows_layout);
  assert_string_equal(rt::VersionCode, "GPUPAR_VERSION_CODE");
  assert_true(GPUPAR_VERSION_CODE > 0);
  assert_string_equal(rt::Header, "gpupar/gpupar.h");
  // Every name of the list is one of the rows above.
  assert_int_equal(sizeof(rt::HostNames) / sizeof(rt::HostNames[0]), 19);
}

/// Returns the text of public header `Name` (the source tree's include/gpupar).
std::string header(const char *Name) {
  std::ifstream In(std::string(GPUPAR_HEADER_DIR) + "/" + Name);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

/// Returns true when `Text` declares `Name`: a macro, a struct or struct template, or an inline
/// function (template).
bool declares(const std::string &Text, const std::string &Name) {
  std::regex Macro("(^|\\n)[ \\t]*#[ \\t]*define[ \\t]+" + Name + "\\b");
  std::regex Struct("\\bstruct[ \\t]+" + Name + "\\b");
  std::regex Function("\\binline\\b[^;{(]*\\b" + Name + "[ \\t]*\\(");
  return std::regex_search(Text, Macro) || std::regex_search(Text, Struct) ||
         std::regex_search(Text, Function);
}

// The .cu's names cannot be referenced from a host test (kernel.h defines most of them only for
// nvcc or the simulator), so each must be declared in the headers' text.
void test_kernel_names(void **) {
  std::string Text = header("kernel.h") + header("loop.h");
  assert_true(Text.size() > 1000);
  for (const char *Name : rt::KernelNames)
    if (!declares(Text, Name)) {
      fprintf(stderr, "%s is not declared by kernel.h or loop.h\n", Name);
      fail();
    }
  assert_false(declares(Text, "gpupar_no_such_helper"));
  assert_string_equal(rt::KernelHeader, "gpupar/kernel.h");
}

void test_enum_spellings(void **) {
  struct {
    Cond C;
    int Value;
    const char *Name;
  } Conds[] = {{Cond::LT, GPUPAR_LT, "GPUPAR_LT"},
               {Cond::LE, GPUPAR_LE, "GPUPAR_LE"},
               {Cond::GT, GPUPAR_GT, "GPUPAR_GT"},
               {Cond::GE, GPUPAR_GE, "GPUPAR_GE"},
               {Cond::NE, GPUPAR_NE, "GPUPAR_NE"}};
  for (const auto &Row : Conds) {
    assert_int_equal((int)Row.C, Row.Value);
    assert_string_equal(rt::condName(Row.C), Row.Name);
  }
  assert_string_equal(rt::typeKindName(GPUPAR_TYPE_BOOL), "GPUPAR_TYPE_BOOL");
  assert_string_equal(rt::typeKindName(GPUPAR_TYPE_SIGNED), "GPUPAR_TYPE_SIGNED");
  assert_string_equal(rt::typeKindName(GPUPAR_TYPE_UNSIGNED), "GPUPAR_TYPE_UNSIGNED");
  assert_string_equal(rt::typeKindName(GPUPAR_TYPE_FLOAT), "GPUPAR_TYPE_FLOAT");
  assert_int_equal(GPUPAR_RED_LAST, 9);
  assert_string_equal(rt::RedLast, "GPUPAR_RED_LAST");
}

void test_access_bits(void **) {
  assert_string_equal(rt::accessBits(true, false, false, false).c_str(), "GPUPAR_READ");
  assert_string_equal(rt::accessBits(true, true, false, false).c_str(),
                      "GPUPAR_READ | GPUPAR_WRITE");
  assert_string_equal(rt::accessBits(false, true, true, false).c_str(),
                      "GPUPAR_WRITE | GPUPAR_SCATTER");
  assert_string_equal(rt::accessBits(false, true, false, true).c_str(),
                      "GPUPAR_WRITE | GPUPAR_DISJOINT");
  // The bits as the runtime defines them.
  assert_int_equal(GPUPAR_READ | GPUPAR_WRITE | GPUPAR_SCATTER | GPUPAR_DISJOINT, 15);
}

} // namespace

int main() {
  const struct CMUnitTest Tests[] = {
      cmocka_unit_test(test_host_names),
      cmocka_unit_test(test_kernel_names),
      cmocka_unit_test(test_enum_spellings),
      cmocka_unit_test(test_access_bits),
  };
  return cmocka_run_group_tests(Tests, nullptr, nullptr);
}
