//===- Scalars.cpp - scalars declared outside the loop and written inside --===//
#include "Analysis/Scalars.h"
#include "Analysis/LoopForm.h"
#include "Text.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <set>

using namespace clang;

namespace gpupar {

static const Expr *strip(const Expr *E) { return E->IgnoreParenImpCasts(); }

static bool isVar(const Expr *E, const VarDecl *VD) { return referencedVar(E) == VD; }

bool sameValue(const ASTContext &Ctx, const Expr *A, const Expr *B) {
  if (A->HasSideEffects(Ctx) || B->HasSideEffects(Ctx))
    return false;
  llvm::FoldingSetNodeID X, Y;
  A->IgnoreParenImpCasts()->Profile(X, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(Y, Ctx, /*Canonical=*/true);
  return X == Y;
}

/// Whether every value of integer type `A` is a value of integer type `B`.
static bool intFits(const ASTContext &Ctx, QualType A, QualType B) {
  unsigned WA = Ctx.getIntWidth(A), WB = Ctx.getIntWidth(B);
  bool SA = A->isSignedIntegerOrEnumerationType(), SB = B->isSignedIntegerOrEnumerationType();
  if (SA == SB)
    return WA <= WB;
  return !SA && SB && WA < WB;
}

bool minMaxInType(const ASTContext &Ctx, QualType X, QualType Cmp, QualType E) {
  X = Ctx.getCanonicalType(X).getUnqualifiedType();
  Cmp = Ctx.getCanonicalType(Cmp).getUnqualifiedType();
  E = Ctx.getCanonicalType(E).getUnqualifiedType();
  if (X->isRealFloatingType())
    return Cmp->isRealFloatingType() && Ctx.getTypeSize(Cmp) >= Ctx.getTypeSize(X);
  if (!X->isIntegerType() || X->isBooleanType())
    return false;
  if (Cmp->isRealFloatingType()) // exact when X fits the mantissa; truncation is monotone
    return Ctx.getIntWidth(X) <= (Ctx.getTypeSize(Cmp) >= 64 ? 32u : 16u);
  return Cmp->isIntegerType() && E->isIntegerType() && intFits(Ctx, X, Cmp) && intFits(Ctx, E, X);
}

std::optional<ReductionOp> choiceOp(const ASTContext &Ctx, const Expr *Cond, const Expr *T,
                                    const Expr *F, const Expr *&A, const Expr *&B) {
  const auto *C = dyn_cast<BinaryOperator>(strip(Cond));
  if (!C || !C->isRelationalOp())
    return std::nullopt;
  A = C->getLHS();
  B = C->getRHS();
  bool Less = C->getOpcode() == BO_LT || C->getOpcode() == BO_LE;
  bool PicksA;
  if (sameValue(Ctx, T, A) && sameValue(Ctx, F, B))
    PicksA = true;
  else if (sameValue(Ctx, T, B) && sameValue(Ctx, F, A))
    PicksA = false;
  else
    return std::nullopt;
  return Less == PicksA ? ReductionOp::Min : ReductionOp::Max;
}

/// The value a `return` statement (alone or as a block's only statement) returns, parentheses
/// and implicit conversions stripped.
static const Expr *returned(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S); CS && CS->size() == 1)
    S = CS->body_front();
  const auto *R = dyn_cast_or_null<ReturnStmt>(S);
  return R && R->getRetValue() ? strip(R->getRetValue()) : nullptr;
}

/// The min or max a function of this file computes, in its parameters' type `Cmp`: two
/// parameters and a result of one arithmetic type, and a body that is `return a < b ? a : b;`
/// or `if (a < b) return a; [else] return b;` in any of their spellings.
static std::optional<ReductionOp> minMaxFunction(const ASTContext &Ctx, const FunctionDecl *FD,
                                                 QualType &Cmp) {
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || Def->getNumParams() != 2 || Def->isVariadic())
    return std::nullopt;
  QualType P = Ctx.getCanonicalType(Def->getParamDecl(0)->getType()).getUnqualifiedType();
  if (!P->isArithmeticType() || P->isBooleanType() ||
      Ctx.getCanonicalType(Def->getParamDecl(1)->getType()).getUnqualifiedType() != P ||
      Ctx.getCanonicalType(Def->getReturnType()).getUnqualifiedType() != P)
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() == 0 || Body->size() > 2)
    return std::nullopt;
  const Expr *Cond = nullptr, *T = nullptr, *F = nullptr;
  const auto *If = dyn_cast<IfStmt>(Body->body_front());
  if (If && !If->getInit() && !If->getConditionVariable() &&
      !If->getElse() == (Body->size() == 2)) {
    // `if (c) return a; else return b;` or `if (c) return a; return b;`
    Cond = If->getCond();
    T = returned(If->getThen());
    F = returned(If->getElse() ? If->getElse() : Body->body_back());
  } else if (const auto *CO = Body->size() == 1 ? dyn_cast_or_null<ConditionalOperator>(
                                                      returned(Body->body_front()))
                                                : nullptr) {
    Cond = CO->getCond();
    T = CO->getTrueExpr();
    F = CO->getFalseExpr();
  }
  if (!Cond || !T || !F)
    return std::nullopt;
  const Expr *A, *B;
  std::optional<ReductionOp> K = choiceOp(Ctx, Cond, T, F, A, B);
  const VarDecl *VA = referencedVar(A), *VB = referencedVar(B);
  if (!K || !VA || !VB || VA == VB || !isa<ParmVarDecl>(VA) || !isa<ParmVarDecl>(VB))
    return std::nullopt;
  Cmp = P;
  return K;
}

