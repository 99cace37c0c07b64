//===- MathCalls.cpp - the C math functions an offloaded loop may call -----===//
#include "Analysis/MathCalls.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <string>

using namespace clang;

namespace gpupar {

namespace {
struct Table {
  llvm::StringMap<MathCall> Plain, LongDouble;
  std::deque<std::string> Names; // owns the strings MathCall points to (stable addresses)

  Table() {
    static const char *const Functions[] = {
        "acos",   "asin",    "atan",      "atan2",    "cos",  "sin",       "tan",    "acosh",
        "asinh",  "atanh",   "cosh",      "sinh",     "tanh", "exp",       "exp2",   "expm1",
        "log",    "log10",   "log2",      "log1p",    "logb", "ilogb",     "pow",    "sqrt",
        "cbrt",   "hypot",   "fabs",      "fmin",     "fmax", "fmod",      "fdim",   "fma",
        "floor",  "ceil",    "round",     "trunc",    "rint", "nearbyint", "lround", "llround",
        "lrint",  "llrint",  "copysign",  "erf",      "erfc", "tgamma",    "lgamma", "ldexp",
        "scalbn", "scalbln", "remainder", "nextafter"};
    for (const char *F : Functions) {
      add(Plain, F, F, true);
      add(Plain, std::string(F) + "f", std::string(F) + "f", true);
      add(LongDouble, std::string(F) + "l", std::string(F) + "l", true);
    }
    // Builtins that <math.h> macros expand to.
    add(Plain, "__builtin_isnan", "isnan", false);
    add(Plain, "__builtin_isinf", "isinf", false);
    add(Plain, "__builtin_isfinite", "isfinite", false);
    add(Plain, "__builtin_isnormal", "isnormal", false);
    add(Plain, "__builtin_signbit", "signbit", false);
    add(Plain, "__builtin_signbitf", "signbit", false);
    for (const char *B : {"__builtin_inf", "__builtin_inff", "__builtin_huge_val",
                          "__builtin_huge_valf", "__builtin_nan", "__builtin_nanf"})
      add(Plain, B, B, false);
  }
  void add(llvm::StringMap<MathCall> &Map, const std::string &Name, const std::string &Cxx,
           bool Cast) {
    Names.push_back(Name);
    const char *N = Names.back().c_str();
    Names.push_back(Cxx);
    const char *C = Names.back().c_str();
    Map[Name] = MathCall{N, C, Cast};
  }
};
} // namespace

const MathCall *findMathCall(const ASTContext &Ctx, const FunctionDecl *FD, bool AllowLongDouble) {
  static const Table T;
  if (!FD->getIdentifier())
    return nullptr;
  StringRef Name = FD->getName();
  const llvm::StringMap<MathCall> &Map = AllowLongDouble ? T.LongDouble : T.Plain;
  auto It = Map.find(Name);
  if (It == Map.end())
    return nullptr;
  // A user function that happens to be named `sqrt` is not the library's.
  bool Library =
      FD->getBuiltinID() != 0 || Ctx.getSourceManager().isInSystemHeader(FD->getLocation());
  if (!Library || FD->hasBody())
    return nullptr;
  return &It->second;
}

} // namespace gpupar
