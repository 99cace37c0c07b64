//===- LoopForm.cpp - canonical `for` loops --------------------------------===//
#include "Analysis/LoopForm.h"
#include "Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace gpupar {

const char *condName(Cond C) {
  static const char *const Names[] = {"GPUPAR_LT", "GPUPAR_LE", "GPUPAR_GT", "GPUPAR_GE",
                                      "GPUPAR_NE"};
  return Names[(int)C];
}

const VarDecl *referencedVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

const FunctionDecl *enclosingFunction(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  for (unsigned Depth = 0; !Parents.empty() && Depth < 4096; ++Depth) {
    const DynTypedNode &N = Parents[0];
    if (const auto *FD = N.get<FunctionDecl>())
      return FD;
    if (const auto *St = N.get<Stmt>())
      Parents = Ctx.getParents(*St);
    else if (const auto *D = N.get<Decl>())
      Parents = Ctx.getParents(*D);
    else
      return nullptr;
  }
  return nullptr;
}

bool mentions(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == VD)
      return true;
  for (const Stmt *C : S->children())
    if (mentions(C, VD))
      return true;
  return false;
}

static Problem problemAt(SourceRange R, std::string Message) {
  return makeProblem(Severity::Warning, R, std::move(Message));
}

static bool isLoopVarType(QualType T) {
  T = T.getCanonicalType();
  if (!T->isIntegerType() || T->isEnumeralType() || T->isBooleanType() || T->isBitIntType())
    return false;
  const auto *BT = T->getAs<BuiltinType>();
  return BT && BT->getKind() != BuiltinType::Int128 && BT->getKind() != BuiltinType::UInt128;
}

/// Evaluates `E` as a nonzero integer constant that fits int64_t.
static bool constantStep(ASTContext &Ctx, const Expr *E, int64_t &V) {
  if (E->isValueDependent() || !E->getType()->isIntegerType())
    return false;
  std::optional<llvm::APSInt> C = E->getIntegerConstantExpr(Ctx);
  if (!C || C->getSignificantBits() > 64 || (C->isUnsigned() && C->getActiveBits() > 63))
    return false;
  V = C->getExtValue();
  return V != 0;
}

static bool matchStep(ASTContext &Ctx, const Expr *Inc, const VarDecl *Var, int64_t &Step) {
  Inc = Inc->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    if (referencedVar(UO->getSubExpr()) != Var || !UO->isIncrementDecrementOp())
      return false;
    Step = UO->isIncrementOp() ? 1 : -1;
    return true;
  }
  if (const auto *CAO = dyn_cast<CompoundAssignOperator>(Inc)) {
    if (referencedVar(CAO->getLHS()) != Var || !constantStep(Ctx, CAO->getRHS(), Step))
      return false;
    if (CAO->getOpcode() == BO_AddAssign)
      return true;
    if (CAO->getOpcode() == BO_SubAssign && Step != INT64_MIN) {
      Step = -Step;
      return true;
    }
    return false;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Inc)) {
    if (BO->getOpcode() != BO_Assign || referencedVar(BO->getLHS()) != Var)
      return false;
    const auto *RHS = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!RHS)
      return false;
    if (RHS->getOpcode() == BO_Add) {
      if (referencedVar(RHS->getLHS()) == Var)
        return constantStep(Ctx, RHS->getRHS(), Step);
      if (referencedVar(RHS->getRHS()) == Var)
        return constantStep(Ctx, RHS->getLHS(), Step);
      return false;
    }
    if (RHS->getOpcode() == BO_Sub && referencedVar(RHS->getLHS()) == Var &&
        constantStep(Ctx, RHS->getRHS(), Step) && Step != INT64_MIN) {
      Step = -Step;
      return true;
    }
  }
  return false;
}

/// Returns why bound `E` cannot be evaluated once before the loop, or "" when it can. Plain
/// memory reads (`p->n`, `d.n`, `*len`, `sz[0]`) can, as in OpenMP, when the body writes nothing
/// they may alias (checkBoundMemory): they are appended to `Memory`.
static std::string boundProblem(ASTContext &Ctx, const Expr *E, const VarDecl *Var,
                                std::vector<const Expr *> &Memory) {
  if (mentions(E, Var))
    return "depends on the loop variable '" + Var->getNameAsString() + "'";
  if (E->HasSideEffects(Ctx))
    return "has side effects";
  struct Finder {
    std::vector<const Expr *> &Memory;
    /// Returns a read that cannot be hoisted (a call, a volatile object), else null.
    const Expr *memoryRead(const Stmt *S) {
      if (!S)
        return nullptr;
      if (isa<CallExpr>(S))
        return cast<Expr>(S);
      if (const auto *E = dyn_cast<Expr>(S))
        if (E->getType().isVolatileQualified())
          return E;
      bool Read = isa<ArraySubscriptExpr, MemberExpr>(S);
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        Read = UO->getOpcode() == UO_Deref;
      if (Read)
        Memory.push_back(cast<Expr>(S));
      for (const Stmt *C : S->children())
        if (const Expr *R = memoryRead(C))
          return R;
      return nullptr;
    }
  };
  if (Finder{Memory}.memoryRead(E))
    return "reads memory through a call or a volatile object; copy it into a local variable "
           "before the loop";
  return "";
}