std::optional<ReductionOp> minMaxCall(const ASTContext &Ctx, const CallExpr *CE, QualType &Cmp) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier() || CE->getNumArgs() != 2)
    return std::nullopt;
  StringRef N = FD->getName();
  N.consume_front("__builtin_");
  Cmp = CE->getType();
  if (N == "fmin" || N == "fminf")
    return ReductionOp::Min;
  if (N == "fmax" || N == "fmaxf")
    return ReductionOp::Max;
  return minMaxFunction(Ctx, FD, Cmp);
}

/// True when updating `x` of type `X` with an operation computed in type `C` (then converted
/// back to X, as `x += e` and `x = x + e` both do) still combines partial results correctly:
/// the same type; floating-point in floating-point (rounding differs only as in any
/// floating-point reduction: `float s += double e`); integers in integers except `_Bool`
/// (conversion to the narrower type keeps the low bits, which +, *, &, |, ^ respect: `short s
/// = s + e`). An integer updated in floating point (`int x += 0.5 * e`) truncates at every step
/// and is no reduction.
static bool combinesInType(const ASTContext &Ctx, QualType X, QualType C) {
  X = Ctx.getCanonicalType(X).getUnqualifiedType();
  C = Ctx.getCanonicalType(C).getUnqualifiedType();
  if (X == C)
    return true;
  if (X->isRealFloatingType() && C->isRealFloatingType())
    return true;
  return X->isIntegerType() && !X->isBooleanType() && !X->isEnumeralType() && C->isIntegerType();
}

std::optional<ReductionOp> matchReductionUpdate(const ASTContext &Ctx, const Expr *E,
                                                const VarDecl *&Var) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!BO || !BO->isAssignmentOp())
    return std::nullopt;
  const VarDecl *X = referencedVar(BO->getLHS());
  if (!X)
    return std::nullopt;
  Var = X;
  bool Integer = X->getType()->isIntegerType();
  if (BO->isCompoundAssignmentOp()) {
    if (mentions(BO->getRHS(), X) ||
        !combinesInType(Ctx, X->getType(),
                        cast<CompoundAssignOperator>(BO)->getComputationResultType()))
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_AddAssign:
    case BO_SubAssign:
      return ReductionOp::Add;
    case BO_MulAssign:
      return ReductionOp::Mul;
    case BO_AndAssign:
      return Integer ? std::optional(ReductionOp::BitAnd) : std::nullopt;
    case BO_OrAssign:
      return Integer ? std::optional(ReductionOp::BitOr) : std::nullopt;
    case BO_XorAssign:
      return Integer ? std::optional(ReductionOp::BitXor) : std::nullopt;
    default:
      return std::nullopt;
    }
  }
  const Expr *R = strip(BO->getRHS());
  // `x = x op e`, `x = e op x` (commutative), `x = x - e`, and chains of one operator
  // (`x = x + a + b`, `x = a + x - b`, `x = x * a * b`): x once among the operands, never
  // subtracted.
  if (const auto *Op = dyn_cast<BinaryOperator>(R)) {
    std::optional<ReductionOp> K;
    switch (Op->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      K = ReductionOp::Add;
      break;
    case BO_Mul:
      K = ReductionOp::Mul;
      break;
    case BO_And:
      K = Integer ? std::optional(ReductionOp::BitAnd) : std::nullopt;
      break;
    case BO_Or:
      K = Integer ? std::optional(ReductionOp::BitOr) : std::nullopt;
      break;
    case BO_Xor:
      K = Integer ? std::optional(ReductionOp::BitXor) : std::nullopt;
      break;
    case BO_LAnd:
      K = ReductionOp::LogAnd;
      break;
    case BO_LOr:
      K = ReductionOp::LogOr;
      break;
    default:
      break;
    }
    if (!K)
      return std::nullopt;
    bool Logical = K == ReductionOp::LogAnd || K == ReductionOp::LogOr;
    // The operands of the chain, and whether each is subtracted. Logical operators are not
    // chained: their right operands run only as x's value allows.
    std::vector<std::pair<const Expr *, bool>> Operands;
    bool InType = true;
    std::function<void(const Expr *, bool)> Flatten = [&](const Expr *E, bool Negated) {
      const auto *B = dyn_cast<BinaryOperator>(strip(E));
      bool Same =
          B && (B->getOpcode() == Op->getOpcode() ||
                (K == ReductionOp::Add && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)));
      if (!Same || (Logical && B != Op)) {
        Operands.push_back({E, Negated});
        return;
      }
      // Every step must combine in x's type, as for `x op= e`.
      InType &= Logical || combinesInType(Ctx, X->getType(), B->getType());
      Flatten(B->getLHS(), Negated);
      Flatten(B->getRHS(), Negated != (B->getOpcode() == BO_Sub));
    };
    Flatten(Op, false);
    unsigned Mine = 0;
    for (const auto &[E, Negated] : Operands) {
      if (isVar(E, X)) {
        if (Negated)
          return std::nullopt;
        ++Mine;
      } else if (mentions(E, X)) {
        return std::nullopt;
      }
    }
    if (Mine != 1 || !InType)
      return std::nullopt;
    return K;
  }
  // `x = fmin(x, e)`, `x = fmax(e, x)`.
  if (const auto *CE = dyn_cast<CallExpr>(R)) {
    QualType Cmp;
    std::optional<ReductionOp> K = minMaxCall(Ctx, CE, Cmp);
    if (!K)
      return std::nullopt;
    const Expr *A = CE->getArg(0), *B = CE->getArg(1);
    const Expr *Other = isVar(A, X) ? B : isVar(B, X) ? A : nullptr;
    if (!Other || mentions(Other, X) || Other->HasSideEffects(Ctx) ||
        !minMaxInType(Ctx, X->getType(), Cmp, strip(Other)->getType()))
      return std::nullopt;
    return K;
  }
  // `x = x < e ? x : e` and the other spellings of min and max.
  if (const auto *CO = dyn_cast<ConditionalOperator>(R)) {
    const Expr *A, *B;
    std::optional<ReductionOp> K =
        choiceOp(Ctx, CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr(), A, B);
    if (!K)
      return std::nullopt;
    const Expr *Other = isVar(A, X) ? B : isVar(B, X) ? A : nullptr;
    if (!Other || mentions(Other, X) || Other->HasSideEffects(Ctx) ||
        !minMaxInType(Ctx, X->getType(), A->getType(), strip(Other)->getType()))
      return std::nullopt;
    return K;
  }
  return std::nullopt;
}

