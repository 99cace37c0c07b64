//===- PlanText.cpp - the plan's values as C text --------------------------===//
#include "Emit/PlanText.h"
#include "Emit/RuntimeNames.h"
#include "Text.h"

using namespace clang;

namespace gpupar {

std::string scalarName(const LoopPlan &P, const PlanScalar &S) {
  switch (S.Kind) {
  case PlanScalar::Variable:
    return S.Var->getNameAsString();
  case PlanScalar::SectionLo:
    return "gpupar_lo_" + reductionName(P.Reductions[S.Of]);
  case PlanScalar::NestLo:
    return "gpupar_lo_" + P.Collapsed[S.Of].Form.Var->getNameAsString();
  case PlanScalar::Layout:
    return "gpupar_rows_" + arrayName(P, S.Of);
  case PlanScalar::Member:
    return "gpupar_m" + std::to_string(S.Of);
  }
  return "?";
}

std::string scalarTypeC(const ASTContext &Ctx, const PlanScalar &S) {
  switch (S.Kind) {
  case PlanScalar::Variable:
    return typeC(Ctx, S.Var->getType());
  case PlanScalar::Member:
    return typeC(Ctx, S.Expr->getType());
  case PlanScalar::Layout:
    return rt::RowsLayout;
  default:
    return "long long";
  }
}

std::string scalarTypeCxx(const ASTContext &Ctx, const PlanScalar &S) {
  if (S.Kind == PlanScalar::Variable)
    return typeCxx(Ctx, S.Var->getType());
  if (S.Kind == PlanScalar::Member)
    return typeCxx(Ctx, S.Expr->getType());
  return scalarTypeC(Ctx, S);
}

/// Returns struct member `E` read before the loop only when the loop runs an iteration, as the
/// serial loop would.
static std::string readOnce(const ASTContext &Ctx, const LoopPlan &P, const Expr *E) {
  const LoopForm &F = P.Form;
  static const char *const Ops[] = {"<", "<=", ">", ">=", "!="};
  return "(" + typeC(Ctx, F.Var->getType()) + ")(" + sourceText(Ctx, F.Lo) + ") " + Ops[(int)F.Op] +
         " (" + sourceText(Ctx, F.Hi) + ") ? (" + sourceText(Ctx, E) + ") : 0";
}

std::string scalarValue(const ASTContext &Ctx, const LoopPlan &P, const PlanScalar &S) {
  switch (S.Kind) {
  case PlanScalar::Variable:
    return S.Var->getNameAsString();
  case PlanScalar::SectionLo:
    return "(long long)(" + P.Reductions[S.Of].Section.Lo.Text + ")";
  case PlanScalar::NestLo: {
    const LoopForm &F = P.Collapsed[S.Of].Form;
    return "(long long)(" + typeC(Ctx, F.CmpType) + ")(" + typeC(Ctx, F.Var->getType()) + ")(" +
           sourceText(Ctx, F.Lo) + ")";
  }
  case PlanScalar::Layout:
    return "(" + std::string(rt::RowsLayout) + "){0, 0, 1}";
  case PlanScalar::Member:
    return readOnce(Ctx, P, S.Expr);
  }
  return "?";
}

std::string arrayName(const LoopPlan &P, unsigned I) {
  const PlanArray &A = P.Arrays[I];
  return A.Member ? "gpupar_p" + std::to_string(I) : A.Var->getNameAsString();
}

std::string arrayValue(const ASTContext &Ctx, const LoopPlan &P, unsigned I) {
  const PlanArray &A = P.Arrays[I];
  return A.Member ? readOnce(Ctx, P, A.Member) : A.Var->getNameAsString();
}

std::string polyC(const LoopPlan &P, const Poly &V) { return V.printC(P.Atoms); }

std::string boundC(const ASTContext &Ctx, const LoopPlan &P, const PlanBound &B, bool Lower) {
  std::string S = B.Affine ? polyC(P, *B.Affine) : sourceText(Ctx, B.Expr);
  if (B.Cast)
    S = "(long long)(" + S + ")";
  if (B.Add > 0)
    S += " + " + llLiteral(B.Add);
  else if (B.Add < 0)
    S += " - " + llLiteral(-B.Add);
  for (const Poly &C : B.Clamp)
    S = std::string(Lower ? rt::MaxLL : rt::MinLL) + "(" + S + ", " + polyC(P, C) + ")";
  return S;
}

std::string tripCall(const ASTContext &Ctx, const LoopPlan &P, const PlanCollapsed &C) {
  const LoopForm &F = C.Form;
  std::string Cmp = "(" + typeC(Ctx, F.CmpType) + ")";
  return std::string(rt::TripCount) + "(" + scalarValue(Ctx, P, P.Scalars[C.LoScalar]) +
         ", (long long)" + Cmp + "(" + sourceText(Ctx, F.Hi) + "), " + llLiteral(F.Step) + ", " +
         rt::condName(F.Op) + ", " + (F.CmpType->isUnsignedIntegerType() ? "1" : "0") + ")";
}

std::string termText(const ASTContext &Ctx, const LoopPlan &P, const PlanTerm &T) {
  if (T.Whole)
    return P.Arrays[T.Array].Var->getNameAsString() + (T.Write ? ", whole (scatter)" : ", whole");
  std::string S = sourceText(Ctx, T.Access);
  if (T.End != PlanTerm::Both)
    return S + (T.End == PlanTerm::First ? ", first" : ", last");
  if (T.Via) // an access in a called function: name it
    S += " in " + T.Via->getNameAsString();
  if (T.Merged)
    S += ", ...";
  return S;
}

std::pair<std::string, std::string> wholeBounds(const LoopPlan &P, const PlanWhole &W) {
  if (!W.Map)
    return {"0LL", "(long long)(" + std::to_string(W.Extent) + ") - 1LL"};
  std::string Row = W.Row ? " * (" + polyC(P, *W.Row) + ")" : "";
  return {"(long long)(" + W.Map->Lo.Text + ")" + Row, "((long long)(" + W.Map->Lo.Text +
                                                           ") + (long long)(" + W.Map->Len.Text +
                                                           "))" + Row + " - 1LL"};
}

std::string ifCondition(const ASTContext &Ctx, const LoopPlan &P) {
  std::string S = P.If ? P.If->Text : "";
  for (const PlanReduction &R : P.Reductions) {
    if (!R.GuardBound)
      continue;
    std::string C = reductionName(R) + (R.Op == ReductionOp::Max ? " <= (" : " >= (") +
                    sourceText(Ctx, R.GuardBound) + ")";
    S = S.empty() ? C : "(" + S + ") && (" + C + ")";
  }
  return S;
}

std::string reductionName(const PlanReduction &R) { return R.Var->getNameAsString(); }

std::string sectionText(const PlanReduction &R) {
  return reductionName(R) + "[" + R.Section.Lo.Text + ":" + R.Section.Len.Text + "]";
}

} // namespace gpupar
