//===- LoopForm.cpp - canonical `for` loops --------------------------------===//
#include "Analysis/LoopForm.h"
#include "Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace gpupar {

const VarDecl *referencedVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

const Stmt *parentStatement(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (Parents.size() == 1) {
    if (const Stmt *P = Parents[0].get<Stmt>())
      return P;
    const Decl *D = Parents[0].get<Decl>();
    if (!D || isa<FunctionDecl>(D))
      return nullptr;
    Parents = Ctx.getParents(*D);
  }
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

/// Returns why bound `E` cannot be evaluated once before the loop, or nothing when it can. Plain
/// memory reads (`p->n`, `d.n`, `*len`, `sz[0]`) can, as in OpenMP, when the body writes nothing
/// they may alias (checkReadOnce): they are appended to `Memory`.
static std::optional<Problem> boundProblem(ASTContext &Ctx, const Expr *E, const VarDecl *Var,
                                           std::vector<const Expr *> &Memory) {
  if (mentions(E, Var))
    return makeProblem(Diag::bound_depends_on_loop_variable, E->getSourceRange(),
                       {sourceText(Ctx, E), Var->getNameAsString()});
  if (E->HasSideEffects(Ctx))
    return makeProblem(Diag::bound_side_effects, E->getSourceRange(), {sourceText(Ctx, E)});
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
    return makeProblem(Diag::bound_reads_memory, E->getSourceRange(), {sourceText(Ctx, E)});
  return std::nullopt;
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

/// Returns whether the address of local variable `VD` may be taken in function `Fn` (`&v`, or
/// `v` an array), so that memory read through a pointer may be it.
static bool addressTaken(const FunctionDecl *Fn, const VarDecl *VD) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *VD;
    bool Found = false;
    bool VisitUnaryOperator(UnaryOperator *UO) {
      if (UO->getOpcode() == UO_AddrOf && referencedVar(UO->getSubExpr()) == VD)
        Found = true;
      return !Found;
    }
  };
  if (!Fn || !Fn->getBody() || VD->getType()->isArrayType())
    return true;
  Finder F;
  F.VD = VD;
  F.TraverseStmt(Fn->getBody());
  return F.Found;
}

/// Returns the variable member chain `E` starts from through no pointer (`d.n`), else null.
static const VarDecl *namedRoot(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return nullptr;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  return referencedVar(E);
}

/// Returns whether write `W` may store into read `M`'s memory.
static bool mayStoreInto(ASTContext &Ctx, const Expr *W, const Expr *M) {
  if (!mayAlias(Ctx, W->getType(), M->getType()))
    return false;
  // A local scalar variable assigned by name (a private temporary) is its own object: only a
  // read of that variable, or one through a pointer to it, is the same memory.
  const auto *DRE = dyn_cast<DeclRefExpr>(W->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage())
    return true;
  if (const VarDecl *Root = namedRoot(M))
    return Root == VD;
  return addressTaken(enclosingFunction(Ctx, W), VD);
}

bool checkReadOnce(ASTContext &Ctx, const std::vector<const Expr *> &Reads,
                   const std::vector<const Expr *> &Writes, Diag Id, Problem &P) {
  for (const Expr *M : Reads)
    for (const Expr *W : Writes)
      if (mayStoreInto(Ctx, W, M)) {
        P = makeProblem(Id, M->getSourceRange(), {sourceText(Ctx, M), sourceText(Ctx, W)});
        P.Notes.push_back({W->getSourceRange(), Diag::note_written_here});
        return false;
      }
  return true;
}

bool matchLoopForm(ASTContext &Ctx, const ForStmt *FS, LoopForm &F, Problem &P) {
  F = LoopForm();
  F.For = FS;
  const Stmt *Init = FS->getInit();
  if (!Init) {
    P = makeProblem(Diag::loop_no_initialisation, FS->getForLoc());
    return false;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(Init)) {
    const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit() || !VD->hasLocalStorage()) {
      P = makeProblem(Diag::loop_initialisation_declarations, Init->getSourceRange());
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
    P = makeProblem(Diag::loop_initialisation_form, Init->getSourceRange());
    return false;
  }
  QualType VT = F.Var->getType();
  if (VT.isVolatileQualified()) {
    P = makeProblem(Diag::loop_variable_volatile, F.Var->getLocation(), {F.Var->getNameAsString()});
    return false;
  }
  if (!isLoopVarType(VT)) {
    P = makeProblem(Diag::loop_variable_type, F.Var->getLocation(),
                    {F.Var->getNameAsString(), VT.getAsString()});
    return false;
  }

  const auto *CondE = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!CondE || !CondE->isComparisonOp() || CondE->getOpcode() == BO_EQ ||
      CondE->getOpcode() == BO_Cmp) {
    P = makeProblem(Diag::loop_condition,
                    FS->getCond() ? FS->getCond()->getSourceRange() : FS->getForLoc(),
                    {F.Var->getNameAsString()});
    return false;
  }
  BinaryOperatorKind Op = CondE->getOpcode();
  if (referencedVar(CondE->getLHS()) == F.Var) {
    F.Hi = CondE->getRHS();
  } else if (referencedVar(CondE->getRHS()) == F.Var) {
    F.Hi = CondE->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  } else {
    P = makeProblem(Diag::loop_condition, CondE->getSourceRange(), {F.Var->getNameAsString()});
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
    P = makeProblem(Diag::bound_not_integer, F.Hi->getSourceRange(), {sourceText(Ctx, F.Hi)});
    return false;
  }

  if (!FS->getInc() || !matchStep(Ctx, FS->getInc(), F.Var, F.Step)) {
    P = makeProblem(Diag::loop_increment,
                    FS->getInc() ? FS->getInc()->getSourceRange() : FS->getForLoc());
    return false;
  }
  for (const Expr *B : {F.Lo, F.Hi}) {
    if (std::optional<Problem> Why = boundProblem(Ctx, B, F.Var, F.BoundMemory)) {
      P = *Why;
      return false;
    }
  }
  return true;
}

} // namespace gpupar
