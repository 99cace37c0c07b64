//===- Dependence.cpp - may two iterations touch the same element? ---------===//
#include "Dependence.h"
#include "Text.h"

using namespace clang;

namespace gpupar {

static std::string describe(ASTContext &Ctx, const Access &A) {
  return std::string(A.IsWrite ? "write to '" : "read of '") + sourceText(Ctx, A.Expr) + "'";
}

/// Returns true when the polynomial mentions a loop variable other than the offloaded one.
static bool hasInnerVars(const Poly &P, const BodyInfo &Info) {
  for (unsigned V : P.loopVars(Info.Atoms))
    if (V != Info.OuterAtom)
      return true;
  return false;
}

bool checkDependences(ASTContext &Ctx, const LoopForm &F, const BodyInfo &Info, Problem &P) {
  for (const Access &W : Info.Accesses) {
    if (!W.IsWrite)
      continue;
    Poly Coef = W.Subscript.coefficient(Info.OuterAtom);
    if (Coef.isConstant() && Coef.Terms.empty()) {
      P.Level = Severity::Error;
      P.Range = W.Expr->getSourceRange();
      P.Message = describe(Ctx, W) + " does not depend on the loop variable '" +
                  F.Var->getNameAsString() + "': every iteration writes the same element";
      return false;
    }
    for (const Access &T : Info.Accesses) {
      if (&T == &W || T.Array != W.Array || T.Subscript == W.Subscript)
        continue;
      if (T.IsWrite && &T < &W)
        continue; // the pair was seen from the other write
      Poly Diff = T.Subscript;
      Diff.addScaled(W.Subscript, -1);
      int64_t D = 0, A = 0;
      bool Decidable =
          Diff.isConstant(&D) && Coef.isConstant(&A) && A != 0 && !hasInnerVars(W.Subscript, Info);
      if (Decidable) {
        if (D % A != 0 || (D / A) % F.Step != 0)
          continue; // never the same element
        int64_t Distance = D / A / F.Step;
        P.Level = Severity::Error;
        P.Range = W.Expr->getSourceRange();
        P.Message = describe(Ctx, W) + " and " + describe(Ctx, T) +
                    " carry a dependence of distance " +
                    std::to_string(Distance < 0 ? -(uint64_t)Distance : (uint64_t)Distance);
      } else {
        P.Level = Severity::Warning;
        P.Range = W.Expr->getSourceRange();
        P.Message = "cannot prove that " + describe(Ctx, W) + " and " + describe(Ctx, T) +
                    " are independent; the loop stays serial";
      }
      P.Notes.push_back(
          {T.Expr->getSourceRange(), std::string(T.IsWrite ? "other write" : "read") + " is here"});
      return false;
    }
  }
  return true;
}

} // namespace gpupar
