//===- PlanText.cpp - the plan's values as C text --------------------------===//
#include "Emit/PlanText.h"
#include "Emit/RuntimeNames.h"
#include "Text.h"

#include <cctype>

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
  case PlanScalar::Extent:
    return S.Var ? "gpupar_dim_" + S.Var->getNameAsString() : "gpupar_dimx" + std::to_string(S.Of);
  }
  return "?";
}

std::string scalarTypeC(const ASTContext &Ctx, const PlanScalar &S) {
  switch (S.Kind) {
  case PlanScalar::Variable:
    return typeC(Ctx, S.Var->getType());
  case PlanScalar::Extent:
    return S.Var ? typeC(Ctx, S.Var->getType()) : "long long";
  case PlanScalar::Member:
    return typeC(Ctx, S.Expr->getType());
  case PlanScalar::Layout:
    return rt::RowsLayout;
  default:
    return "long long";
  }
}

std::string scalarTypeCxx(const ASTContext &Ctx, const PlanScalar &S) {
  if (S.Kind == PlanScalar::Variable || (S.Kind == PlanScalar::Extent && S.Var))
    return typeCxx(Ctx, S.Var->getType());
  if (S.Kind == PlanScalar::Member)
    return typeCxx(Ctx, S.Expr->getType());
  return scalarTypeC(Ctx, S);
}

/// Returns whether loop `F` runs an iteration, its condition on its first value:
/// `(int)(lo) < (hi)`.
static std::string runs(const ASTContext &Ctx, const LoopForm &F) {
  static const char *const Ops[] = {"<", "<=", ">", ">=", "!="};
  return "(" + typeC(Ctx, F.Var->getType()) + ")(" + sourceText(Ctx, F.Lo) + ") " + Ops[(int)F.Op] +
         " (" + sourceText(Ctx, F.Hi) + ")";
}

/// Returns `Conds` joined by `Op`, in parentheses when there are several.
static std::string joined(const std::vector<std::string> &Conds, const char *Op) {
  std::string S;
  for (const std::string &C : Conds)
    S += (S.empty() ? "" : Op) + C;
  return Conds.size() > 1 ? "(" + S + ")" : S;
}

/// Returns `V` where all of `Conds` hold (left to right, as the serial loops test them), else 0.
static std::string onlyIf(const std::vector<std::string> &Conds, const std::string &V) {
  return joined(Conds, " && ") + " ? (" + V + ") : 0";
}

/// Returns struct member `E` read before the loop only where the serial loop reads it: when the
/// loop runs an iteration and so do the inner loops around one of its reads (`When`).
static std::string readOnce(const ASTContext &Ctx, const LoopPlan &P, const Expr *E,
                            const PlanReadWhen &When) {
  std::vector<std::string> Conds = {runs(Ctx, P.Form)}, Any;
  bool Always = std::any_of(When.begin(), When.end(),
                            [](const std::vector<LoopForm> &Loops) { return Loops.empty(); });
  for (size_t K = 0; !Always && K < When.size(); ++K) {
    std::vector<std::string> All;
    for (const LoopForm &L : When[K])
      All.push_back(runs(Ctx, L));
    if (When.size() == 1)
      Conds.insert(Conds.end(), All.begin(), All.end());
    else
      Any.push_back(joined(All, " && "));
  }
  if (!Any.empty())
    Conds.push_back(joined(Any, " || "));
  return onlyIf(Conds, sourceText(Ctx, E));
}

/// Returns whether `S` is or holds `E`.
static bool holds(const Stmt *S, const Stmt *E) {
  if (S == E)
    return true;
  for (const Stmt *C : S->children())
    if (C && holds(C, E))
      return true;
  return false;
}

/// Returns the conditions under which the serial nest evaluates collapsed loop `I`'s bounds (the
/// loops around it run), when one of `Bounds` reads memory (LoopForm::BoundMemory); else none.
static std::vector<std::string> nestGuard(const ASTContext &Ctx, const LoopPlan &P, unsigned I,
                                          std::initializer_list<const Expr *> Bounds) {
  bool Reads = false;
  for (const Expr *M : P.Collapsed[I].Form.BoundMemory)
    for (const Expr *B : Bounds)
      Reads |= holds(B, M);
  if (!Reads)
    return {};
  std::vector<std::string> Conds = {runs(Ctx, P.Form)};
  for (unsigned K = 0; K < I; ++K)
    Conds.push_back(runs(Ctx, P.Collapsed[K].Form));
  return Conds;
}

/// Returns the first value of collapsed loop `F`'s variable, as `long long`.
static std::string nestLo(const ASTContext &Ctx, const LoopForm &F) {
  return "(long long)(" + typeC(Ctx, F.CmpType) + ")(" + typeC(Ctx, F.Var->getType()) + ")(" +
         sourceText(Ctx, F.Lo) + ")";
}

std::string scalarValue(const ASTContext &Ctx, const LoopPlan &P, const PlanScalar &S) {
  switch (S.Kind) {
  case PlanScalar::Variable:
    return S.Var->getNameAsString();
  case PlanScalar::Extent:
    return S.Var ? S.Var->getNameAsString() : "(long long)(" + printC(Ctx, S.Expr) + ")";
  case PlanScalar::SectionLo:
    return "(long long)(" + P.Reductions[S.Of].Section.Lo.Text + ")";
  case PlanScalar::NestLo: {
    std::string Lo = nestLo(Ctx, P.Collapsed[S.Of].Form);
    std::vector<std::string> Guard = nestGuard(Ctx, P, S.Of, {P.Collapsed[S.Of].Form.Lo});
    return Guard.empty() ? Lo : onlyIf(Guard, Lo);
  }
  case PlanScalar::Layout:
    return "(" + std::string(rt::RowsLayout) + "){0, 0, 1}";
  case PlanScalar::Member:
    return readOnce(Ctx, P, S.Expr, S.When);
  }
  return "?";
}

