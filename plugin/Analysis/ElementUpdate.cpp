//===- ElementUpdate.cpp - `a[e] op= v` forms of array reductions ----------===//
#include "Analysis/ElementUpdate.h"
#include "Analysis/LoopForm.h"
#include "Analysis/Scalars.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace gpupar {

namespace {

/// The variable whose storage `E` designates: `a` in `a[i]`, `a[i][j]`, `*(a + i)`, `a[i].x`.
const VarDecl *baseVariable(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp())
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    else
      return referencedVar(E);
  }
  return nullptr;
}

std::optional<ReductionOp> binaryOp(BinaryOperatorKind K, bool Integer, bool &Commutative,
                                    bool &Negate) {
  Commutative = true;
  Negate = false;
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    return ReductionOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    Commutative = false;
    Negate = true;
    return ReductionOp::Add;
  case BO_Mul:
  case BO_MulAssign:
    return ReductionOp::Mul;
  case BO_And:
  case BO_AndAssign:
    return Integer ? std::optional(ReductionOp::BitAnd) : std::nullopt;
  case BO_Or:
  case BO_OrAssign:
    return Integer ? std::optional(ReductionOp::BitOr) : std::nullopt;
  case BO_Xor:
  case BO_XorAssign:
    return Integer ? std::optional(ReductionOp::BitXor) : std::nullopt;
  case BO_LAnd:
    return ReductionOp::LogAnd;
  case BO_LOr:
    return ReductionOp::LogOr;
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<ElementUpdate> matchElementUpdate(const ASTContext &Ctx, const Expr *E) {
  E = E->IgnoreParens();
  ElementUpdate U;
  U.Whole = E;
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!UO->isIncrementDecrementOp())
      return std::nullopt;
    U.Target = UO->getSubExpr()->IgnoreParens();
    U.Negate = UO->isDecrementOp();
    if (referencedVar(U.Target) || !U.Target->getType()->isArithmeticType())
      return std::nullopt;
    return U;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !BO->isAssignmentOp())
    return std::nullopt;
  U.Target = BO->getLHS()->IgnoreParens();
  const VarDecl *Array = baseVariable(U.Target);
  if (referencedVar(U.Target) || !Array || !U.Target->getType()->isArithmeticType())
    return std::nullopt;
  bool Integer = U.Target->getType()->isIntegerType();
  bool Commutative = true;
  std::optional<ReductionOp> Op;
  if (BO->isCompoundAssignmentOp()) {
    Op = binaryOp(BO->getOpcode(), Integer, Commutative, U.Negate);
    U.Value = BO->getRHS();
  } else if (const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())) {
    Op = binaryOp(R->getOpcode(), Integer, Commutative, U.Negate);
    if (sameValue(Ctx, R->getLHS(), U.Target)) {
      U.Reads.push_back(R->getLHS()->IgnoreParenImpCasts());
      U.Value = R->getRHS();
    } else if (Commutative && sameValue(Ctx, R->getRHS(), U.Target)) {
      U.Reads.push_back(R->getRHS()->IgnoreParenImpCasts());
      U.Value = R->getLHS();
    }
    // The operation must happen in the element's type: a wider floating intermediate rounded
    // back is not the element's operation. Integer promotions are (wrap-around commutes with
    // + - * & | ^).
    if (Op && !R->isLogicalOp() && !(Integer && R->getType()->isIntegerType()) &&
        Ctx.getCanonicalType(R->getType()) != Ctx.getCanonicalType(U.Target->getType()))
      Op.reset();
  } else if (const auto *CE = dyn_cast<CallExpr>(BO->getRHS()->IgnoreParenImpCasts())) {
    QualType Cmp;
    if (std::optional<ReductionOp> K = minMaxCall(Ctx, CE, Cmp)) {
      if (sameValue(Ctx, CE->getArg(0), U.Target)) {
        U.Reads.push_back(CE->getArg(0)->IgnoreParenImpCasts());
        U.Value = CE->getArg(1);
      } else if (sameValue(Ctx, CE->getArg(1), U.Target)) {
        U.Reads.push_back(CE->getArg(1)->IgnoreParenImpCasts());
        U.Value = CE->getArg(0);
      }
      if (U.Value &&
          minMaxInType(Ctx, U.Target->getType(), Cmp, U.Value->IgnoreParenImpCasts()->getType()))
        Op = K;
    }
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(BO->getRHS()->IgnoreParenImpCasts())) {
    // `t = t < v ? t : v` and the other spellings of min and max.
    const Expr *A, *B;
    const Expr *T = CO->getTrueExpr(), *F = CO->getFalseExpr();
    if (std::optional<ReductionOp> K = choiceOp(Ctx, CO->getCond(), T, F, A, B)) {
      if (sameValue(Ctx, A, U.Target))
        U.Value = B;
      else if (sameValue(Ctx, B, U.Target))
        U.Value = A;
      for (const Expr *X : {A, B, T, F})
        if (X != U.Value)
          U.Reads.push_back(X->IgnoreParenImpCasts());
      // The comparison must order values as the element's type does (see minMaxInType).
      if (U.Value && minMaxInType(Ctx, U.Target->getType(), A->getType(),
                                  U.Value->IgnoreParenImpCasts()->getType()))
        Op = K;
    }
  }
  if (!Op || !U.Value || mentions(U.Value, Array))
    return std::nullopt;
  U.Op = *Op;
  return U;
}

bool isDiscardedValue(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = E;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    if (Parents.size() != 1)
      return false;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return false;
    if (isa<ParenExpr>(P)) {
      Child = P;
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->getOpcode() == BO_Comma) {
      if (BO->getLHS() == Child)
        return true; // the left operand of a comma is always discarded
      Child = P;     // the right one is when the comma's value is
      continue;
    }
    if (isa<Expr>(P))
      return false;
    if (isa<CompoundStmt>(P) || isa<CaseStmt>(P) || isa<DefaultStmt>(P) || isa<LabelStmt>(P))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getThen() == Child || If->getElse() == Child;
    if (const auto *For = dyn_cast<ForStmt>(P))
      return For->getBody() == Child || For->getInc() == Child;
    if (const auto *W = dyn_cast<WhileStmt>(P))
      return W->getBody() == Child;
    if (const auto *D = dyn_cast<DoStmt>(P))
      return D->getBody() == Child;
    return false;
  }
}

} // namespace gpupar