namespace {

/// One use of a candidate scalar in the body.
struct Use {
  const DeclRefExpr *Ref;
  bool Write;
  std::optional<ReductionOp> Update; ///< part of a reduction update with this operator
};

/// Finds the uses of the outer scalars in the body and the reduction updates around them.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  UseCollector(const ASTContext &Ctx) : Ctx(Ctx) {}
  const ASTContext &Ctx;
  llvm::DenseSet<const VarDecl *> Locals;
  llvm::DenseSet<const DeclRefExpr *> Written;
  llvm::DenseMap<const DeclRefExpr *, ReductionOp> Covered;
  std::vector<const DeclRefExpr *> Refs;

  bool VisitVarDecl(VarDecl *VD) {
    Locals.insert(VD);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Refs.push_back(DRE);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())) {
      Written.insert(DRE);
      Expr::EvalResult R;
      if (BO->getOpcode() == BO_Assign && !BO->getRHS()->HasSideEffects(Ctx) &&
          BO->getRHS()->EvaluateAsRValue(R, Ctx) && (R.Val.isInt() || R.Val.isFloat()))
        ConstWrites[DRE] = {R.Val, BO->getRHS()};
    }
    const VarDecl *X = nullptr;
    if (std::optional<ReductionOp> K = matchReductionUpdate(Ctx, BO, X)) {
      cover(BO, X, *K); // every mention of x inside the update is part of it
    }
    return true;
  }
  /// `if (e > x) x = e;` (max) and `if (e < x) x = e;` (min), in every spelling of the
  /// comparison: the C way to write them. Ties pick one of equal values.
  bool VisitIfStmt(IfStmt *IS) {
    if (IS->getElse() || IS->getInit() || IS->getConditionVariable())
      return true;
    const Stmt *Then = IS->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    const auto *As = dyn_cast<BinaryOperator>(Then);
    const auto *C = dyn_cast<BinaryOperator>(strip(IS->getCond()));
    if (!As || As->getOpcode() != BO_Assign || !C || !C->isRelationalOp())
      return true;
    const VarDecl *X = referencedVar(As->getLHS());
    const Expr *E = As->getRHS();
    if (!X || mentions(E, X) || E->HasSideEffects(Ctx))
      return true;
    // Which side of the comparison x is on, and whether the branch runs when e is the larger.
    bool Greater;
    const Expr *Other;
    if (isVar(C->getRHS(), X)) {
      Other = C->getLHS();
      Greater = C->getOpcode() == BO_GT || C->getOpcode() == BO_GE;
    } else if (isVar(C->getLHS(), X)) {
      Other = C->getRHS();
      Greater = C->getOpcode() == BO_LT || C->getOpcode() == BO_LE;
    } else {
      return true;
    }
    if (!sameValue(Ctx, Other, E) ||
        !minMaxInType(Ctx, X->getType(), C->getLHS()->getType(), strip(E)->getType()))
      return true;
    cover(IS, X, Greater ? ReductionOp::Max : ReductionOp::Min);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens())) {
        Written.insert(DRE);
        // `x++;`, `--x;` whose value is not used: `x += 1` (`x -= 1`), a '+' update.
        if (UO->isIncrementDecrementOp() && Statements.count(UO))
          Covered[DRE] = ReductionOp::Add;
      }
    return true;
  }
  /// Records the expressions in statement position (their value is not used): the children of
  /// blocks, branches, loop bodies and increments, and both sides of a comma among them.
  bool VisitStmt(Stmt *S) {
    auto Add = [&](const Stmt *C) {
      while (const auto *E = dyn_cast_or_null<Expr>(C)) {
        E = E->IgnoreParens();
        if (const auto *CE = dyn_cast<CStyleCastExpr>(E); CE && CE->getType()->isVoidType()) {
          C = CE->getSubExpr();
          continue;
        }
        Statements.insert(E);
        if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma) {
          Statements.insert(BO->getLHS()->IgnoreParens());
          C = BO->getRHS();
          continue;
        }
        break;
      }
    };
    if (isa<CompoundStmt>(S))
      for (const Stmt *C : S->children())
        Add(C);
    else if (const auto *IS = dyn_cast<IfStmt>(S)) {
      Add(IS->getThen());
      Add(IS->getElse());
    } else if (const auto *FS = dyn_cast<ForStmt>(S)) {
      Add(FS->getInit());
      Add(FS->getInc());
      Add(FS->getBody());
    } else if (const auto *WS = dyn_cast<WhileStmt>(S))
      Add(WS->getBody());
    else if (const auto *DS = dyn_cast<DoStmt>(S))
      Add(DS->getBody());
    else if (const auto *LS = dyn_cast<LabelStmt>(S))
      Add(LS->getSubStmt());
    else if (const auto *SC = dyn_cast<SwitchCase>(S))
      Add(SC->getSubStmt());
    return true;
  }
  llvm::DenseSet<const Stmt *> Statements;
  /// Marks every mention of `X` under `S` as part of a `K` update.
  void cover(const Stmt *S, const VarDecl *X, ReductionOp K) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == X)
      Covered[D] = K;
    for (const Stmt *C : S->children())
      cover(C, X, K);
  }
  /// `x = K` with a constant K: the value (converted to x's type).
  llvm::DenseMap<const DeclRefExpr *, std::pair<APValue, const Expr *>> ConstWrites;
};