std::string arrayName(const LoopPlan &P, unsigned I) {
  const PlanArray &A = P.Arrays[I];
  return A.Member ? "gpupar_p" + std::to_string(I) : A.Var->getNameAsString();
}

std::string arrayValue(const ASTContext &Ctx, const LoopPlan &P, unsigned I) {
  const PlanArray &A = P.Arrays[I];
  return A.Member ? readOnce(Ctx, P, A.Member, A.When) : A.Var->getNameAsString();
}

std::string hostScalarName(unsigned I) { return "gpupar_s" + std::to_string(I); }

/// Returns `Text`, C printed as printC prints, with each struct member read once (PlanScalar::
/// Member) replaced by the host variable that holds it: the sections then read no member where
/// the serial loop would not (the variable holds 0 there).
static std::string withMembers(const ASTContext &Ctx, const LoopPlan &P, std::string Text) {
  auto Ident = [](char C) { return std::isalnum((unsigned char)C) || C == '_'; };
  for (size_t I = 0; I < P.Scalars.size(); ++I) {
    if (P.Scalars[I].Kind != PlanScalar::Member)
      continue;
    std::string From = printC(Ctx, P.Scalars[I].Expr), To = hostScalarName((unsigned)I);
    for (size_t At = Text.find(From); At != std::string::npos; At = Text.find(From, At)) {
      // Not part of a longer name or member chain (`q.p->m`, `p->mm`).
      char Before = At ? Text[At - 1] : ' ';
      size_t End = At + From.size();
      if (Ident(Before) || Before == '.' || Before == '>' ||
          (End < Text.size() && Ident(Text[End]))) {
        At = End;
        continue;
      }
      Text.replace(At, From.size(), To);
      At += To.size();
    }
  }
  return Text;
}

/// Returns whether `S` holds a read of a struct member read once (LoopPlan::MemberReads).
static bool readsMember(const LoopPlan &P, const Stmt *S) {
  for (const auto &[Use, K] : P.MemberReads)
    if (holds(S, Use))
      return true;
  return false;
}

std::string polyC(const ASTContext &Ctx, const LoopPlan &P, const Poly &V) {
  return withMembers(Ctx, P, V.printC(P.Atoms));
}

std::string boundC(const ASTContext &Ctx, const LoopPlan &P, const PlanBound &B, bool Lower) {
  std::string S = B.Affine                 ? polyC(Ctx, P, *B.Affine)
                  : readsMember(P, B.Expr) ? withMembers(Ctx, P, printC(Ctx, B.Expr))
                                           : sourceText(Ctx, B.Expr);
  if (B.Cast)
    S = "(long long)(" + S + ")";
  if (B.Add > 0)
    S += " + " + llLiteral(B.Add);
  else if (B.Add < 0)
    S += " - " + llLiteral(-B.Add);
  for (const Poly &C : B.Clamp)
    S = std::string(Lower ? rt::MaxLL : rt::MinLL) + "(" + S + ", " + polyC(Ctx, P, C) + ")";
  return S;
}

std::string tripCall(const ASTContext &Ctx, const LoopPlan &P, unsigned I) {
  const LoopForm &F = P.Collapsed[I].Form;
  std::string Cmp = "(" + typeC(Ctx, F.CmpType) + ")";
  std::string Call = std::string(rt::TripCount) + "(" + nestLo(Ctx, F) + ", (long long)" + Cmp +
                     "(" + sourceText(Ctx, F.Hi) + "), " + llLiteral(F.Step) + ", " +
                     rt::condName(F.Op) + ", " + (F.CmpType->isUnsignedIntegerType() ? "1" : "0") +
                     ")";
  std::vector<std::string> Guard = nestGuard(Ctx, P, I, {F.Lo, F.Hi});
  return Guard.empty() ? Call : onlyIf(Guard, Call);
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

std::pair<std::string, std::string> wholeBounds(const ASTContext &Ctx, const LoopPlan &P,
                                                const PlanWhole &W) {
  if (!W.Map)
    return {"0LL", "(long long)(" + std::to_string(W.Extent) + ") - 1LL"};
  std::string Row = W.Row ? " * (" + polyC(Ctx, P, *W.Row) + ")" : "";
  return {"(long long)(" + W.Map->Lo.Text + ")" + Row, "((long long)(" + W.Map->Lo.Text +
                                                           ") + (long long)(" + W.Map->Len.Text +
                                                           "))" + Row + " - 1LL"};
}

std::string ifCondition(const ASTContext &Ctx, const LoopPlan &P) {
  std::string S = P.If ? P.If->Text : "";
  for (const std::string &A : P.Assumptions) {
    std::string C = withMembers(Ctx, P, A) + " >= 0LL";
    S = S.empty() ? C : "(" + S + ") && (" + C + ")";
  }
  for (size_t K = 0; K < P.HeapExtents.size(); ++K) {
    std::string C = "gpupar_heap_len_" + std::to_string(K) + " > 0";
    S = S.empty() ? C : "(" + S + ") && (" + C + ")";
  }
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
