//===- Directive.cpp - the clauses of one `#pragma gpupar` -----------------===//
#include "Directive.h"

using namespace clang;

namespace gpupar {

bool parseDirective(const PragmaRecord &R, Directive &D, std::vector<Problem> &Problems) {
  D.Record = &R;
  size_t I = 0;
  while (I < R.Clauses.size()) {
    const ClauseToken &T = R.Clauses[I];
    if (T.Spelling == ",") { // clauses may be separated by commas
      ++I;
      continue;
    }
    // Known clauses are parsed here (none yet).
    Problem P;
    P.Level = Severity::Error;
    P.Range = SourceRange(T.Loc, T.Loc);
    P.Message = "unknown clause '" + T.Spelling + "' in '#pragma gpupar'";
    Problems.push_back(std::move(P));
    return false;
  }
  return true;
}

} // namespace gpupar