/// Returns whether two constant values of one scalar type are equal.
static bool sameConstant(const APValue &A, const APValue &B) {
  if (A.isInt() && B.isInt())
    return A.getInt() == B.getInt();
  if (A.isFloat() && B.isFloat())
    return A.getFloat().bitwiseIsEqual(B.getFloat());
  return false;
}

/// Returns whether constant `V` is greater than zero.
static bool positive(const APValue &V) {
  if (V.isInt())
    return V.getInt().isStrictlyPositive();
  return V.isFloat() && !V.getFloat().isZero() && !V.getFloat().isNegative() &&
         !V.getFloat().isNaN();
}

using VarSet = std::set<const VarDecl *>;

/// Definite-assignment flow over the body for a set of variables: which are read before the
/// iteration writes them (exposed), and which every iteration has written at its end.
class Flow {
public:
  /// With `Runs`, the inner `for` loops it accepts are taken to run their body at least once.
  Flow(const VarSet &Vars, std::function<bool(const ForStmt *)> Runs = nullptr)
      : Vars(Vars), Runs(std::move(Runs)) {}
  llvm::DenseMap<const VarDecl *, const DeclRefExpr *> Exposed; ///< first exposed read
  std::vector<VarSet> ContinueSets;

  void stmt(const Stmt *S, VarSet &A, bool Top);
  /// Runs over loop body `Body`: returns the variables written at its end and at every
  /// `continue`.
  VarSet writtenAtEnd(const Stmt *Body) {
    VarSet End;
    stmt(Body, End, true);
    for (const VarSet &C : ContinueSets)
      End = meet(End, C);
    return End;
  }

private:
  const VarSet &Vars;
  std::function<bool(const ForStmt *)> Runs;
  void read(const DeclRefExpr *D, const VarSet &A) {
    const auto *VD = dyn_cast<VarDecl>(D->getDecl());
    if (VD && Vars.count(VD) && !A.count(VD))
      Exposed.try_emplace(VD, D);
  }
  void write(const Expr *LHS, VarSet &A) {
    if (const VarDecl *VD = referencedVar(LHS))
      if (Vars.count(VD))
        A.insert(VD);
  }
  static VarSet meet(const VarSet &X, const VarSet &Y) {
    VarSet R;
    for (const VarDecl *V : X)
      if (Y.count(V))
        R.insert(V);
    return R;
  }
};

void Flow::stmt(const Stmt *S, VarSet &A, bool Top) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Assign && isa<DeclRefExpr>(BO->getLHS()->IgnoreParens())) {
        stmt(BO->getRHS(), A, Top);
        write(BO->getLHS(), A);
        return;
      }
      if (BO->isCompoundAssignmentOp() && isa<DeclRefExpr>(BO->getLHS()->IgnoreParens())) {
        stmt(BO->getLHS(), A, Top); // read
        stmt(BO->getRHS(), A, Top);
        write(BO->getLHS(), A);
        return;
      }
      if (BO->isLogicalOp()) {
        stmt(BO->getLHS(), A, Top);
        VarSet B = A;
        stmt(BO->getRHS(), B, Top);
        return;
      }
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      stmt(CO->getCond(), A, Top);
      VarSet T = A, F = A;
      stmt(CO->getTrueExpr(), T, Top);
      stmt(CO->getFalseExpr(), F, Top);
      A = meet(T, F);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) {
        stmt(UO->getSubExpr(), A, Top);
        if (UO->isIncrementDecrementOp())
          write(UO->getSubExpr(), A);
        return;
      }
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      read(D, A);
      return;
    }
  }
  switch (S->getStmtClass()) {
  case Stmt::IfStmtClass: {
    const auto *IS = cast<IfStmt>(S);
    stmt(IS->getInit(), A, Top);
    stmt(IS->getConditionVariableDeclStmt(), A, Top);
    stmt(IS->getCond(), A, Top);
    VarSet T = A, F = A;
    stmt(IS->getThen(), T, Top);
    stmt(IS->getElse(), F, Top);
    A = meet(T, F);
    return;
  }
  case Stmt::ForStmtClass: {
    const auto *FS = cast<ForStmt>(S);
    stmt(FS->getInit(), A, Top);
    stmt(FS->getCond(), A, Top);
    VarSet B = A;
    stmt(FS->getBody(), B, false);
    stmt(FS->getInc(), B, false);
    if (Runs && Runs(FS))
      A = B;
    return;
  }
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass:
  case Stmt::SwitchStmtClass: {
    // The body may not run (or, for do/while, may `continue` early): nothing it assigns is
    // definite afterwards. The condition of a while/switch runs first.
    if (const auto *WS = dyn_cast<WhileStmt>(S))
      stmt(WS->getCond(), A, Top);
    if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
      stmt(SS->getInit(), A, Top);
      stmt(SS->getCond(), A, Top);
    }
    VarSet B = A;
    for (const Stmt *C : S->children())
      if (!(isa<WhileStmt>(S) && C == cast<WhileStmt>(S)->getCond()) &&
          !(isa<SwitchStmt>(S) && C == cast<SwitchStmt>(S)->getCond()))
        stmt(C, B, false);
    return;
  }
  case Stmt::ContinueStmtClass:
    if (Top)
      ContinueSets.push_back(A);
    return;
  case Stmt::LabelStmtClass:
    A.clear(); // a goto may arrive from anywhere
    stmt(cast<LabelStmt>(S)->getSubStmt(), A, Top);
    return;
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        stmt(VD->getInit(), A, Top);
    return;
  default:
    for (const Stmt *C : S->children())
      stmt(C, A, Top);
  }
}

