//===- Directive.cpp - the clauses of one `#pragma gpupar` -----------------===//
#include "Directive.h"

using namespace clang;

namespace gpupar {

const char *reductionOpSpelling(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add:
    return "+";
  case ReductionOp::Mul:
    return "*";
  case ReductionOp::Min:
    return "min";
  case ReductionOp::Max:
    return "max";
  case ReductionOp::BitAnd:
    return "&";
  case ReductionOp::BitOr:
    return "|";
  case ReductionOp::BitXor:
    return "^";
  case ReductionOp::LogAnd:
    return "&&";
  case ReductionOp::LogOr:
    return "||";
  }
  return "?";
}

const ReductionClause *Directive::reductionOf(llvm::StringRef Name, const ClauseItem **Item) const {
  for (const ReductionClause &R : Reductions)
    for (const ClauseItem &I : R.Items)
      if (I.Name == Name) {
        if (Item)
          *Item = &I;
        return &R;
      }
  return nullptr;
}

const ClauseItem *Directive::privateOf(llvm::StringRef Name) const {
  for (const ClauseItem &I : Privates)
    if (I.Name == Name)
      return &I;
  return nullptr;
}

const ClauseItem *Directive::mapOf(llvm::StringRef Name, MapKind *Kind) const {
  for (const MapClause &M : Maps)
    for (const ClauseItem &I : M.Items)
      if (I.Name == Name) {
        if (Kind)
          *Kind = M.Kind;
        return &I;
      }
  return nullptr;
}

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