/// Returns whether an lvalue of type `W` may be the object of type `R` (C's aliasing rules,
/// signedness ignored; records and character types may hold anything).
static bool mayAlias(ASTContext &Ctx, QualType W, QualType R) {
  W = W.getCanonicalType().getUnqualifiedType();
  R = R.getCanonicalType().getUnqualifiedType();
  if (W->isAnyCharacterType() || R->isAnyCharacterType() || W->isRecordType() || W->isUnionType() ||
      W->isArrayType())
    return true;
  if (W->isIntegerType() && R->isIntegerType() && !W->isEnumeralType() && !R->isEnumeralType() &&
      !W->isBooleanType() && !R->isBooleanType())
    return Ctx.getTypeSize(W) == Ctx.getTypeSize(R) &&
           Ctx.getCorrespondingUnsignedType(W) == Ctx.getCorrespondingUnsignedType(R);
  return Ctx.hasSameType(W, R);
}

bool checkBoundMemory(ASTContext &Ctx, const LoopForm &F, const std::vector<const Expr *> &Writes,
                      Problem &P) {
  for (const Expr *M : F.BoundMemory)
    for (const Expr *W : Writes)
      if (mayAlias(Ctx, W->getType(), M->getType())) {
        P = problemAt(M->getSourceRange(),
                      "loop bound '" + sourceText(Ctx, M) + "' reads memory that '" +
                          sourceText(Ctx, W) +
                          "' may write; copy it into a local variable before the loop");
        P.Notes.push_back({W->getSourceRange(), "written here"});
        return false;
      }
  return true;
}

bool matchLoopForm(ASTContext &Ctx, const ForStmt *FS, LoopForm &F, Problem &P) {
  F = LoopForm();
  F.For = FS;
  const Stmt *Init = FS->getInit();
  const char *Shape = "; an offloaded loop must look like 'for (T i = lo; i < hi; i++)'";
  if (!Init) {
    P = problemAt(FS->getForLoc(), std::string("loop has no initialisation") + Shape);
    return false;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(Init)) {
    const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit() || !VD->hasLocalStorage()) {
      P = problemAt(Init->getSourceRange(),
                    std::string("loop initialisation must declare one variable") + Shape);
      return false;
    }
    F.Var = VD;
    F.Lo = VD->getInit();
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Init);
             BO && BO->getOpcode() == BO_Assign && referencedVar(BO->getLHS())) {
    F.Var = referencedVar(BO->getLHS());
    F.Lo = BO->getRHS();
    F.DeclaredOutside = true;
  } else {
    P = problemAt(Init->getSourceRange(),
                  std::string("loop initialisation must be 'T i = lo' or 'i = lo'") + Shape);
    return false;
  }
  QualType VT = F.Var->getType();
  if (VT.isVolatileQualified()) {
    P = problemAt(F.Var->getLocation(),
                  "volatile loop variable '" + F.Var->getNameAsString() + "' is not supported");
    return false;
  }
  if (!isLoopVarType(VT)) {
    P = problemAt(F.Var->getLocation(), "loop variable '" + F.Var->getNameAsString() +
                                            "' has type '" + VT.getAsString() +
                                            "'; an offloaded loop needs an integer loop variable");
    return false;
  }

  const auto *CondE = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  std::string CondHelp = "loop condition must compare the loop variable '" +
                         F.Var->getNameAsString() +
                         "' with a bound ('i < n', 'i <= n', 'i > n', 'i >= n' or 'i != n')";
  if (!CondE || !CondE->isComparisonOp() || CondE->getOpcode() == BO_EQ ||
      CondE->getOpcode() == BO_Cmp) {
    P = problemAt(FS->getCond() ? FS->getCond()->getSourceRange() : FS->getForLoc(), CondHelp);
    return false;
  }
  BinaryOperatorKind Op = CondE->getOpcode();
  if (referencedVar(CondE->getLHS()) == F.Var) {
    F.Hi = CondE->getRHS();
  } else if (referencedVar(CondE->getRHS()) == F.Var) {
    F.Hi = CondE->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  } else {
    P = problemAt(CondE->getSourceRange(), CondHelp);
    return false;
  }
  switch (Op) {
  case BO_LT:
    F.Op = Cond::LT;
    break;
  case BO_LE:
    F.Op = Cond::LE;
    break;
  case BO_GT:
    F.Op = Cond::GT;
    break;
  case BO_GE:
    F.Op = Cond::GE;
    break;
  default:
    F.Op = Cond::NE;
    break;
  }
  F.CmpType = CondE->getLHS()->getType().getCanonicalType();
  if (!isLoopVarType(F.CmpType)) {
    P = problemAt(F.Hi->getSourceRange(),
                  "loop bound '" + sourceText(Ctx, F.Hi) + "' must be an integer");
    return false;
  }

  if (!FS->getInc() || !matchStep(Ctx, FS->getInc(), F.Var, F.Step)) {
    P = problemAt(FS->getInc() ? FS->getInc()->getSourceRange() : FS->getForLoc(),
                  "loop increment must be 'i++', 'i--', 'i += c', 'i -= c' or 'i = i + c' with "
                  "'c' a nonzero integer constant");
    return false;
  }
  for (const Expr *B : {F.Lo, F.Hi}) {
    std::string Why = boundProblem(Ctx, B, F.Var, F.BoundMemory);
    if (!Why.empty()) {
      P = problemAt(B->getSourceRange(), "loop bound '" + sourceText(Ctx, B) + "' " + Why);
      return false;
    }
  }
  return true;
}

} // namespace gpupar