/// Finds the statements between the function body and `Target`.
static bool pathTo(const Stmt *S, const Stmt *Target, std::vector<const Stmt *> &Path) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  Path.push_back(S);
  for (const Stmt *C : S->children())
    if (pathTo(C, Target, Path))
      return true;
  Path.pop_back();
  return false;
}

} // namespace

/// Returns whether `S` may leave itself other than by falling through or returning: a `break`
/// or `continue` that no loop (or switch) inside `S` takes, a `goto` or a label.
static bool jumpsOut(const Stmt *S, bool InLoop = false, bool InSwitch = false) {
  if (!S)
    return false;
  if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  if (isa<ContinueStmt>(S))
    return !InLoop;
  bool Loop = InLoop || isa<ForStmt, WhileStmt, DoStmt>(S);
  bool Switch = InSwitch || isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (jumpsOut(C, Loop, Switch))
      return true;
  return false;
}

bool mayBeReadAfter(const ForStmt *Loop, const FunctionDecl *Fn, const VarDecl *VD) {
  if (!VD->hasLocalStorage() || !Fn || !Fn->getBody())
    return true;
  std::vector<const Stmt *> Path;
  if (!pathTo(Fn->getBody(), Loop, Path))
    return true;
  struct AddressTaken {
    const VarDecl *VD;
    bool run(const Stmt *S) {
      if (!S)
        return false;
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        if (UO->getOpcode() == UO_AddrOf && referencedVar(UO->getSubExpr()) == VD)
          return true;
      for (const Stmt *C : S->children())
        if (run(C))
          return true;
      return false;
    }
  };
  if (AddressTaken{VD}.run(Fn->getBody()))
    return true;
  // Follow the statements that run after the loop, outwards to the end of the function (and
  // around enclosing loops once more): the value the loop leaves is read unless every path
  // writes `VD` before any read. A jump out of a statement on the way takes a path this walk
  // does not follow: then it may be read.
  VarSet Vars{VD}, A;
  Flow F(Vars);
  auto Run = [&](const Stmt *S) {
    if (!S)
      return false;
    if (jumpsOut(S))
      return true;
    F.stmt(S, A, false);
    return false;
  };
  // An enclosing loop's body once more, after its condition: the loop may also end there, so
  // what the body writes is not written on the way out.
  auto Again = [&](const Stmt *Body) {
    VarSet Out = A;
    bool Jumps = Run(Body);
    A = Out;
    return Jumps;
  };
  const Stmt *Cur = Loop;
  for (auto It = Path.rbegin(); It != Path.rend(); Cur = *It++) {
    const Stmt *P = *It;
    bool Jumps = false;
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      bool After = false;
      for (const Stmt *C : CS->body()) {
        if (After && (Run(C) || F.Exposed.count(VD)))
          return true;
        if (A.count(VD))
          return false;
        After = After || C == Cur;
      }
    } else if (const auto *FS = dyn_cast<ForStmt>(P); FS && Cur == FS->getBody()) {
      Jumps = Run(FS->getInc()) || Run(FS->getCond()) || Again(FS->getBody());
    } else if (const auto *WS = dyn_cast<WhileStmt>(P); WS && Cur == WS->getBody()) {
      Jumps = Run(WS->getCond()) || Again(WS->getBody());
    } else if (const auto *DS = dyn_cast<DoStmt>(P); DS && Cur == DS->getBody()) {
      Jumps = Run(DS->getCond()) || Again(DS->getBody());
    } else if (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, LabelStmt, SwitchCase>(P)) {
      return true; // the loop in a loop's header, or a path through case labels
    }
    if (Jumps || F.Exposed.count(VD))
      return true;
    if (A.count(VD))
      return false;
  }
  return false; // the function ends: a local is gone
}

/// The call whose result `E` is assigned (`x = f(x, e)`, E the left side) or that `E` is an
/// argument of (through parentheses and conversions), or null.
static const CallExpr *callAround(ASTContext &Ctx, const Expr *E) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (Parents.size() == 1) {
    if (const auto *CE = Parents[0].get<CallExpr>())
      return CE->getCallee()->IgnoreParenImpCasts() == E ? nullptr : CE;
    if (const auto *BO = Parents[0].get<BinaryOperator>())
      return BO->getOpcode() == BO_Assign && BO->getLHS() == E
                 ? dyn_cast<CallExpr>(BO->getRHS()->IgnoreParenImpCasts())
                 : nullptr;
    const auto *P = Parents[0].get<Expr>();
    if (!P || !isa<ParenExpr, ImplicitCastExpr>(P))
      return nullptr;
    E = P;
    Parents = Ctx.getParents(*P);
  }
  return nullptr;
}

static std::string quoted(const VarDecl *VD) { return "'" + VD->getNameAsString() + "'"; }

