//===- LoopForm.cpp - canonical `for` loops --------------------------------===//
#include "Analysis/LoopForm.h"
#include "Analysis/Scalars.h"
#include "Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <functional>

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

ArrayMentions countArrayMentions(const ASTContext &Ctx, const Stmt *S, const VarDecl *VD,
                                 SourceLocation Until, unsigned Rank) {
  struct Counter : RecursiveASTVisitor<Counter> {
    const SourceManager &SM;
    const VarDecl *VD;
    SourceLocation Until;
    unsigned Rank;
    ArrayMentions M;
    bool counts(SourceLocation L) const {
      return Until.isInvalid() || !SM.isBeforeInTranslationUnit(Until, L);
    }
    bool isElement(const Expr *E) const {
      const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
      if (!A || !counts(A->getBeginLoc()))
        return false;
      for (unsigned K = 1; K < Rank; ++K) {
        A = dyn_cast<ArraySubscriptExpr>(A->getBase()->IgnoreParenImpCasts());
        if (!A)
          return false;
      }
      return referencedVar(A->getBase()) == VD;
    }
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      M.Refs += D->getDecl() == VD && counts(D->getLocation());
      return true;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
      M.Elements += isElement(A);
      return true;
    }
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *FD = CE->getDirectCallee();
      unsigned Id = FD ? FD->getBuiltinID() : 0;
      if (Id != Builtin::BImemset && Id != Builtin::BImemcpy && Id != Builtin::BImemmove &&
          Id != Builtin::BI__builtin_memset && Id != Builtin::BI__builtin_memcpy &&
          Id != Builtin::BI__builtin_memmove)
        return true;
      for (const Expr *Arg : CE->arguments())
        M.BlockCalls += referencedVar(Arg) == VD && counts(Arg->getBeginLoc());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      M.ElementWritten |= BO->isAssignmentOp() && isElement(BO->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      M.ElementWritten |= (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
                          isElement(UO->getSubExpr());
      return true;
    }
  } C{{}, Ctx.getSourceManager(), VD, Until, Rank, {}};
  C.TraverseStmt(const_cast<Stmt *>(S));
  return C.M;
}

static bool isLoopVarType(QualType T) {
  T = T.getCanonicalType();
  if (!T->isIntegerType() || T->isEnumeralType() || T->isBooleanType() || T->isBitIntType())
    return false;
  const auto *BT = T->getAs<BuiltinType>();
  return BT && BT->getKind() != BuiltinType::Int128 && BT->getKind() != BuiltinType::UInt128;
}

/// Returns whether `Fn` may change `VD` after its initialisation: an assignment, `++`/`--`, its
/// address taken (a call may store through it) or an asm output.
static bool mayChange(const FunctionDecl *Fn, const VarDecl *VD) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *VD;
    bool Found = false;
    bool VisitUnaryOperator(UnaryOperator *UO) {
      if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
          referencedVar(UO->getSubExpr()) == VD)
        Found = true;
      return !Found;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->isAssignmentOp() && referencedVar(BO->getLHS()) == VD)
        Found = true;
      return !Found;
    }
    bool VisitGCCAsmStmt(GCCAsmStmt *S) {
      for (const Expr *Out : S->outputs())
        if (mentions(Out, VD))
          Found = true;
      return !Found;
    }
  };
  if (!Fn || !Fn->getBody())
    return true;
  Finder F;
  F.VD = VD;
  F.TraverseStmt(Fn->getBody());
  return F.Found;
}

std::optional<llvm::APSInt> constantVariable(ASTContext &Ctx, const VarDecl *VD) {
  if (!VD || isa<ParmVarDecl>(VD) || VD->getType().isVolatileQualified() ||
      !VD->getType()->isIntegerType() || !VD->getInit() || VD->getInit()->isValueDependent())
    return std::nullopt;
  std::optional<llvm::APSInt> C = VD->getInit()->getIntegerConstantExpr(Ctx);
  if (!C)
    return std::nullopt;
  if (!VD->hasLocalStorage() && !VD->getType().isConstQualified())
    return std::nullopt;
  if (VD->hasLocalStorage()) {
    // One walk of the function per variable: subscripts and bounds ask again and again. The
    // plugin sees one translation unit, so declarations are never reused.
    static llvm::DenseMap<const VarDecl *, bool> Changed;
    auto It = Changed.find(VD);
    if (It == Changed.end())
      It = Changed
               .try_emplace(
                   VD,
                   mayChange(dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()), VD))
               .first;
    if (It->second)
      return std::nullopt;
  }
  // The variable holds its initialiser converted to its own type.
  llvm::APSInt V = C->extOrTrunc(Ctx.getIntWidth(VD->getType()));
  V.setIsSigned(VD->getType()->isSignedIntegerOrEnumerationType());
  return V;
}