namespace {

/// `if (c) flag = 1;`: every use of `VD` stores one constant K. The serial loop leaves K when
/// some iteration stores it, else the value before the loop. A `_Bool` is an `||` (K true) or
/// `&&` (K false) reduction; other types a `max` reduction when K > 0 (exact when the value
/// before the loop is at most K) or `min` otherwise (at least K): the planner checks that at
/// run time (`WrittenScalar::GuardBound`) and runs the loop serially when it fails. Returns true
/// with the role in `W`, appended to `Info`.
static bool idempotentWrites(ASTContext &Ctx, const VarDecl *VD, const std::vector<Use> &Us,
                             const UseCollector &U, WrittenScalar &W, BodyInfo &Info) {
  const std::pair<APValue, const Expr *> *First = nullptr;
  for (const Use &X : Us) {
    auto It = U.ConstWrites.find(X.Ref);
    if (!X.Write || It == U.ConstWrites.end())
      return false;
    if (First && !sameConstant(First->first, It->second.first))
      return false;
    if (!First)
      First = &It->second;
  }
  if (!First)
    return false;
  std::string K = sourceText(Ctx, First->second);
  W.Role = ScalarRole::Reduction;
  if (VD->getType()->isBooleanType()) {
    W.Op = positive(First->first) ? ReductionOp::LogOr : ReductionOp::LogAnd;
  } else if (positive(First->first)) {
    W.Op = ReductionOp::Max;
    W.GuardBound = First->second;
  } else {
    W.Op = ReductionOp::Min;
    // Nothing to check for an unsigned variable set to 0 (the comparison would warn).
    if (!(VD->getType()->isUnsignedIntegerType() && First->first.isInt() &&
          First->first.getInt().isZero()))
      W.GuardBound = First->second;
  }
  Info.Written.push_back(W);
  std::string OpText = reductionOpSpelling(W.Op);
  std::string Guard =
      VD->getNameAsString() + (W.Op == ReductionOp::Max ? " <= (" : " >= (") + K + ")";
  Info.Remarks.push_back(
      !W.GuardBound ? makeProblem(Diag::scalar_set_constant, W.FirstWrite->getSourceRange(),
                                  {quoted(VD), K, OpText})
                    : makeProblem(Diag::scalar_set_constant_guarded, W.FirstWrite->getSourceRange(),
                                  {quoted(VD), K, OpText, Guard}));
  return true;
}

/// Returns whether inner loop `FS` runs its whole body whenever it runs, and whether it runs at
/// all is a comparison of its bounds: the canonical form with a signed comparison other than
/// `!=`, and no jump in the body.
bool entryGuardable(ASTContext &Ctx, const ForStmt *FS) {
  LoopForm LF;
  Problem Ignored;
  if (!matchLoopForm(Ctx, FS, LF, Ignored) || LF.Op == Cond::NE ||
      !LF.CmpType->isSignedIntegerType())
    return false;
  struct Jumps : RecursiveASTVisitor<Jumps> {
    bool Found = false;
    bool VisitStmt(Stmt *S) {
      Found |= isa<BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt, ReturnStmt, LabelStmt>(S);
      return !Found;
    }
  } J;
  J.TraverseStmt(const_cast<Stmt *>(FS->getBody()));
  return !J.Found;
}

/// Returns the loops inside `Loop` around the writes among `Uses` that `Guarded` accepts.
std::vector<const ForStmt *>
loopsAroundWrites(ASTContext &Ctx, const ForStmt *Loop, const std::vector<Use> &Uses,
                  const std::function<bool(const ForStmt *)> &Guarded) {
  std::vector<const ForStmt *> Loops;
  for (const Use &X : Uses) {
    if (!X.Write)
      continue;
    for (const Stmt *S = parentStatement(Ctx, X.Ref); S && S != Loop; S = parentStatement(Ctx, S))
      if (const auto *FS = dyn_cast<ForStmt>(S))
        if (Guarded(FS) && std::find(Loops.begin(), Loops.end(), FS) == Loops.end())
          Loops.push_back(FS);
  }
  return Loops;
}

/// The warning for scalar `VD`, read after the loop (a global: perhaps), whose value there is
/// not known.
Problem lastValueUnknown(const VarDecl *VD, SourceRange R) {
  bool Global = !VD->hasLocalStorage() && !VD->isStaticLocal();
  Problem P = makeProblem(Global ? Diag::global_write : Diag::last_value_unknown, R, {quoted(VD)});
  P.Notes.push_back({R,
                     Global ? Diag::note_private_if_unread : Diag::note_declare_inside,
                     {VD->getNameAsString()}});
  return P;
}

} // namespace

bool classifyScalars(ASTContext &Ctx, const ForStmt *Loop, const FunctionDecl *Fn,
                     llvm::ArrayRef<const VarDecl *> LoopVars, llvm::ArrayRef<const Expr *> Bounds,
                     const Directive &Dir, BodyInfo &Info, Problem &P) {
  UseCollector U(Ctx);
  if (const auto *E = dyn_cast<Expr>(Loop->getBody())) // `for (...) cnt++;`
    U.Statements.insert(E->IgnoreParens());
  U.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
  auto IsLoopVar = [&](const VarDecl *VD) {
    return std::find(LoopVars.begin(), LoopVars.end(), VD) != LoopVars.end();
  };
  // Candidates, in order of first use.
  std::vector<const VarDecl *> Order;
  llvm::DenseMap<const VarDecl *, std::vector<Use>> Uses;
  for (const DeclRefExpr *D : U.Refs) {
    const auto *VD = dyn_cast<VarDecl>(D->getDecl());
    if (!VD || U.Locals.count(VD) || IsLoopVar(VD))
      continue;
    QualType T = VD->getType().getCanonicalType();
    if (!(T->isArithmeticType() || T->isEnumeralType()) || T.isVolatileQualified())
      continue;
    auto It = U.Covered.find(D);
    std::optional<ReductionOp> K;
    if (It != U.Covered.end())
      K = It->second;
    if (!Uses.count(VD))
      Order.push_back(VD);
    Uses[VD].push_back({D, U.Written.count(D) > 0, K});
  }

  VarSet All(Order.begin(), Order.end());
  Flow FL(All);
  VarSet End = FL.writtenAtEnd(Loop->getBody());
  // The same, with the inner loops that run whole taken to run: a scalar they write is then
  // written in every iteration where they run, which the host checks before the loop
  // (checkEntryGuards). The loops collapsed with the offloaded one run once per iteration of
  // the nest, which has no iteration when one of them is empty.
  auto Collapsed = [&](const ForStmt *FS) {
    LoopForm LF;
    Problem Ignored;
    return matchLoopForm(Ctx, FS, LF, Ignored) && IsLoopVar(LF.Var);
  };
  std::function<bool(const ForStmt *)> Guarded = [&](const ForStmt *FS) {
    return !Collapsed(FS) && entryGuardable(Ctx, FS);
  };
  std::function<bool(const ForStmt *)> Runs = [&](const ForStmt *FS) {
    return Collapsed(FS) || Guarded(FS);
  };
  VarSet EndIfRun = Flow(All, Runs).writtenAtEnd(Loop->getBody());

  for (const VarDecl *VD : Order) {
    const std::vector<Use> &Us = Uses[VD];
    const Use *FirstWrite = nullptr;
    for (const Use &X : Us)
      if (X.Write && !FirstWrite)
        FirstWrite = &X;
    const ClauseItem *RedItem = nullptr;
    const ReductionClause *RC = Dir.reductionOf(VD->getName(), &RedItem);
    const ClauseItem *PrivItem = Dir.privateOf(VD->getName());
    if (RC && RedItem->IsSection) {
      P = makeProblem(Diag::reduction_scalar_section, RedItem->Range,
                      {RedItem->Name, reductionOpSpelling(RC->Op)});
      return false;
    }
    if (!FirstWrite && !RC && !PrivItem)
      continue; // read only: a loop-invariant scalar
    if (FirstWrite)
      for (const Expr *B : Bounds)
        if (mentions(B, VD)) {
          P = makeProblem(Diag::bound_modified, FirstWrite->Ref->getSourceRange(), {quoted(VD)});
          return false;
        }
    WrittenScalar W;
    W.Var = VD;
    W.FirstWrite = FirstWrite ? FirstWrite->Ref : Us.front().Ref;
    SourceRange WR = W.FirstWrite->getSourceRange();

    if (RC) {
      bool AllUpdates = true;
      for (const Use &X : Us)
        AllUpdates &= X.Update && *X.Update == RC->Op;
      if (!AllUpdates && FirstWrite && !FL.Exposed.count(VD)) {
        // Every iteration assigns it before any use (`sum = 0; ... sum += e; use(sum)`, or
        // only `if (c) flag = 1;` under `reduction(||: flag)`): accepted as OpenMP does. Each
        // thread's copy starts at the identity of the operator, and the copies are combined
        // with the value before the loop.
        W.Role = ScalarRole::Reduction;
        W.Op = RC->Op;
        W.FromClause = true;
        Info.Written.push_back(W);
        Info.Remarks.push_back(makeProblem(Diag::reduction_assigned_first, WR,
                                           {quoted(VD), reductionOpSpelling(RC->Op)}));
        continue;
      }
      for (const Use &X : Us)
        if (!X.Update || *X.Update != RC->Op) {
          std::string Op = reductionOpSpelling(RC->Op);
          P = X.Update ? makeProblem(Diag::reduction_other_operator, X.Ref->getSourceRange(),
                                     {quoted(VD), reductionOpSpelling(*X.Update), Op})
                       : makeProblem(Diag::reduction_other_use, X.Ref->getSourceRange(),
                                     {quoted(VD), Op,
                                      VD->getNameAsString() + " " +
                                          (Op.size() <= 2 && Op != "&&" && Op != "||"
                                               ? Op + "= e"
                                               : "= " + Op + "(...)")});
          P.Notes.push_back({RedItem->Range, Diag::note_named_in_reduction});
          const CallExpr *CE = RC->Op == ReductionOp::Min || RC->Op == ReductionOp::Max
                                   ? callAround(Ctx, X.Ref)
                                   : nullptr;
          if (CE && CE->getDirectCallee())
            P.Notes.push_back({CE->getSourceRange(),
                               Diag::note_not_min_max,
                               {CE->getDirectCallee()->getNameAsString()}});
          return false;
        }
      W.Role = ScalarRole::Reduction;
      W.Op = RC->Op;
      W.FromClause = true;
      Info.Written.push_back(W);
      continue;
    }
    if (PrivItem) {
      auto It = FL.Exposed.find(VD);
      if (It != FL.Exposed.end()) {
        P = makeProblem(Diag::private_read_first, It->second->getSourceRange(), {quoted(VD)});
        P.Notes.push_back({PrivItem->Range, Diag::note_named_in_private});
        return false;
      }
      W.Role = ScalarRole::Private;
      W.FromClause = true;
      Info.Written.push_back(W);
      continue;
    }
    // Auto-detected reduction: every use is an update with one operator.
    std::optional<ReductionOp> Op = Us.front().Update;
    bool AllUpdates = Op.has_value();
    for (const Use &X : Us)
      AllUpdates &= X.Update == Op;
    if (AllUpdates) {
      W.Role = ScalarRole::Reduction;
      W.Op = *Op;
      Info.Written.push_back(W);
      Info.Remarks.push_back(
          makeProblem(Diag::scalar_reduced, WR, {quoted(VD), reductionOpSpelling(*Op)}));
      continue;
    }
    // Any function may read a global after the loop: it keeps the last iteration's value, as a
    // local read after the loop does. The runtime runs the loop serially when it lies in an
    // array the loop touches (gpupar__check_scalar_alias).
    bool Global = !VD->hasLocalStorage() && !VD->isStaticLocal();
    auto Exp = FL.Exposed.find(VD);
    if (Exp == FL.Exposed.end()) {
      bool After = Global || mayBeReadAfter(Loop, Fn, VD);
      if (After && !End.count(VD) && idempotentWrites(Ctx, VD, Us, U, W, Info))
        continue;
      if (After && !End.count(VD) && EndIfRun.count(VD)) {
        W.EntryLoops = loopsAroundWrites(Ctx, Loop, Us, Guarded);
      } else if (After && !End.count(VD)) {
        P = lastValueUnknown(VD, WR);
        return false;
      }
      W.Role = After ? ScalarRole::LastPrivate : ScalarRole::Private;
      Info.Written.push_back(W);
      Info.Remarks.push_back(
          makeProblem(After ? Diag::scalar_last_private : Diag::scalar_private, WR, {quoted(VD)}));
      continue;
    }
    // A dependence through the scalar.
    if (End.count(VD)) {
      P = makeProblem(Diag::scalar_dependence, Exp->second->getSourceRange(), {quoted(VD)});
      P.Notes.push_back({WR, Diag::note_written_every_iteration});
      P.BetweenIterations = true;
      return false;
    }
    P = makeProblem(Diag::scalar_may_carry, WR,
                    {quoted(VD), std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                                     Exp->second->getLocation()))});
    // Not `private`: the read would then see an unspecified value.
    P.Notes.push_back({Exp->second->getSourceRange(), Diag::note_read_before_write});
    return false;
  }
  return true;
}