/// Evaluates `E` as a nonzero integer constant that fits int64_t.
static bool constantStep(ASTContext &Ctx, const Expr *E, int64_t &V) {
  if (E->isValueDependent() || !E->getType()->isIntegerType())
    return false;
  std::optional<llvm::APSInt> C = E->getIntegerConstantExpr(Ctx);
  if (!C)
    C = constantVariable(Ctx, referencedVar(E));
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

/// Returns whether `E` is the min (`Up`; else the max) of two signed integers `A` and `B` in
/// its own type: `a < b ? a : b`, MIN(a, b), or a call of a min function of this file whose
/// arguments have its parameters' type.
static bool nearestOf(const ASTContext &Ctx, const Expr *E, bool Up, const Expr *&A,
                      const Expr *&B) {
  E = E->IgnoreParenImpCasts();
  ReductionOp Want = Up ? ReductionOp::Min : ReductionOp::Max;
  if (!E->getType()->isSignedIntegerType())
    return false;
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const Expr *X = nullptr, *Y = nullptr;
    // The branches convert to the conditional's type, a common type: no value changes.
    if (choiceOp(Ctx, CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr(), X, Y) != Want)
      return false;
    A = CO->getTrueExpr(), B = CO->getFalseExpr();
    return true;
  }
  const auto *CE = dyn_cast<CallExpr>(E);
  QualType Cmp;
  if (!CE || CE->getNumArgs() != 2 || minMaxCall(Ctx, CE, Cmp) != Want)
    return false;
  for (const Expr *Arg : CE->arguments())
    if (Ctx.getCanonicalType(Arg->IgnoreParenImpCasts()->getType()).getUnqualifiedType() !=
        Ctx.getCanonicalType(Cmp).getUnqualifiedType())
      return false;
  A = CE->getArg(0), B = CE->getArg(1);
  return true;
}

bool matchLoopForm(ASTContext &Ctx, const ForStmt *FS, LoopForm &F, Problem &P, bool Conjunction) {
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

  const Expr *Whole = FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr;
  std::vector<const BinaryOperator *> Conjuncts;
  std::function<void(const Expr *)> Split = [&](const Expr *E) {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (Conjunction && BO && BO->getOpcode() == BO_LAnd) {
      Split(BO->getLHS());
      Split(BO->getRHS());
    } else {
      Conjuncts.push_back(BO);
    }
  };
  if (Whole)
    Split(Whole);
  const BinaryOperator *CondE = nullptr;
  for (const BinaryOperator *C : Conjuncts) {
    if (!C || !C->isComparisonOp() || C->getOpcode() == BO_EQ || C->getOpcode() == BO_Cmp ||
        (Conjuncts.size() > 1 && C->getOpcode() == BO_NE)) {
      P = makeProblem(Diag::loop_condition,
                      C ? C->getSourceRange()
                        : (Whole ? Whole->getSourceRange() : SourceRange(FS->getForLoc())),
                      {F.Var->getNameAsString()});
      return false;
    }
    BinaryOperatorKind Op = C->getOpcode();
    const Expr *Bound = nullptr;
    if (referencedVar(C->getLHS()) == F.Var) {
      Bound = C->getRHS();
    } else if (referencedVar(C->getRHS()) == F.Var) {
      Bound = C->getLHS();
      Op = BinaryOperator::reverseComparisonOp(Op);
    } else {
      P = makeProblem(Diag::loop_condition, C->getSourceRange(), {F.Var->getNameAsString()});
      return false;
    }
    Cond K = Op == BO_LT   ? Cond::LT
             : Op == BO_LE ? Cond::LE
             : Op == BO_GT ? Cond::GT
             : Op == BO_GE ? Cond::GE
                           : Cond::NE;
    bool Up = K == Cond::LT || K == Cond::LE;
    if (CondE && (Up != (F.Op == Cond::LT || F.Op == Cond::LE) ||
                  C->getLHS()->getType().getCanonicalType() !=
                      CondE->getLHS()->getType().getCanonicalType())) {
      // Every bound in one direction, compared in one type: the loop stops at the nearest.
      P = makeProblem(Diag::loop_condition, C->getSourceRange(), {F.Var->getNameAsString()});
      return false;
    }
    // `i < min(a, b)` (a conditional, a min function of the file) is `i < a && i < b`; not so
    // `i != min(a, b)`.
    std::vector<const Expr *> Parts = {Bound};
    for (size_t Next = 0;
         Conjunction && K != Cond::NE && Next < Parts.size() && Parts.size() < 8;) {
      const Expr *A = nullptr, *B = nullptr;
      if (nearestOf(Ctx, Parts[Next], Up, A, B)) {
        Parts[Next] = A;
        Parts.push_back(B);
      } else {
        ++Next;
      }
    }
    for (const Expr *X : Parts) {
      if (!CondE) {
        CondE = C;
        F.Hi = X;
        F.Op = K;
      } else {
        F.MoreHi.push_back({K, X});
      }
    }
  }
  if (!CondE) {
    P = makeProblem(Diag::loop_condition, FS->getForLoc(), {F.Var->getNameAsString()});
    return false;
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
  std::vector<const Expr *> Bounds = {F.Lo, F.Hi};
  for (const auto &[K, B] : F.MoreHi)
    Bounds.push_back(B);
  for (const Expr *B : Bounds) {
    if (std::optional<Problem> Why = boundProblem(Ctx, B, F.Var, F.BoundMemory)) {
      P = *Why;
      return false;
    }
  }
  return true;
}

} // namespace gpupar