namespace {

/// Returns whether the host can evaluate `E` before the loop and get the value it has in every
/// iteration: constants, integer scalars declared before the loop that it does not write, and
/// elements it only reads (BodyInfo::InvariantElements), combined with + - *.
bool hostEvaluable(const ASTContext &Ctx, const Expr *E, const ForStmt *Loop,
                   llvm::ArrayRef<const VarDecl *> LoopVars, const BodyInfo &Info) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(D->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(D->getDecl());
    return VD && VD->getType()->isIntegerType() && !VD->getType().isVolatileQualified() &&
           std::find(LoopVars.begin(), LoopVars.end(), VD) == LoopVars.end() && !Info.written(VD) &&
           (VD->hasGlobalStorage() || Ctx.getSourceManager().isBeforeInTranslationUnit(
                                          VD->getLocation(), Loop->getBeginLoc()));
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    return std::find(Info.InvariantElements.begin(), Info.InvariantElements.end(), A) !=
           Info.InvariantElements.end();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub || BO->getOpcode() == BO_Mul) &&
           hostEvaluable(Ctx, BO->getLHS(), Loop, LoopVars, Info) &&
           hostEvaluable(Ctx, BO->getRHS(), Loop, LoopVars, Info);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) &&
           hostEvaluable(Ctx, UO->getSubExpr(), Loop, LoopVars, Info);
  return false;
}

} // namespace

bool checkEntryGuards(ASTContext &Ctx, const ForStmt *Loop,
                      llvm::ArrayRef<const VarDecl *> LoopVars, BodyInfo &Info, Problem &P) {
  for (const WrittenScalar &W : Info.Written)
    for (const ForStmt *FS : W.EntryLoops) {
      LoopForm LF;
      Problem Ignored;
      if (!matchLoopForm(Ctx, FS, LF, Ignored) ||
          !hostEvaluable(Ctx, LF.Lo, Loop, LoopVars, Info) ||
          !hostEvaluable(Ctx, LF.Hi, Loop, LoopVars, Info)) {
        P = lastValueUnknown(W.Var, W.FirstWrite->getSourceRange());
        return false;
      }
      // `lo OP hi` as a fact `A - B - K >= 0` over integers, constants folded into K.
      bool Up = LF.Op == Cond::LT || LF.Op == Cond::LE;
      const Expr *A = Up ? LF.Hi : LF.Lo, *B = Up ? LF.Lo : LF.Hi;
      int64_t K = LF.Op == Cond::LT || LF.Op == Cond::GT ? 1 : 0;
      Expr::EvalResult R;
      std::string G = "(long long)(" + printC(Ctx, A) + ")";
      if (B->EvaluateAsInt(R, Ctx) && R.Val.getInt().getSignificantBits() <= 62)
        K += R.Val.getInt().getExtValue();
      else
        G += " - (long long)(" + printC(Ctx, B) + ")";
      if (K != 0)
        G += (K > 0 ? " - " : " + ") + std::to_string(K > 0 ? K : -K) + "LL";
      if (std::find(Info.EntryGuards.begin(), Info.EntryGuards.end(), G) == Info.EntryGuards.end())
        Info.EntryGuards.push_back(G);
    }
  return true;
}

} // namespace gpupar
