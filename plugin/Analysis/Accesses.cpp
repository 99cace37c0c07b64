//===- Accesses.cpp - what an offloaded loop body reads and writes ---------===//
#include "Analysis/Accesses.h"
#include "Analysis/Asserts.h"
#include "Analysis/FatalPaths.h"

#include "Analysis/Allocation.h"
#include "Analysis/BodyWalker.h"
#include "Analysis/Functions.h"
#include "Analysis/MathCalls.h"
#include "Analysis/PrivateArrays.h"
#include "Analysis/Scalars.h"
#include "Text.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace gpupar {

bool isArithmetic(QualType T) {
  T = T.getCanonicalType();
  return T->isArithmeticType() && !T->isEnumeralType() && !T->isAnyComplexType();
}

QualType innermost(QualType T) {
  T = T.getCanonicalType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType().getCanonicalType();
  else if (!T->isArrayType())
    return QualType();
  while (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    T = AT->getElementType().getCanonicalType();
  return T;
}

bool isArrayVariable(const VarDecl *VD) {
  QualType E = innermost(VD->getType());
  return !E.isNull() && (isArithmetic(E) || E->isRecordType());
}

static QualType elementType(const VarDecl *VD) { return innermost(VD->getType()); }

QualType rowElement(QualType T) {
  T = T.getCanonicalType();
  QualType RowT;
  if (const auto *PT = T->getAs<PointerType>())
    RowT = PT->getPointeeType();
  else if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr())) // `double *u[2]`
    RowT = AT->getElementType();
  const auto *Row = RowT.isNull() ? nullptr : RowT->getAs<PointerType>();
  return Row ? Row->getPointeeType() : QualType();
}

std::optional<Reason> recordProblem(QualType T) {
  T = T.getCanonicalType();
  while (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    T = AT->getElementType().getCanonicalType();
  const auto *RT = T->getAs<RecordType>();
  if (!RT)
    return std::nullopt;
  const RecordDecl *RD = RT->getDecl()->getDefinition();
  if (!RD)
    return Reason{Diag::type_incomplete_struct, {T.getAsString()}};
  if (RD->isUnion())
    return Reason{Diag::type_union, {T.getAsString()}};
  for (const FieldDecl *FD : RD->fields()) {
    QualType FT = FD->getType().getCanonicalType();
    if (FT->isPointerType())
      return Reason{Diag::type_pointer_member, {FD->getNameAsString()}};
    if (FD->isBitField())
      return Reason{Diag::type_bit_field, {FD->getNameAsString()}};
    if (FT->isVariablyModifiedType() || FT->isIncompleteArrayType())
      return Reason{Diag::type_flexible_array_member, {FD->getNameAsString()}};
    if (std::optional<Reason> Inner = recordProblem(FT))
      return Inner;
  }
  return std::nullopt;
}

/// Returns why type `T` cannot appear in an offloaded loop, or nothing when it can.
static std::optional<Reason> typeProblem(QualType T) {
  T = T.getCanonicalType();
  if (T->isAnyComplexType())
    return Reason{Diag::type_complex};
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::LongDouble:
      return Reason{Diag::type_long_double};
    case BuiltinType::Int128:
    case BuiltinType::UInt128:
      return Reason{Diag::type_int128};
    default:
      break;
    }
  }
  if (T->isBitIntType())
    return Reason{Diag::type_bit_int};
  if (T->isVectorType() || T->isExtVectorType())
    return Reason{Diag::type_vector};
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    return typeProblem(AT->getElementType());
  if (const auto *PT = T->getAs<PointerType>())
    return typeProblem(PT->getPointeeType());
  return std::nullopt;
}

bool triangularGuards(const InnerLoop &L, unsigned Outer, const std::vector<Guard> &Guards,
                      std::optional<Poly> &Lo, std::optional<Poly> &Hi) {
  Lo.reset();
  Hi.reset();
  for (const Guard &G : Guards) {
    if (G.Atom != L.Atom)
      continue;
    if ((G.Lo && Lo) || (G.Hi && Hi))
      return false;
    if (G.Lo)
      Lo = G.Lo;
    if (G.Hi)
      Hi = G.Hi;
  }
  int64_t CL = 0, CH = 0;
  return (!Lo && !Hi) ||
         (L.TriLo.coefficient(Outer).isConstant(&CL) &&
          L.TriHi.coefficient(Outer).isConstant(&CH) && CL >= -1 && CL <= 1 && CH >= -1 && CH <= 1);
}

namespace body {

bool BodyWalker::isInvariant(const Expr *E) {
  if (!E->getType()->isIntegerType() || E->HasSideEffects(Ctx))
    return false;
  struct Check {
    BodyWalker &W;
    std::vector<const Expr *> Elements; ///< recorded only when all of E is invariant
    bool ok(const Stmt *S) {
      if (!S)
        return true;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        if (isa<EnumConstantDecl>(DRE->getDecl()))
          return true;
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        return VD && W.isOuter(VD) && !W.Pre.Written.count(VD) &&
               !VD->getType().isVolatileQualified() && VD->getType()->isIntegerType() &&
               !isArrayVariable(VD);
      }
      if (const auto *ME = dyn_cast<MemberExpr>(S)) {
        if (!W.hoistable(ME, /*InIndex=*/true))
          return false;
        W.hoist(ME);
        return true;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
        if (W.invariantElement(ASE)) {
          Elements.push_back(ASE);
          return true;
        }
        if (!W.hoistableElement(ASE))
          return false;
        W.hoist(ASE);
        return true;
      }
      if (isa<CallExpr, StmtExpr, GenericSelectionExpr>(S))
        return false;
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf)
          return false;
      for (const Stmt *C : S->children())
        if (!ok(C))
          return false;
      return true;
    }
  };
  Check C{*this, {}};
  if (!C.ok(E))
    return false;
  Info.InvariantElements.insert(Info.InvariantElements.end(), C.Elements.begin(), C.Elements.end());
  return true;
}

bool BodyWalker::invariantElement(const ArraySubscriptExpr *ASE) {
  // `dims[1]` of a fixed-size array of integers (NPB's `grid_points[1]`, FT's `dims[2][0]`): the
  // host reads it at the call, inside the array whatever the loop does; analyzeBody checks that
  // no write of the body may store into it (InvariantElements).
  if (!ASE->getType()->isIntegerType() || !Frames.empty())
    return false;
  std::vector<const Expr *> Indices; // innermost first
  const Expr *Cur = ASE;
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(Cur)) {
    Indices.push_back(A->getIdx());
    Cur = A->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Cur);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  std::optional<std::vector<uint64_t>> Dims =
      VD && !isa<ParmVarDecl>(VD) ? constantDims(Ctx, VD->getType()) : std::nullopt;
  if (!Dims || Dims->size() != Indices.size() || !isOuter(VD) ||
      VD->getType().isVolatileQualified())
    return false;
  for (size_t K = 0; K < Indices.size(); ++K) {
    Expr::EvalResult R;
    uint64_t Size = (*Dims)[Dims->size() - 1 - K];
    if (!Indices[K]->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative() ||
        R.Val.getInt().getZExtValue() >= Size)
      return false;
  }
  // Every mention of the array in the loop is an element read: no write, no pointer to it.
  auto Known = ReadOnlyArrays.find(VD);
  if (Known != ReadOnlyArrays.end())
    return Known->second;
  ArrayMentions M = countArrayMentions(Ctx, F.For, VD, SourceLocation(), Dims->size());
  return ReadOnlyArrays[VD] = !M.ElementWritten && M.Refs == M.Elements;
}

bool BodyWalker::checkName(const NamedDecl *D, SourceRange R) {
  if (!D->getIdentifier())
    return true;
  StringRef Name = D->getName();
  if (isCxxKeyword(Name))
    return fail(R, Diag::identifier_cxx_keyword, {Name.str()});
  if (Name.starts_with("gpupar_") || Name.starts_with("GPUPAR_"))
    return fail(R, Diag::identifier_reserved_prefix, {Name.str()});
  return true;
}

bool BodyWalker::pointerTarget(const VarDecl *VD, const Expr *Init, SourceRange R) {
  if (const auto *CE = dyn_cast<CallExpr>(Init->IgnoreParenCasts()))
    return walkCall(CE) && fail(R, Diag::pointer_variable_from_call, {quoted(VD)});
  Place P;
  P.Substituted = 1; // where a pointer variable points: a row of a rows array is one
  if (!locatePointer(Init, P))
    return false;
  if (P.K != Place::Array)
    return fail(R, Diag::pointer_variable_not_into_array, {quoted(VD)});
  if (P.RowLevel == 2) // a copy of the rows array itself (`float **p = a`), not one of its rows
    return fail(R, Diag::pointer_to_pointer, {quoted(P.Base)});
  // Each access through it is located from `Init` again: the variables that holds must keep
  // their values wherever the pointer is in use.
  if (const VarDecl *Moving = changedAfter(Init))
    return fail(R, Diag::pointer_variable_moving_init, {quoted(VD), quoted(Moving)});
  return true;
}

const VarDecl *BodyWalker::changedAfter(const Expr *Init) {
  struct Find : RecursiveASTVisitor<Find> {
    BodyWalker &W;
    const VarDecl *Found = nullptr;
    explicit Find(BodyWalker &W) : W(W) {}
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V || W.isLoopVar(V) || !W.preOf(V).Written.count(V) || W.AssignedOnce.count(V))
        return true;
      // An inner loop's variable, inside that loop: the pointer's scope ends with the loop's body.
      for (unsigned I : W.Active)
        if (W.Info.Inner[I].Form.Var == V)
          return true;
      Found = V;
      return false;
    }
  };
  Find F(*this);
  F.TraverseStmt(const_cast<Expr *>(Init));
  return F.Found;
}

bool BodyWalker::checkLocal(const VarDecl *VD) {
  SourceRange R = VD->getLocation();
  if (!checkName(VD, R))
    return false;
  if (VD->isStaticLocal() || VD->hasExternalStorage())
    return fail(R, Diag::static_local, {quoted(VD)});
  QualType T = VD->getType().getCanonicalType();
  if (T.isVolatileQualified())
    return fail(R, Diag::volatile_variable, {quoted(VD)});
  if (T->isVariablyModifiedType())
    return fail(R, Diag::variable_length_array, {quoted(VD)});
  if (std::optional<Reason> Why = typeProblem(T))
    return fail(R, *Why);
  if (T->isEnumeralType() && Frames.empty())
    return fail(R, Diag::local_enum_type, {quoted(VD)});
  if (T->isPointerType()) {
    // `T *row = a + i*n;`: accesses through it are accesses to `a`. Assigned once later
    // instead (`T *row; row = a + i*n;`): checked at the assignment (walkBinary).
    if (preOf(VD).Written.count(VD))
      return AssignedOnce.count(VD) || fail(R, Diag::pointer_variable_reassigned, {quoted(VD)});
    if (!VD->getInit())
      return fail(R, Diag::pointer_variable_reassigned, {quoted(VD)});
    return pointerTarget(VD, VD->getInit(), R);
  }
  if (std::optional<Reason> RP = recordProblem(T))
    return fail(R, *RP);
  if (T->isRecordType() || (T->isArrayType() && innermost(T)->isRecordType())) {
    addType(T);
  } else if (isa<ConstantArrayType>(T.getTypePtr())) {
    if (!isArithmetic(innermost(T)))
      return fail(R, Diag::local_array_element_type, {quoted(VD)});
  } else if (!isArithmetic(T)) {
    return fail(R, Diag::local_type, {quoted(VD), VD->getType().getAsString()});
  }
  if (const Expr *Init = VD->getInit()) {
    if (const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts())) {
      const InitListExpr *Syn =
          ILE->isSemanticForm() && ILE->getSyntacticForm() ? ILE->getSyntacticForm() : ILE;
      if (!Frames.empty()) // a called function's locals are printed with casts per field
        return walk(ILE->isSemanticForm() ? ILE : ILE->getSemanticForm());
      for (const Expr *E : Syn->inits())
        if (isa<InitListExpr, DesignatedInitExpr>(E->IgnoreParenImpCasts()))
          return fail(E->getSourceRange(), Diag::nested_initializers);
      return walk(Syn);
    }
    return walk(Init);
  }
  return true;
}

bool BodyWalker::walkChildren(const Stmt *S) {
  for (const Stmt *C : S->children())
    if (!walk(C))
      return false;
  return true;
}

/// Returns the comparison `Op` negated (`<` gives `>=`).
static BinaryOperatorKind negated(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GE;
  case BO_LE:
    return BO_GT;
  case BO_GT:
    return BO_LE;
  case BO_GE:
    return BO_LT;
  case BO_EQ:
    return BO_NE;
  default:
    return BO_EQ;
  }
}

/// Calls `F(E, Negate)` for each condition that `C` (negated when `Negate`) asserts: a && b
/// holds: both hold; !(a || b) holds: neither holds (through `!`). Other combinations assert
/// nothing of their parts, and are passed whole.
template <class Fn> static void forEachConjunct(const Expr *C, bool Negate, Fn &&F) {
  C = C->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(C); UO && UO->getOpcode() == UO_LNot)
    return forEachConjunct(UO->getSubExpr(), !Negate, F);
  if (const auto *BO = dyn_cast<BinaryOperator>(C);
      BO && ((BO->getOpcode() == BO_LAnd && !Negate) || (BO->getOpcode() == BO_LOr && Negate))) {
    forEachConjunct(BO->getLHS(), Negate, F);
    forEachConjunct(BO->getRHS(), Negate, F);
    return;
  }
  F(C, Negate);
}

void BodyWalker::condGuards(const Expr *C, bool Negate, std::vector<Guard> &Out,
                            std::vector<Exclusion> *Excluded) {
  // Only conditions of the loop body itself: a called function's loop variables have fresh
  // atoms per call, and its conditions name its parameters.
  if (Frames.empty())
    forEachConjunct(C, Negate, [&](const Expr *E, bool N) { condGuard(E, N, Out, Excluded); });
}

bool BodyWalker::outerOnly(const Expr *C, bool Negate) {
  if (!Frames.empty())
    return false;
  bool Clear = true;
  forEachConjunct(C, Negate, [&](const Expr *E, bool N) {
    std::vector<Guard> G;
    std::vector<Exclusion> X;
    condGuard(E, N, G, &X);
    Clear =
        Clear && !(G.empty() && X.empty()) &&
        std::all_of(G.begin(), G.end(), [&](const Guard &B) { return B.Atom == Info.OuterAtom; }) &&
        std::all_of(X.begin(), X.end(),
                    [&](const Exclusion &B) { return B.Atom == Info.OuterAtom; });
  });
  return Clear;
}

void BodyWalker::condGuard(const Expr *C, bool Negate, std::vector<Guard> &Out,
                           std::vector<Exclusion> *Excluded) {
  const auto *BO = dyn_cast<BinaryOperator>(C);
  if (!BO || !BO->isComparisonOp())
    return;
  BinaryOperatorKind Op = BO->getOpcode();
  if (Negate)
    Op = negated(Op);
  // Exact integer comparisons only: both operands signed integers (an unsigned comparison
  // wraps, `i - 1 >= 0` is always true for unsigned i).
  for (const Expr *X : {BO->getLHS(), BO->getRHS()})
    if (!X->getType()->isSignedIntegerType())
      return;
  std::optional<Poly> L = buildIndex(BO->getLHS()), R = buildIndex(BO->getRHS());
  if (!L || !R || !L->addScaled(*R, -1))
    return;
  // L - R OP 0 with exactly one loop variable v, coefficient +-1: v OP' -(rest).
  std::vector<unsigned> Vars = L->loopVars(Info.Atoms);
  int64_t K = 0;
  if (Vars.size() != 1 || !L->coefficient(Vars[0]).isConstant(&K) || (K != 1 && K != -1))
    return;
  Poly Rest = L->invariantPart(Info.Atoms), Bound;
  if (!Bound.addScaled(Rest, -K)) // v = -K * rest when K is +-1
    return;
  if (K == -1) // -v + rest OP 0  <=>  v OP' rest with the comparison reversed
    Op = Op == BO_LT ? BO_GT : Op == BO_LE ? BO_GE : Op == BO_GT ? BO_LT : Op == BO_GE ? BO_LE : Op;
  Guard G;
  G.Atom = Vars[0];
  Poly One = Poly::constant(1);
  switch (Op) {
  case BO_LT: // v < b: v <= b - 1
    G.Hi = Bound;
    if (!G.Hi->addScaled(One, -1))
      return;
    break;
  case BO_LE:
    G.Hi = Bound;
    break;
  case BO_GT:
    G.Lo = Bound;
    if (!G.Lo->addScaled(One, 1))
      return;
    break;
  case BO_GE:
    G.Lo = Bound;
    break;
  case BO_EQ:
    G.Lo = G.Hi = Bound;
    break;
  case BO_NE: { // v != b at an end of v's range (`x == n - 1 ? c : c + 1`): one step in
    if (Excluded)
      Excluded->push_back({G.Atom, Bound});
    std::optional<std::pair<Poly, Poly>> R = varRange(G.Atom);
    if (R && R->first == Bound && Bound.addScaled(One, 1))
      G.Lo = Bound;
    else if (R && R->second == Bound && Bound.addScaled(One, -1))
      G.Hi = Bound;
    else
      return;
    break;
  }
  default:
    return;
  }
  Out.push_back(std::move(G));
}

void BodyWalker::condCongruences(const Expr *C, bool Negate, std::vector<Congruence> &Out) {
  if (Frames.empty()) // as condGuards: the loop body's own conditions only
    forEachConjunct(C, Negate, [&](const Expr *E, bool N) { condCongruence(E, N, Out); });
}

void BodyWalker::condCongruence(const Expr *C, bool Negate, std::vector<Congruence> &Out) {
  const auto *BO = dyn_cast<BinaryOperator>(C);
  if (!BO)
    return;
  BinaryOperatorKind Op = BO->getOpcode();
  auto Constant = [&](const Expr *E, int64_t &V) {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return false;
    V = R.Val.getInt().getExtValue();
    return true;
  };
  // `e % m` or `e & (m - 1)` with m > 1 (a power of two for `&`): the residue of e modulo m is
  // `e % m` (C's remainder differs from it by a multiple of m) or `e & (m - 1)` (two's
  // complement). Sets `Sum` to e and `M`; `ByMask` for `&`.
  Poly Sum;
  int64_t M = 0;
  bool ByMask = false;
  auto Residue = [&](const Expr *E) {
    const auto *R = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    int64_t K;
    if (!R || !(R->getOpcode() == BO_Rem || R->getOpcode() == BO_And) ||
        !R->getLHS()->getType()->isSignedIntegerType() || !Constant(R->getRHS(), K) || K < 1 ||
        K > (1 << 20))
      return false;
    ByMask = R->getOpcode() == BO_And;
    if (ByMask && (K & (K + 1)) != 0) // not 2^k - 1
      return false;
    M = ByMask ? K + 1 : K;
    std::optional<Poly> P = buildIndex(R->getLHS());
    if (M < 2 || !P || P->loopVars(Info.Atoms).empty())
      return false;
    Sum = *P;
    return true;
  };
  // Sum - Rem is a multiple of M.
  auto Add = [&](const Poly &Rem) {
    if (Sum.addScaled(Rem, -1))
      Out.push_back({Sum, M});
  };
  if (Op == BO_EQ || Op == BO_NE) {
    bool Equal = (Op == BO_EQ) != Negate;
    const Expr *X = BO->getLHS(), *Y = BO->getRHS();
    if (!Residue(X)) {
      std::swap(X, Y);
      if (!Residue(X))
        return;
    }
    int64_t K = 0;
    bool Known = Constant(Y, K);
    std::optional<Poly> Rem = buildIndex(Y);
    if (!Y->getType()->isIntegerType() || !Rem || !Rem->loopVars(Info.Atoms).empty())
      return;
    if (Equal && (!Known || (ByMask ? K >= 0 && K < M : K > -M && K < M)))
      Add(*Rem); // `e % m == r`: e - r is a multiple of m (e % m is r exactly)
    else if (!Equal && Known && M == 2 && K == 0)
      Add(Poly::constant(1)); // `e % 2 != 0`, `(e & 1) != 0`: e is odd
    else if (!Equal && Known && M == 2 && ByMask && K == 1)
      Add(Poly()); // `(e & 1) != 1`: e is even
    return;
  }
  if (Op == BO_Rem || Op == BO_And) { // `if (e & 1)`, `if (e % 2)`: nonzero
    if (!Residue(BO) || M != 2)
      return;
    Add(Poly::constant(Negate ? 0 : 1));
  }
}

void BodyWalker::addFacts(const Expr *C, bool Negate, const std::vector<Exclusion> &X) {
  condCongruences(C, Negate, Congruent);
  Excluded.insert(Excluded.end(), X.begin(), X.end());
}

void BodyWalker::dropFacts(std::pair<size_t, size_t> Mark) {
  Congruent.resize(Mark.first);
  Excluded.resize(Mark.second);
}

bool BodyWalker::walkGuarded(const Stmt *S, const std::vector<Guard> &More, Mode M) {
  size_t Before = Guards.size();
  Guards.insert(Guards.end(), More.begin(), More.end());
  bool Ok = walk(S, M);
  Guards.resize(Before, Guard());
  return Ok;
}

/// Returns whether `S` only jumps out of the rest of its block: `continue;`, `break;` or a
/// block holding just one of them.
static bool onlyJumps(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return CS->size() == 1 && onlyJumps(CS->body_front());
  return S && isa<ContinueStmt, BreakStmt>(S);
}

bool BodyWalker::walkCompound(const CompoundStmt *CS) {
  // After `if (c) continue;` the rest of the block runs only where c does not hold.
  size_t Before = Guards.size();
  std::pair<size_t, size_t> Mark = factsMark();
  bool Ok = true;
  for (const Stmt *C : CS->body()) {
    if (!(Ok = walk(C)))
      break;
    if (const auto *IS = dyn_cast<IfStmt>(C))
      if (!IS->getElse() && !IS->getInit() && !IS->getConditionVariable() &&
          onlyJumps(IS->getThen())) {
        condGuards(IS->getCond(), true, Guards, &Excluded);
        condCongruences(IS->getCond(), true, Congruent);
      }
  }
  Guards.resize(Before, Guard());
  dropFacts(Mark);
  return Ok;
}

bool BodyWalker::walkFor(const ForStmt *FS) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
    const auto *First = dyn_cast<VarDecl>(*DS->decl_begin());
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (First && VD && VD->getType().getCanonicalType() != First->getType().getCanonicalType())
        return fail(VD->getLocation(), Diag::for_init_types);
    }
  }
  LoopForm Inner;
  Problem Ignored;
  bool Matched = matchLoopForm(Ctx, FS, Inner, Ignored, /*Conjunction=*/true);
  // `j < a && j < b`: one bound is the loop's, the others guard its body.
  std::vector<Guard> BoundGuards;
  if (Matched && !Inner.MoreHi.empty())
    Matched = splitBounds(Inner, BoundGuards);
  bool Canonical =
      Matched && Inner.Op != Cond::NE &&
      ((Inner.Step > 0) == (Inner.Op == Cond::LT || Inner.Op == Cond::LE)) &&
      (preOf(Inner.Var).Locals.count(Inner.Var) || isLoopVar(Inner.Var) ||
       (Info.written(Inner.Var) && Info.written(Inner.Var)->Role != ScalarRole::Reduction));
  // In a called function, the bounds with parameters replaced by the call's arguments.
  std::optional<Poly> BoundLo, BoundHi;
  if (Canonical && !Frames.empty()) {
    BoundLo = invariantBound(Inner.Lo);
    BoundHi = invariantBound(Inner.Hi);
    Canonical = BoundLo && BoundHi;
  } else if (Canonical) {
    Canonical = isInvariant(Inner.Lo) && isInvariant(Inner.Hi);
    if (!Canonical) {
      // Bounds held in scalars the body sets before the loop (`iend1 = nx - 4;`, NPB LU): the
      // values substituted, when those are invariant; the loop then has bounds of its own.
      std::optional<Poly> Lo = invariantBound(Inner.Lo), Hi = invariantBound(Inner.Hi);
      if (Lo && Hi) {
        BoundLo = Lo;
        BoundHi = Hi;
        Canonical = true;
      }
    }
  }
  // Loops whose bounds move with another loop's variable: outside collapse and called
  // functions, counting towards their bound, over a variable of the body.
  bool Moving =
      !Canonical && Frames.empty() && Info.Collapse.size() <= 1 && Matched &&
      Inner.Op != Cond::NE &&
      ((Inner.Step > 0) == (Inner.Op == Cond::LT || Inner.Op == Cond::LE)) &&
      (preOf(Inner.Var).Locals.count(Inner.Var) ||
       (Info.written(Inner.Var) && Info.written(Inner.Var)->Role != ScalarRole::Reduction));
  // A triangular loop: bounds affine in the offloaded loop's variable (constant coefficient),
  // unit step, signed comparison.
  std::optional<Poly> TriLo, TriHi;
  if (Moving && (Inner.Step == 1 || Inner.Step == -1) && Inner.CmpType->isSignedIntegerType())
    Canonical = triangularRange(Inner, TriLo, TriHi);
  // A hull loop: its bounds move with an enclosing inner loop; not under a condition (other
  // loops' further bounds only narrow those loops).
  std::optional<Poly> HullLo, HullHi;
  if (Moving && !Canonical && CondDepth == 0 &&
      std::all_of(Guards.begin(), Guards.end(), [](const Guard &G) { return G.OfLoop; }))
    Canonical = hullBounds(Inner, HullLo, HullHi);
  if (Canonical) {
    WriteCollector InnerWrites;
    InnerWrites.TraverseStmt(const_cast<Stmt *>(FS->getBody()));
    Canonical = !InnerWrites.Written.count(Inner.Var);
  }
  // A collapsed loop's `j = lo` and `j++` (its variable declared before the nest) are the
  // loop's own control, checked by matchLoopForm: only its bounds are read.
  bool Collapsed = false;
  for (size_t K = 1; K < Info.Collapse.size(); ++K)
    Collapsed |= Info.Collapse[K].For == FS;
  if (Collapsed) {
    bool Decl = isa_and_nonnull<DeclStmt>(FS->getInit());
    if (!walk(Decl ? FS->getInit() : Inner.Lo) || !walk(Inner.Hi))
      return false;
  } else if (!walk(FS->getInit()) || !walk(FS->getCond())) {
    return false;
  } else {
    // The step runs only after an iteration, so nothing it reads is read before the loop.
    ++CondDepth;
    bool Ok = walk(FS->getInc());
    --CondDepth;
    if (!Ok)
      return false;
  }
  // A collapsed loop's iterations run as separate threads: a `break` there cannot stop them.
  if (!Collapsed)
    ++BreakDepth;
  if (Canonical) {
    InnerLoop L;
    L.Form = Inner;
    if (TriLo) {
      L.Tri = true;
      L.TriLo = *TriLo;
      L.TriHi = *TriHi;
    }
    if (HullLo) {
      L.Hull = L.Bounds = true;
      L.LoBound = *HullLo;
      L.HiBound = *HullHi;
    }
    L.Guarded = !BoundGuards.empty();
    // A variable that an earlier loop of the body already ran (`for (j...) ...; for (j...)`)
    // gets an atom of its own too: each loop's accesses then take that loop's bounds.
    unsigned Shared = Info.Atoms.loopVar(Inner.Var);
    bool Reused = std::any_of(Info.Inner.begin(), Info.Inner.end(),
                              [&](const InnerLoop &IL) { return IL.Atom == Shared; });
    if (Frames.empty() && !BoundLo)
      L.Atom = Reused ? Info.Atoms.freshLoopVar(Inner.Var) : Shared;
    else {
      // Each call walked gets its own variable: two calls' loops may have different bounds.
      L.Atom = Info.Atoms.freshLoopVar(Inner.Var);
      L.Bounds = true;
      L.LoBound = *BoundLo;
      L.HiBound = *BoundHi;
    }
    Info.Inner.push_back(L);
    Active.push_back(Info.Inner.size() - 1);
    for (Guard &G : BoundGuards)
      G.Atom = L.Atom;
    Info.Inner.back().Cuts = BoundGuards;
  } else {
    ++CondDepth;
    BoundGuards.clear();
  }
  size_t Before = Guards.size();
  Guards.insert(Guards.end(), BoundGuards.begin(), BoundGuards.end());
  bool Ok = walk(FS->getBody());
  Guards.resize(Before, Guard());
  if (Canonical)
    Active.pop_back();
  else
    --CondDepth;
  if (!Collapsed)
    --BreakDepth;
  return Ok;
}

bool BodyWalker::splitBounds(LoopForm &L, std::vector<Guard> &Out) {
  // The loop body's own loops only (as condGuards), over a signed variable (exact guards).
  if (!Frames.empty() || !L.CmpType->isSignedIntegerType())
    return false;
  std::vector<std::pair<Cond, const Expr *>> All = {{L.Op, L.Hi}};
  All.insert(All.end(), L.MoreHi.begin(), L.MoreHi.end());
  // The bound that may move with another loop's variable is the loop's; at most one may.
  size_t Own = 0, Moving = 0;
  for (size_t K = 0; K < All.size(); ++K)
    if (!isInvariant(All[K].second))
      Own = K, ++Moving;
  if (Moving > 1)
    return false;
  for (size_t K = 0; K < All.size(); ++K) {
    if (K == Own)
      continue;
    std::optional<Poly> B = buildIndex(All[K].second);
    if (!B || !B->loopVars(Info.Atoms).empty())
      return false;
    Guard G; // the atom is set once the loop has one
    G.OfLoop = true;
    Cond Op = All[K].first;
    int64_t Strict = Op == Cond::LT ? -1 : Op == Cond::GT ? 1 : 0;
    if (!B->addScaled(Poly::constant(Strict), 1))
      return false;
    (Op == Cond::LT || Op == Cond::LE ? G.Hi : G.Lo) = *B;
    Out.push_back(std::move(G));
  }
  L.Op = All[Own].first;
  L.Hi = All[Own].second;
  L.MoreHi.clear();
  return true;
}

std::optional<std::pair<Poly, Poly>> BodyWalker::boundPolys(const LoopForm &L) {
  for (const Expr *E : {L.Lo, L.Hi})
    if (!E->getType()->isIntegerType() || E->HasSideEffects(Ctx))
      return std::nullopt;
  std::optional<Poly> A = buildIndex(L.Lo), B = buildIndex(L.Hi);
  if (!A || !B)
    return std::nullopt;
  return std::make_pair(*A, *B);
}

bool BodyWalker::triangularRange(const LoopForm &L, std::optional<Poly> &Lo,
                                 std::optional<Poly> &Hi) {
  std::optional<std::pair<Poly, Poly>> Bounds = boundPolys(L);
  if (!Bounds)
    return false;
  std::optional<Poly> A = Bounds->first, B = Bounds->second;
  unsigned Outer = Info.Atoms.loopVar(F.Var);
  int64_t CA = 0, CB = 0;
  for (const Poly *P : {&*A, &*B})
    for (unsigned V : P->loopVars(Info.Atoms))
      if (V != Outer)
        return false;
  if (!A->coefficient(Outer).isConstant(&CA) || !B->coefficient(Outer).isConstant(&CB) ||
      (CA == 0 && CB == 0))
    return false;
  // The inclusive range: `j < hi` is [lo, hi - 1], `j > hi` (downwards) is [hi + 1, lo].
  switch (L.Op) {
  case Cond::LT:
    if (!B->addScaled(Poly::constant(-1), 1))
      return false;
    Lo = A, Hi = B;
    break;
  case Cond::LE:
    Lo = A, Hi = B;
    break;
  case Cond::GT:
    if (!B->addScaled(Poly::constant(1), 1))
      return false;
    Lo = B, Hi = A;
    break;
  default:
    Lo = B, Hi = A;
    break;
  }
  // The planner's guard that the loop runs (Lo <= Hi) must bound the outer variable alone.
  int64_t D = Lo->coefficient(Outer).isConstant(&CA) && Hi->coefficient(Outer).isConstant(&CB)
                  ? CA - CB
                  : 2;
  return D >= -1 && D <= 1;
}

bool BodyWalker::hullBounds(const LoopForm &L, std::optional<Poly> &Lo, std::optional<Poly> &Hi) {
  std::optional<std::pair<Poly, Poly>> Bounds = boundPolys(L);
  if (!Bounds)
    return false;
  std::optional<Poly> A = Bounds->first, B = Bounds->second;
  // One bound moves with one variable (the ranges are nested), or both move with it at one
  // rate (strips: `t = v; t < v + 32`).
  std::vector<unsigned> Vars = A->loopVars(Info.Atoms), VB = B->loopVars(Info.Atoms);
  Vars.insert(Vars.end(), VB.begin(), VB.end());
  if (Vars.empty() || Vars.size() > 2 || Vars.front() != Vars.back())
    return false;
  unsigned V = Vars[0];
  bool Up = L.Op == Cond::LT || L.Op == Cond::LE;
  int64_t CA = 0, CB = 0, Width = 0;
  Poly D = *B;
  if (Vars.size() == 2) {
    // Every strip runs, so the union's ends are touched: `t < v + 32` has width 32.
    bool Strict = L.Op == Cond::LT || L.Op == Cond::GT;
    if (!A->coefficient(V).isConstant(&CA) || !B->coefficient(V).isConstant(&CB) || CA != CB ||
        !D.addScaled(*A, -1) || !D.isConstant(&Width) || (Up ? Width : -Width) < (Strict ? 1 : 0))
      return false;
  }
  bool Enclosing = false;
  for (unsigned I : Active)
    Enclosing |= Info.Inner[I].Atom == V && !Info.Inner[I].Tri && !Info.Inner[I].Hull;
  std::optional<std::pair<Poly, Poly>> R = Enclosing ? varRange(V) : std::nullopt;
  if (!R)
    return false;
  // The start's least value going up (greatest going down), the end's greatest (least).
  for (auto [P, Least] : {std::make_pair(&*A, Up), std::make_pair(&*B, !Up)}) {
    int64_t C = 0;
    if (P->loopVars(Info.Atoms).empty())
      continue;
    Poly Far = P->invariantPart(Info.Atoms);
    if (!P->coefficient(V).isConstant(&C) ||
        !Far.addScaled((C >= 0) == Least ? R->first : R->second, C))
      return false;
    *P = Far;
  }
  Lo = A, Hi = B;
  return true;
}

bool BodyWalker::walkDeclRef(const DeclRefExpr *DRE, Mode M) {
  const ValueDecl *D = DRE->getDecl();
  if (isa<EnumConstantDecl>(D))
    return true;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return fail(DRE->getSourceRange(), Diag::function_use, {quoted(FD)});
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return fail(DRE->getSourceRange(), Diag::declaration_use, {quoted(D)});
  if (!checkName(VD, DRE->getSourceRange()))
    return false;
  if (VD->getType().isVolatileQualified())
    return fail(DRE->getSourceRange(), Diag::volatile_variable, {quoted(VD)});
  if (isLoopVar(VD)) { // the offloaded loop's or a collapsed loop's variable
    if (M != Mode::Read)
      return fail(DRE->getSourceRange(), Diag::loop_variable_modified, {quoted(VD)});
    return true;
  }
  if (isBoundPointer(VD))
    return M != Mode::Read
               ? fail(DRE->getSourceRange(), Diag::pointer_parameter_modified, {quoted(VD)})
               : fail(DRE->getSourceRange(), Diag::pointer_parameter_use,
                      {quoted(VD), VD->getNameAsString()});
  if (preOf(VD).Locals.count(VD))
    return true;
  if (isArrayVariable(VD))
    return fail(DRE->getSourceRange(), Diag::array_use, {quoted(VD), VD->getNameAsString()});
  QualType T = VD->getType().getCanonicalType();
  if (std::optional<Reason> Why = typeProblem(T))
    return fail(DRE->getSourceRange(), *Why);
  if (T->isArithmeticType() || T->isEnumeralType()) {
    if (M != Mode::Read) {
      for (const LoopForm &C : Info.Collapse)
        if (mentions(C.Lo, VD) || mentions(C.Hi, VD))
          return fail(DRE->getSourceRange(), Diag::bound_modified, {quoted(VD)});
      if (mentions(F.Lo, VD) || mentions(F.Hi, VD))
        return fail(DRE->getSourceRange(), Diag::bound_modified, {quoted(VD)});
    }
    if (Info.written(VD))
      return true; // private or reduction (Scalars.cpp)
    if (M != Mode::Read)
      return fail(DRE->getSourceRange(), Diag::scalar_write_needs_clause, {quoted(VD)});
    if (std::find(Info.Scalars.begin(), Info.Scalars.end(), VD) == Info.Scalars.end())
      Info.Scalars.push_back(VD);
    return true;
  }
  if (T->isRecordType()) {
    if (M != Mode::Read)
      return fail(DRE->getSourceRange(), Diag::struct_write, {quoted(VD)});
    if (std::optional<Reason> RP = recordProblem(T))
      return fail(DRE->getSourceRange(), *RP);
    addType(T);
    if (std::find(Info.Scalars.begin(), Info.Scalars.end(), VD) == Info.Scalars.end())
      Info.Scalars.push_back(VD);
    return true;
  }
  if (const auto *PT = T->getAs<PointerType>())
    if (PT->getPointeeType()->isPointerType())
      return fail(DRE->getSourceRange(), Diag::pointer_to_pointer, {quoted(VD)});
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    if (AT->getElementType()->isArrayType())
      return fail(DRE->getSourceRange(), Diag::multi_dimensional_array, {quoted(VD)});
  if (const auto *PT = T->getAs<PointerType>())
    if (PT->getPointeeType()->isArrayType())
      return fail(DRE->getSourceRange(), Diag::pointer_to_array, {quoted(VD)});
  return fail(DRE->getSourceRange(), Diag::variable_type,
              {quoted(VD), VD->getType().getAsString()});
}

std::optional<Poly> BodyWalker::unitsOf(QualType T) {
  T = T.getCanonicalType();
  if (const auto *CAT = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    std::optional<Poly> E = unitsOf(CAT->getElementType());
    uint64_t N = CAT->getSize().getLimitedValue();
    if (!E || N > (uint64_t)INT64_MAX || !E->multiply(Poly::constant((int64_t)N)))
      return std::nullopt;
    return E;
  }
  if (const auto *VAT = dyn_cast<VariableArrayType>(T.getTypePtr())) {
    std::optional<Poly> E = unitsOf(VAT->getElementType());
    const Expr *Size = VAT->getSizeExpr();
    if (!E || !Size || !isInvariant(Size))
      return std::nullopt;
    std::optional<Poly> N = buildIndex(Size);
    if (!N || !E->multiply(*N))
      return std::nullopt;
    return E;
  }
  if (T->isArrayType())
    return std::nullopt;
  return Poly::constant(1);
}

/// The variable that statement `S` assigns (`v = e;`), steps (`v += e;`, `v -= e;`) or
/// increments or decrements (`v++;`), or null.
static const VarDecl *steppedOrAssigned(const Stmt *S) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if ((Op == BO_Assign || Op == BO_AddAssign || Op == BO_SubAssign) &&
        isa<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
      return referencedVar(BO->getLHS());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp() && isa<DeclRefExpr>(UO->getSubExpr()->IgnoreParens()))
    return referencedVar(UO->getSubExpr());
  return nullptr;
}

void BodyWalker::findAssignedOnce() {
  struct Scan : RecursiveASTVisitor<Scan> {
    llvm::DenseMap<const VarDecl *, unsigned> Writes, StatementWrites;
    llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> Refs;
    /// Statement-level `v = e` and the block holding it.
    std::vector<std::pair<const BinaryOperator *, const CompoundStmt *>> Candidates;
    void note(const Expr *LHS) {
      if (const VarDecl *VD = referencedVar(LHS))
        ++Writes[VD];
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->isAssignmentOp())
        note(BO->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        note(UO->getSubExpr());
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Refs[VD].push_back(DRE);
      return true;
    }
    bool VisitCompoundStmt(CompoundStmt *CS) {
      for (const Stmt *C : CS->body())
        if (const auto *BO = dyn_cast<BinaryOperator>(C))
          if (BO->getOpcode() == BO_Assign && isa<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
            Candidates.push_back({BO, CS});
      for (const Stmt *C : CS->body())
        if (const VarDecl *VD = steppedOrAssigned(C))
          ++StatementWrites[VD];
      return true;
    }
    /// A loop's own start and step (`for (i = 3; ...; i++)`) count as statements: the loop
    /// writes `i` as a whole, which reachingAssignment sees (NPB BT's `i = 1; ... ue[i][m]` in
    /// a body that also loops over `i`).
    bool VisitForStmt(ForStmt *FS) {
      const auto *Init = dyn_cast_or_null<Expr>(FS->getInit());
      const VarDecl *VD = Init ? steppedOrAssigned(Init) : nullptr;
      if (VD && FS->getInc() && steppedOrAssigned(FS->getInc()) == VD)
        StatementWrites[VD] += 2;
      return true;
    }
  };
  struct Labels : RecursiveASTVisitor<Labels> {
    bool Found = false;
    bool VisitSwitchCase(SwitchCase *) { return !(Found = true); }
    bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
  };
  Scan Sc;
  Sc.TraverseStmt(const_cast<Stmt *>(F.For->getBody()));
  Labels BodyLabels;
  BodyLabels.TraverseStmt(const_cast<Stmt *>(F.For->getBody()));
  if (!BodyLabels.Found)
    for (const auto &[V, N] : Sc.StatementWrites)
      if (N == Sc.Writes.lookup(V) && !isLoopVar(V) && V->getType()->isIntegerType() &&
          !V->getType().isVolatileQualified())
        AssignedByStatements.insert(V);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const auto &[BO, CS] : Sc.Candidates) {
    const VarDecl *V = referencedVar(BO->getLHS());
    if (!V || isLoopVar(V) || Sc.Writes.lookup(V) != 1 ||
        !(V->getType()->isIntegerType() || V->getType()->isPointerType()) ||
        V->getType().isVolatileQualified())
      continue;
    // A jump into the block (a case label) could skip the assignment.
    Labels L;
    L.TraverseStmt(const_cast<CompoundStmt *>(CS));
    if (L.Found)
      continue;
    const Expr *Target = BO->getLHS()->IgnoreParens();
    bool After = true;
    for (const DeclRefExpr *R : Sc.Refs[V]) {
      if (R == Target)
        continue;
      SourceLocation At = SM.getExpansionLoc(R->getBeginLoc());
      After = After && SM.isBeforeInTranslationUnit(SM.getExpansionLoc(BO->getEndLoc()), At) &&
              SM.isBeforeInTranslationUnit(At, SM.getExpansionLoc(CS->getRBracLoc()));
    }
    if (After)
      AssignedOnce[V] = BO->getRHS();
  }
}

/// Returns whether `S` writes `V` (assigns, increments or takes its address).
static bool writesVar(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (referencedVar(BO->getLHS()) == V)
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
    if (referencedVar(UO->getSubExpr()) == V)
      return true;
  for (const Stmt *C : S->children())
    if (writesVar(C, V))
      return true;
  return false;
}

std::optional<Poly> BodyWalker::buildIndex(const Expr *E) {
  PolyBuilder Builder(
      Ctx, Info.Atoms,
      [this](const VarDecl *V) {
        if (isLoopVar(V))
          return true;
        for (unsigned I : Active)
          if (Info.Inner[I].Form.Var == V)
            return true;
        return false;
      },
      [this](const Expr *X) { return isInvariant(X); });
  // `int idx = i*n + j; a[idx]`: a body local initialised once and never reassigned. In a
  // called function, also an integer parameter never assigned: the call's argument.
  Builder.Subst = [this](const VarDecl *V, const DeclRefExpr *R) -> const Expr * {
    if (AssignedByStatements.count(V))
      return reachingAssignment(V, R);
    // In a body with labels: the one assignment, unless its value reads an inner loop's
    // variable (a loop between it and the read may run that variable on).
    if (const Expr *E = AssignedOnce.lookup(V); E && V->getType()->isIntegerType()) {
      for (const InnerLoop &L : Info.Inner)
        if (mentions(E, L.Form.Var))
          return nullptr;
      return E;
    }
    const WriteCollector &W = preOf(V);
    if (!W.Locals.count(V) || W.Written.count(V) || !V->getType()->isIntegerType() ||
        V->getType().isVolatileQualified())
      return nullptr;
    int K = frameOf(V);
    if (K >= 0 && isa<ParmVarDecl>(V))
      return Frames[K]->Args.lookup(V);
    return V->getInit();
  };
  // A loop variable of a called function: the atom of the loop being walked.
  Builder.AtomOf = [this](const VarDecl *V) {
    for (auto I = Active.rbegin(); I != Active.rend(); ++I)
      if (Info.Inner[*I].Form.Var == V)
        return Info.Inner[*I].Atom;
    return Info.Atoms.loopVar(V);
  };
  Builder.VarRange = [this](unsigned V) { return varRange(V); };
  Builder.Arm = [this](const ConditionalOperator *C) {
    if (int Side = Arms.lookup(C))
      return Side;
    if (!Replaying && std::find(SeenArms.begin(), SeenArms.end(), C) == SeenArms.end())
      SeenArms.push_back(C);
    return 0;
  };
  Builder.SymbolicQuotients = true;
  std::optional<Poly> P = Builder.build(E);
  if (P && (!P->isAffine(Info.Atoms) || Info.Atoms.hasSymbolic(*P)))
    return std::nullopt;
  return P;
}

std::optional<std::pair<Poly, Poly>> BodyWalker::varRange(unsigned V) {
  // `for (v = lo; v OP hi; ...)`: the inclusive range of v, bounds over invariant atoms.
  auto Of = [&](const LoopForm &L, std::optional<Poly> Lo,
                std::optional<Poly> Hi) -> std::optional<std::pair<Poly, Poly>> {
    if (!Lo || !Hi || !Lo->loopVars(Info.Atoms).empty() || !Hi->loopVars(Info.Atoms).empty())
      return std::nullopt;
    bool Up = L.Op == Cond::LT || L.Op == Cond::LE || (L.Op == Cond::NE && L.Step > 0);
    bool Strict = L.Op == Cond::LT || L.Op == Cond::GT || L.Op == Cond::NE;
    if (Strict && !Hi->addScaled(Poly::constant(Up ? -1 : 1), 1))
      return std::nullopt;
    return Up ? std::make_pair(*Lo, *Hi) : std::make_pair(*Hi, *Lo);
  };
  for (const LoopForm &C : Info.Collapse)
    if (Info.Atoms.loopVar(C.Var) == V)
      return Of(C, buildIndex(C.Lo), buildIndex(C.Hi));
  for (auto I = Active.rbegin(); I != Active.rend(); ++I) { // the loop around the access
    const InnerLoop &L = Info.Inner[*I];
    if (L.Atom == V && (L.Tri || L.Guarded))
      return std::nullopt; // its range moves with the loop, or is narrower than its Form's
    if (L.Atom == V)
      return L.Bounds ? Of(L.Form, L.LoBound, L.HiBound)
                      : Of(L.Form, buildIndex(L.Form.Lo), buildIndex(L.Form.Hi));
  }
  return std::nullopt;
}

bool BodyWalker::addIndex(Place &P, const Expr *Idx, std::optional<Poly> Units, QualType Elem,
                          int Sign) {
  ++IndexDepth;
  bool Walked = walk(Idx);
  --IndexDepth;
  if (!Walked)
    return false;
  if (P.Inside) { // an array member's element: the offset within the struct element moves
    std::optional<Poly> I = buildIndex(Idx);
    if (!I || Elem.isNull() || Elem->isIncompleteType() || !Elem->isConstantSizeType() ||
        !I->multiply(Poly::constant(Ctx.getTypeSizeInChars(Elem).getQuantity())) ||
        !P.Within.addScaled(*I, Sign))
      P.WithinAffine = false;
    return true;
  }
  if (P.K != Place::Array || !P.Affine)
    return true;
  std::optional<Poly> I = buildIndex(Idx);
  Poly &Target = P.RowLevel == 1 ? P.Column : P.Index; // in a row: the column moves
  if (!I || !Units || !I->multiply(*Units) || !Target.addScaled(*I, Sign))
    P.Affine = false;
  return true;
}

bool BodyWalker::locatePointer(const Expr *E, Place &P) {
  E = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    switch (ICE->getCastKind()) {
    case CK_ArrayToPointerDecay:
    case CK_NoOp:
    case CK_LValueToRValue:
      return locatePointer(ICE->getSubExpr(), P);
    default:
      break;
    }
  }
  if (isa<MemberExpr>(E)) {
    // `p->x[k]` where *p cannot go to a device: the member can, read once before the loop.
    bool Matched = false;
    if (const VarDecl *VD = memberArray(E, Matched))
      return locateArrayOrRows(VD, E->getSourceRange(), P);
    if (Matched)
      return false;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return fail(E->getSourceRange(), Diag::not_an_array, {text(E)});
    if (!checkName(VD, DRE->getSourceRange()))
      return false;
    if (isBoundPointer(VD)) { // a parameter: where the call's argument points
      const Place &B = Frames[frameOf(VD)]->Pointers.find(VD)->second;
      P.K = B.K;
      P.Base = B.Base;
      P.Index = B.Index;
      P.Affine = B.Affine;
      P.Rows = B.Rows;
      P.Column = B.Column;
      P.RowLevel = B.RowLevel;
      return true;
    }
    bool Local = preOf(VD).Locals.count(VD), Written = preOf(VD).Written.count(VD);
    if (Local && VD->getType()->isArrayType()) {
      P.K = Place::Local;
      return true;
    }
    // A pointer of the body, or one declared outside that the loop assigns (OpenMP's
    // `private(p)`): where its one initialisation or assignment points (pointerTarget).
    if (Local || (Written && VD->getType()->isPointerType())) {
      const Expr *Init = !VD->getType()->isPointerType() ? nullptr
                         : Written                       ? AssignedOnce.lookup(VD)
                                                         : VD->getInit();
      if (!Init || P.Substituted >= 8)
        return fail(E->getSourceRange(), Diag::pointer_variable_reassigned, {quoted(VD)});
      ++P.Substituted;
      P.PtrArith = true;
      return locatePointer(Init, P);
    }
    if (!isArrayVariable(VD) && rowElement(VD->getType()).isNull())
      return walkDeclRef(DRE, Mode::Read) &&
             fail(E->getSourceRange(), Diag::not_an_array, {text(E)});
    // A row kept in a pointer (`const float *r = w[i]; r[k]`) or dereferenced (`*(w[i] + k)`):
    // `w[i][k]`, the loop body's own subscript of the rows array (a called function's
    // parameters bind flat arrays).
    if ((P.Substituted > 0 || P.PtrArith) && Frames.empty() && !rowElement(VD->getType()).isNull())
      return locateRowsArray(VD, DRE->getSourceRange(), P);
    return locateArrayOrRows(VD, DRE->getSourceRange(), P);
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) { // a row: `a[i]` of `a[N][M]`
    if (!locatePointer(ASE->getBase(), P))
      return false;
    if (P.RowLevel == 2) { // `a[r]` of a pointer-to-pointer array: row r, from its start
      if (!addIndex(P, ASE->getIdx(), Poly::constant(1), QualType()))
        return false;
      P.RowLevel = 1;
      P.Column = Poly();
      return true;
    }
    // A pointer loaded from an array's element, not a row of it: where it points is not known
    // (`s->buf[1][i]` with `double *buf[2]` a member).
    if (ASE->getType()->isPointerType())
      return fail(E->getSourceRange(), Diag::pointer_expression, {text(E)});
    return addIndex(P, ASE->getIdx(), unitsOf(ASE->getType()), ASE->getType());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if ((BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
        BO->getType()->isPointerType()) {
      bool LeftPtr = BO->getLHS()->getType()->isPointerType();
      const Expr *Ptr = LeftPtr ? BO->getLHS() : BO->getRHS();
      const Expr *Off = LeftPtr ? BO->getRHS() : BO->getLHS();
      if (Off->getType()->isPointerType())
        return fail(E->getSourceRange(), Diag::pointer_difference, {text(E)});
      P.PtrArith = true;
      if (!locatePointer(Ptr, P))
        return false;
      if (P.RowLevel == 2) // the row pointers moved: not a pointer-to-pointer array any more
        return fail(E->getSourceRange(), Diag::pointer_to_pointer, {quoted(P.Base)});
      return addIndex(P, Off, unitsOf(BO->getType()->getPointeeType()),
                      BO->getType()->getPointeeType(), BO->getOpcode() == BO_Sub ? -1 : 1);
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf) {
      P.PtrArith = true;
      return locateElement(UO->getSubExpr(), P);
    }
  // An array member: `p[i].v` in `p[i].v[k]`. A pointer member loaded from an element points
  // elsewhere (`p[i].q->x`): not known where.
  if (isa<MemberExpr>(E) && E->getType()->isArrayType())
    return locateElement(E, P);
  if (const auto *CE = dyn_cast<CallExpr>(E)) // the function's own reason first
    return walkCall(CE) && fail(E->getSourceRange(), Diag::pointer_returned, {text(E)});
  return fail(E->getSourceRange(), Diag::pointer_expression, {text(E)});
}

bool BodyWalker::locateArrayOrRows(const VarDecl *VD, SourceRange R, Place &P) {
  // A pointer-to-pointer array itself, as an argument in the loop body (walkBoundCall binds
  // it to a `T **` parameter, or one of its rows to a `T *`); anywhere else as before.
  if (!rowElement(VD->getType()).isNull() && !Binding.empty() && Frames.empty())
    return locateRowsArray(VD, R, P);
  return locateArray(VD, R, P);
}

bool BodyWalker::locateRowsArray(const VarDecl *VD, SourceRange R, Place &P) {
  if (!checkName(VD, R))
    return false;
  QualType Elem = rowElement(VD->getType());
  if (!isArithmetic(Elem) || Elem.isVolatileQualified() ||
      VD->getType().getCanonicalType().isVolatileQualified())
    return fail(R, Diag::rows_element_type, {quoted(VD), Elem.getAsString()});
  P.K = Place::Array;
  P.Base = VD;
  P.Index = Poly();
  P.Rows = true;
  P.RowLevel = 2;
  return true;
}

bool BodyWalker::locateArray(const VarDecl *VD, SourceRange R, Place &P) {
  // One array however many times it is declared (`extern int perm[8];` before a function that
  // reads it, its definition after).
  VD = fileVariable(VD);
  QualType T = VD->getType().getCanonicalType();
  if (T.isVolatileQualified() || innermost(T).isVolatileQualified())
    return fail(R, Diag::volatile_array, {quoted(VD)});
  if (const auto *PT = T->getAs<PointerType>())
    if (PT->getPointeeType()->isPointerType())
      return fail(R, Diag::pointer_to_pointer, {quoted(VD)});
  std::optional<Reason> Why = typeProblem(elementType(VD));
  if (!Why)
    Why = recordProblem(elementType(VD));
  if (Why)
    return fail(R, *Why);
  P.K = Place::Array;
  P.Base = VD;
  P.Index = Poly();
  return true;
}

bool BodyWalker::locateRows(const ArraySubscriptExpr *ASE, Place &P, bool &Matched) {
  Matched = false;
  const auto *RowE = dyn_cast<ArraySubscriptExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const Expr *Base = RowE ? RowE->getBase()->IgnoreParenImpCasts() : nullptr;
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  const VarDecl *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // `p->w[r][c]` of a `float **` member read once: as a `float **w` of the loop.
  if (isa_and_nonnull<MemberExpr>(Base) && !rowElement(Base->getType()).isNull())
    if (!(VD = memberArray(Base, Matched)) && Matched)
      return false;
  if (!VD || rowElement(VD->getType()).isNull() || preOf(VD).Locals.count(VD) || isBoundPointer(VD))
    return false;
  Matched = true;
  if (!Frames.empty()) // a called function's parameters are bound to flat arrays only
    return fail(ASE->getSourceRange(), Diag::rows_in_called_function, {quoted(VD)});
  if (DRE && !checkName(VD, DRE->getSourceRange()))
    return false;
  QualType Elem = rowElement(VD->getType());
  if (!isArithmetic(Elem) || Elem.isVolatileQualified() ||
      VD->getType().getCanonicalType().isVolatileQualified())
    return fail(ASE->getSourceRange(), Diag::rows_element_type, {quoted(VD), Elem.getAsString()});
  if (!walk(RowE->getIdx()) || !walk(ASE->getIdx()))
    return false;
  std::optional<Poly> Row = buildIndex(RowE->getIdx()), Col = buildIndex(ASE->getIdx());
  P.K = Place::Array;
  P.Base = VD;
  P.Rows = true;
  P.RowLevel = 1;
  P.RowsChecked = true;
  P.Affine = Row && Col;
  if (Row)
    P.Index = *Row;
  if (Col)
    P.Column = *Col;
  return checkRowsElement(ASE, P);
}

bool BodyWalker::checkRowsElement(const Expr *E, const Place &P) {
  const VarDecl *VD = P.Base;
  if (!P.Affine)
    return fail(E->getSourceRange(), Diag::rows_non_affine, {text(E), quoted(VD)});
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
  // A row kept in a pointer is a plain pointer on the device: its columns are not packed.
  if (P.Column.coefficient(Info.OuterAtom) != Poly() && (P.Substituted > 0 || P.PtrArith))
    return fail(E->getSourceRange(), Diag::rows_pointer_column_varies,
                {ASE ? text(ASE->getIdx()) : text(E), text(E), quoted(VD)});
  if (P.Column.coefficient(Info.OuterAtom) != Poly())
    if (std::optional<std::string> Why = movingColumnProblem(P.Index, P.Column))
      return fail(E->getSourceRange(), Diag::rows_column_varies,
                  {ASE ? text(ASE->getIdx()) : text(E), text(E), *Why, quoted(VD)});
  // A triangular loop's range moves with the loop variable: rows and columns are copied from
  // ranges fixed for a whole call, so such a subscript is not offloaded yet.
  for (const InnerLoop &L : Info.Inner)
    if ((L.Tri || L.Hull) &&
        (P.Index.coefficient(L.Atom) != Poly() || P.Column.coefficient(L.Atom) != Poly()))
      return fail(E->getSourceRange(), Diag::rows_triangular_loop,
                  {text(E), L.Form.Var->getNameAsString(), quoted(VD)});
  return true;
}

std::optional<std::string> BodyWalker::movingColumnProblem(const Poly &Row, const Poly &Col) {
  // The runtime copies each iteration's columns of each row of its row range: inside each
  // row's memory only if the serial loop touches every one of them. A row that moves with the
  // loop variable too (`a[i][i]`) is fine: each iteration names its own rows.
  if (Info.Collapse.size() > 1)
    return std::string("the loop is collapsed");
  // Bounds on the loop variable and one excluded value of it become the terms' guards (the
  // Planner splits a term at the excluded value), so the runtime skips those iterations' columns.
  size_t OuterExcluded = std::count_if(Excluded.begin(), Excluded.end(), [&](const Exclusion &X) {
    return X.Atom == Info.OuterAtom;
  });
  if (CondDepth > ClearDepth || OuterExcluded > 1)
    return std::string("the access does not run in every iteration");
  for (unsigned I : Active)
    if (Info.Inner[I].Tri || Info.Inner[I].Hull)
      return "the bounds of the loop over '" + Info.Inner[I].Form.Var->getNameAsString() +
             "' around it depend on " +
             (Info.Inner[I].Tri ? "the loop variable" : "another loop's variable");
  for (unsigned V : Row.loopVars(Info.Atoms)) {
    if (V == Info.OuterAtom)
      continue;
    const InnerLoop *L = nullptr;
    for (const InnerLoop &IL : Info.Inner)
      if (IL.Atom == V)
        L = &IL;
    std::string Name = "'" + Info.Atoms.get(V).Text + "'";
    if (Col.coefficient(V) != Poly())
      return "its row and column both depend on " + Name;
    int64_t C = 0;
    if (!L || !Row.coefficient(V).isConstant(&C) || (C != 1 && C != -1) ||
        (L->Form.Step != 1 && L->Form.Step != -1))
      return "its row skips rows as " + Name + " runs";
  }
  return std::nullopt;
}

bool BodyWalker::locateElement(const Expr *E, Place &P) {
  E = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    if (ICE->getCastKind() == CK_NoOp)
      return locateElement(ICE->getSubExpr(), P);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    bool Matched = false;
    bool Ok = locateRows(ASE, P, Matched);
    if (Matched)
      return Ok;
    if (!locatePointer(ASE->getBase(), P))
      return false;
    return addIndex(P, ASE->getIdx(), unitsOf(ASE->getType()), ASE->getType());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref) {
      P.PtrArith = true;
      return locatePointer(UO->getSubExpr(), P);
    }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    P.Member = true;
    if (!checkName(ME->getMemberDecl(), ME->getMemberLoc()))
      return false;
    bool Ok = ME->isArrow() ? locatePointer(ME->getBase(), P) : locateElement(ME->getBase(), P);
    P.Inside = true;
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField() || FD->getParent()->isInvalidDecl() ||
        !P.Within.addScaled(Poly::constant((int64_t)(Ctx.getFieldOffset(FD) / 8)), 1))
      P.WithinAffine = false;
    return Ok;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && preOf(VD).Locals.count(VD)) {
      P.K = Place::Local;
      return true;
    }
    // `private(jsr)`: each thread has its own, as a local of the body (`shr3(&jsr)`, a random
    // generator's state passed to a function of the file).
    if (VD && Frames.empty() && VD->getType()->isArithmeticType() &&
        !VD->getType().isVolatileQualified()) {
      if (!Dir.privateOf(VD->getName()))
        return fail(E->getSourceRange(), Diag::address_of_shared_scalar,
                    {quoted(VD), VD->getNameAsString()});
      P.K = Place::Local;
      return true;
    }
    if (VD && VD->getType()->isRecordType()) {
      P.K = Place::Scalar;
      P.Base = VD;
      return true;
    }
  }
  return fail(E->getSourceRange(), Diag::dereference, {text(E)});
}

bool BodyWalker::walkAccess(const Expr *E, Mode M) {
  // A pointer member the loop assigns cannot be read once before it (memberArray).
  if (const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParens());
      ME && M != Mode::Read && ME->getType()->isPointerType() && hoistRoot(ME))
    return fail(E->getSourceRange(), Diag::member_array_assigned, {text(E)});
  Place P;
  // The conditionals of this access's index only (an index's own accesses record theirs).
  std::vector<const ConditionalOperator *> Outer;
  std::swap(Outer, SeenArms);
  bool Located = locateElement(E, P);
  std::swap(Outer, SeenArms);
  if (!Located)
    return false;
  if (P.K == Place::Local)
    return true;
  if (P.K == Place::Array && P.RowLevel == 2) // a row pointer itself: `p[r]` of a `T **` p
    return fail(E->getSourceRange(), Diag::pointer_to_pointer, {quoted(P.Base)});
  if (P.Rows && !P.RowsChecked && !checkRowsElement(E, P))
    return false;
  const auto *RD = P.K == Place::Scalar ? P.Base->getType()->getAsRecordDecl() : nullptr;
  if (RD && Frames.empty() && Dir.privateOf(P.Base->getName()) &&
      (RD->getIdentifier() || RD->getTypedefNameForAnonDecl())) {
    // `private(d)`: each thread has its own struct, as a local of the body.
    if (!llvm::is_contained(Info.ThreadPrivates, P.Base)) {
      addType(P.Base->getType());
      Info.ThreadPrivates.push_back(P.Base);
    }
    return true;
  }
  if (P.K == Place::Scalar) { // a member of a struct declared outside the loop
    if (M != Mode::Read)
      return fail(E->getSourceRange(), Diag::struct_member_write, {text(E), quoted(P.Base)});
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    if (DRE)
      return walkDeclRef(DRE, Mode::Read);
    const Expr *B = E->IgnoreParens();
    while (const auto *ME = dyn_cast<MemberExpr>(B))
      B = ME->getBase()->IgnoreParens();
    if (const auto *D = dyn_cast<DeclRefExpr>(B))
      return walkDeclRef(D, Mode::Read);
    return fail(E->getSourceRange(), Diag::expression_unsupported, {text(E)});
  }
  const VarDecl *VD = P.Base;
  QualType Elem = elementType(VD);
  if (Elem->isRecordType() || P.Member)
    addType(VD->getType());
  const ClauseItem *RedItem = nullptr;
  bool Reduced = Dir.reductionOf(VD->getName(), &RedItem) && RedItem->IsSection;
  if (M != Mode::Read && elementType(VD).isConstQualified())
    return fail(E->getSourceRange(), Diag::const_write, {text(E), quoted(VD)});
  if (Reduced && !Frames.empty())
    return fail(E->getSourceRange(), Diag::reduction_array_reached, {text(E), quoted(VD)});
  std::vector<std::pair<Place, std::vector<Guard>>> Variants;
  if (!P.Affine && !Outer.empty() && !Reduced)
    Variants = armVariants(E, P, Outer);
  if (Variants.empty())
    Variants.push_back({P, {}});
  for (auto &[Q, More] : Variants)
    if (!recordAccess(E, M, Q, More, Variants.size() > 1, Reduced))
      return false;
  return true;
}

std::vector<std::pair<Place, std::vector<Guard>>>
BodyWalker::armVariants(const Expr *E, const Place &P,
                        const std::vector<const ConditionalOperator *> &Conds) {
  // Each combination of arms gives an affine place, or the access stays as it is.
  std::vector<std::pair<Place, std::vector<Guard>>> Out;
  if (P.K != Place::Array || P.Rows || !Frames.empty() || Conds.size() > 3)
    return Out;
  for (unsigned Mask = 0; Mask < (1u << Conds.size()); ++Mask) {
    for (size_t K = 0; K < Conds.size(); ++K)
      Arms[Conds[K]] = (Mask >> K & 1) ? 2 : 1;
    Place Q;
    Replaying = true;
    bool Ok = locateElement(E, Q);
    Replaying = false;
    Arms.clear();
    if (!Ok || Q.K != Place::Array || Q.Base != P.Base || !Q.Affine || Q.Rows)
      return {};
    std::vector<Guard> More;
    for (size_t K = 0; K < Conds.size(); ++K)
      condGuards(Conds[K]->getCond(), Mask >> K & 1, More);
    Out.push_back({Q, std::move(More)});
  }
  return Out;
}

bool BodyWalker::recordAccess(const Expr *E, Mode M, Place P, const std::vector<Guard> &More,
                              bool Conditional, bool Reduced) {
  const VarDecl *VD = P.Base;
  // A triangular loop's variable: one per subscript, and no condition on it (the planner
  // folds its range into the outer variable's and could not narrow it).
  bool TriUnsupported = false;
  if (P.Affine) {
    std::vector<Guard> All = Guards;
    All.insert(All.end(), More.begin(), More.end());
    unsigned Tri = 0;
    for (unsigned V : P.Index.loopVars(Info.Atoms))
      for (const InnerLoop &L : Info.Inner)
        if (L.Atom == V && L.Tri) {
          std::optional<Poly> Lo, Hi;
          Tri += triangularGuards(L, Info.OuterAtom, All, Lo, Hi) ? 1 : 2;
        }
    if (Tri > 1) {
      P.Affine = false;
      TriUnsupported = true;
    }
  }
  // A write at an index known only at run time in the loop body itself is a scatter candidate
  // (finish() decides); in a called function, or an index the planner cannot fold, it is not.
  if (!P.Affine && M != Mode::Read && !Reduced && (TriUnsupported || !Frames.empty()))
    return fail(E->getSourceRange(), Diag::non_affine_subscript, {text(E)});
  if (std::find(Info.Arrays.begin(), Info.Arrays.end(), VD) == Info.Arrays.end())
    Info.Arrays.push_back(VD);
  Access A;
  A.Array = VD;
  A.Expr = E;
  A.Subscript = P.Index;
  A.Affine = P.Affine;
  A.Rows = P.Rows;
  A.Column = P.Column;
  A.Partial = P.Inside;
  A.Within = P.Within;
  A.WithinAffine = P.Inside && P.WithinAffine;
  A.Unconditional = CondDepth == 0 && !Conditional;
  A.Guards = Guards;
  A.Guards.insert(A.Guards.end(), More.begin(), More.end());
  A.Congruences = Congruent;
  A.Excluded = Excluded;
  for (unsigned I : Active)
    A.LoopAtoms.push_back({Info.Inner[I].Form.Var, Info.Inner[I].Atom});
  for (const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts()); AS;
       AS = dyn_cast<ArraySubscriptExpr>(AS->getBase()->IgnoreParenImpCasts()))
    if (std::optional<Poly> Sub = buildIndex(AS->getIdx()))
      A.SubscriptPolys.push_back({AS->getIdx(), *Sub});
  if (!Frames.empty())
    A.Via = Frames.front()->Call;
  if (M == Mode::Read || M == Mode::ReadWrite)
    Info.Accesses.push_back(A);
  if (M == Mode::Write || M == Mode::ReadWrite) {
    A.IsWrite = true;
    Info.Accesses.push_back(A);
  }
  return true;
}

void BodyWalker::addType(QualType T) {
  // Typedefs and records in dependency order: a type after the types it uses.
  if (T.isNull())
    return;
  if (const auto *TT = T->getAs<TypedefType>()) {
    const TypedefNameDecl *TD = TT->getDecl();
    if (std::find(Info.Types.begin(), Info.Types.end(), TD) != Info.Types.end())
      return;
    addType(TD->getUnderlyingType());
    if (!Ctx.getSourceManager().isInSystemHeader(TD->getLocation()))
      Info.Types.push_back(TD);
    return;
  }
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    return addType(AT->getElementType());
  if (const auto *PT = T->getAs<PointerType>())
    return addType(PT->getPointeeType());
  if (const auto *RT = T->getAs<RecordType>()) {
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    if (!RD || std::find(Info.Types.begin(), Info.Types.end(), RD) != Info.Types.end())
      return;
    Info.Types.push_back(RD); // placeholder against cycles; moved after its members below
    for (const FieldDecl *FD : RD->fields())
      addType(FD->getType());
    Info.Types.erase(std::find(Info.Types.begin(), Info.Types.end(), RD));
    Info.Types.push_back(RD);
  }
}

bool BodyWalker::walkCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return fail(CE->getSourceRange(), Diag::function_pointer_call);
  if (isAssertFailure(CE)) // a failed `assert`, in its strict-C form
    return true;
  if (onFatalPath(Ctx, CE)) // the kernel stops there: its arguments are never read on a device
    return true;
  const MathCall *MC = findMathCall(Ctx, FD);
  if (!MC) {
    StringRef Name = FD->getName();
    if (Name.ends_with("l") && findMathCall(Ctx, FD, /*AllowLongDouble=*/true))
      return fail(CE->getSourceRange(), Diag::long_double_call, {Name.drop_back().str()});
    const FunctionDecl *Def = nullptr;
    StringRef Called = FD->getName();
    Called.consume_front("__builtin_");
    if ((Called == "memcpy" || Called == "memmove" || Called == "memset") &&
        CE->getNumArgs() == 3 && !FD->hasBody())
      return walkMemoryCall(CE, Called);
    if (!FD->hasBody(Def) || !Def)
      return fail(CE->getSourceRange(), undefinedCallProblem(FD, /*InFunction=*/false));
    std::vector<QualType> Types;
    Problem Why;
    if (!checkDeviceFunction(Ctx, Def, Info.Functions, Types, Info.Constants, Why)) {
      Why.Notes.push_back({CE->getSourceRange(), Diag::note_called_from_loop});
      return failWith(std::move(Why));
    }
    for (QualType T : Types)
      addType(T);
    std::vector<const VarDecl *> Globals = functionGlobals(Ctx, Def);
    if (!addFunctionGlobals(CE, Def, Globals))
      return false;
    for (const ParmVarDecl *PVD : Def->parameters())
      if (PVD->getType()->isPointerType())
        return walkBoundCall(CE, Def);
    // Global arrays and pointers the function uses are the loop's arrays: their accesses are
    // walked too.
    for (const VarDecl *G : Globals)
      if (G->getType()->isArrayType() || G->getType()->isPointerType())
        return walkBoundCall(CE, Def);
  }
  for (const Expr *Arg : CE->arguments())
    if (!walk(Arg))
      return false;
  return true;
}

bool BodyWalker::walkMemoryCall(const CallExpr *CE, StringRef Name) {
  bool Set = Name == "memset";
  const Expr *Dst = CE->getArg(0)->IgnoreParenImpCasts();
  const Expr *Src = Set ? nullptr : CE->getArg(1)->IgnoreParenImpCasts();
  const Expr *Size = CE->getArg(2)->IgnoreParenImpCasts();
  if (!walk(CE->getArg(2)) || (Set && !walk(CE->getArg(1))))
    return false;
  QualType T = Dst->getType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  else if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  // Rows of a 2-D array (`memset(t, 0, sizeof t)` with `double t[4][3]`) are their elements,
  // in the units places are counted in.
  while (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isVoidType() || T->isIncompleteType() || !(T->isArithmeticType() || T->isRecordType()))
    return fail(Dst->getSourceRange(), Diag::memory_call_place, {Name.str(), text(Dst)});
  int64_t Elem = Ctx.getTypeSizeInChars(T).getQuantity();
  // The number of elements: `n * sizeof(T)` (either order), or a constant multiple of it.
  auto IsElemSize = [&](const Expr *E) {
    Expr::EvalResult R;
    const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenImpCasts());
    return UE && UE->getKind() == UETT_SizeOf && E->EvaluateAsInt(R, Ctx) &&
           R.Val.getInt().getExtValue() == Elem;
  };
  std::optional<Poly> Count;
  Expr::EvalResult R;
  if (Size->EvaluateAsInt(R, Ctx)) {
    int64_t Bytes = R.Val.getInt().getExtValue();
    if (Bytes >= 0 && Bytes % Elem == 0)
      Count = Poly::constant(Bytes / Elem);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Size); BO && BO->getOpcode() == BO_Mul) {
    if (IsElemSize(BO->getRHS()))
      Count = buildIndex(BO->getLHS());
    else if (IsElemSize(BO->getLHS()))
      Count = buildIndex(BO->getRHS());
  }
  bool Varies = false;
  if (Count)
    for (const auto &[M, C] : Count->Terms)
      for (const auto &[X, Deg] : M)
        Varies |= Info.Atoms.isLoopVar(X);
  if (!Count || Varies)
    return fail(Size->getSourceRange(), Diag::memory_call_size,
                {Name.str(), text(CE->getArg(2)), T.getAsString()});
  if (Set && Elem > 1) {
    Expr::EvalResult V;
    if (!CE->getArg(1)->EvaluateAsInt(V, Ctx) || V.Val.getInt() != 0)
      return fail(CE->getArg(1)->getSourceRange(), Diag::memory_call_value,
                  {text(CE->getArg(1)), T.getAsString()});
  }
  // The element index, as an inner loop over [0, Count) of its own.
  VarDecl *K =
      VarDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), CE->getBeginLoc(), CE->getBeginLoc(),
                      &Ctx.Idents.get(Name.str() + "_element"), Ctx.LongLongTy, nullptr, SC_None);
  InnerLoop L;
  L.Form.Var = K;
  L.Form.Lo = L.Form.Hi = CE->getArg(2); // not read (Bounds): set so that no reader meets null
  L.Form.Op = Cond::LT;
  L.Form.Step = 1;
  L.Bounds = true;
  L.LoBound = Poly();
  L.HiBound = *Count;
  L.Atom = Info.Atoms.freshLoopVar(K);
  Info.Inner.push_back(L);
  Poly Element = Poly::atom(L.Atom);
  for (const Expr *E : {Dst, Src}) {
    if (!E)
      continue;
    Place P;
    if (!locatePointer(E, P))
      return false;
    if (P.K == Place::Local)
      continue;
    if (P.K != Place::Array || P.Rows || P.Inside || P.Member || !P.Affine ||
        elementType(P.Base).getCanonicalType().getUnqualifiedType() != T)
      return fail(E->getSourceRange(), Diag::memory_call_place, {Name.str(), text(E)});
    if (!P.Index.addScaled(Element, 1))
      return fail(E->getSourceRange(), Diag::memory_call_place, {Name.str(), text(E)});
    if (!recordAccess(E, E == Dst ? Mode::Write : Mode::Read, P, {}, false, false))
      return false;
  }
  return true;
}

bool BodyWalker::addFunctionGlobals(const CallExpr *CE, const FunctionDecl *Def,
                                    const std::vector<const VarDecl *> &Globals) {
  if (Globals.empty())
    return true;
  for (const VarDecl *G : Globals)
    for (const WrittenScalar &W : Info.Written)
      if (W.Var->getCanonicalDecl() == G)
        return fail(CE->getSourceRange(), Diag::loop_writes_function_global,
                    {G->getNameAsString(), Def->getNameAsString()});
  // The host file reads each global by its name at the loop, and the body passes it by that
  // name to the function's device copy: a declaration of the name there would be read instead.
  if (const FunctionDecl *Outer = enclosingFunction(Ctx, F.For)) {
    for (const VarDecl *D : declaredVariables(Outer))
      for (const VarDecl *G : Globals)
        if (D->getCanonicalDecl() != G && D->getName() == G->getName()) {
          Problem P = makeProblem(Diag::function_global_hidden_at_loop, D->getLocation(),
                                  {G->getNameAsString(), Def->getNameAsString()});
          P.Notes.push_back({CE->getSourceRange(), Diag::note_called_from_loop});
          return failWith(std::move(P));
        }
  }
  for (const VarDecl *G : Globals)
    if (!G->getType()->isArrayType() && !G->getType()->isPointerType() &&
        std::find(Info.FunctionGlobals.begin(), Info.FunctionGlobals.end(), G) ==
            Info.FunctionGlobals.end())
      Info.FunctionGlobals.push_back(G);
  return true;
}

bool BodyWalker::walkBinary(const BinaryOperator *BO) {
  if (BO->isAssignmentOp())
    noteUpdate(BO);
  // A pointer assigned once before its uses (`rA = &rv[first_i];`): where it points is checked
  // here, and its uses are accesses to that array (locatePointer).
  if (const VarDecl *V = BO->getOpcode() == BO_Assign ? referencedVar(BO->getLHS()) : nullptr;
      V && V->getType()->isPointerType()) {
    if (AssignedOnce.lookup(V) != BO->getRHS())
      return fail(BO->getSourceRange(), Diag::pointer_variable_reassigned, {quoted(V)});
    if (!pointerTarget(V, BO->getRHS(), BO->getSourceRange()))
      return false;
    if (preOf(V).Locals.count(V) || llvm::is_contained(Info.ThreadPrivates, V))
      return true;
    // Declared outside: each thread gets its own, whose value means nothing after the loop.
    if (!Dir.privateOf(V->getName()) &&
        (!V->hasLocalStorage() || mayBeReadAfter(F.For, enclosingFunction(Ctx, F.For), V)))
      return fail(BO->getSourceRange(), Diag::pointer_read_after_loop, {quoted(V)});
    Info.ThreadPrivates.push_back(V);
    return true;
  }
  // The right-hand side first: reads are listed before the write they feed.
  if (BO->getOpcode() == BO_Assign)
    return walk(BO->getRHS()) && walk(BO->getLHS(), Mode::Write);
  if (BO->isCompoundAssignmentOp())
    return walk(BO->getRHS()) && walk(BO->getLHS(), Mode::ReadWrite);
  if (!walk(BO->getLHS()))
    return false;
  if (BO->isLogicalOp()) {
    // `a && b` evaluates b only when a holds; `a || b` only when a does not.
    std::vector<Guard> G;
    condGuards(BO->getLHS(), BO->getOpcode() == BO_LOr, G);
    ++CondDepth;
    bool Ok = walkGuarded(BO->getRHS(), G);
    --CondDepth;
    return Ok;
  }
  return walk(BO->getRHS());
}

bool BodyWalker::walkUnary(const UnaryOperator *UO, Mode M) {
  switch (UO->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    noteUpdate(UO);
    return walk(UO->getSubExpr(), Mode::ReadWrite);
  case UO_AddrOf:
    return fail(UO->getSourceRange(), Diag::address_of, {text(UO)});
  case UO_Deref:
    return walkAccess(UO, M);
  case UO_Extension: // `__extension__ e` is e (glibc's `assert` is one)
    return walk(UO->getSubExpr(), M);
  case UO_Real:
  case UO_Imag:
  case UO_Coawait:
    return fail(UO->getSourceRange(), Diag::expression_unsupported, {text(UO)});
  default:
    (void)M;
    return walk(UO->getSubExpr());
  }
}

bool BodyWalker::walk(const Stmt *S, Mode M) {
  if (!S || Replaying)
    return true;
  if (Stopped)
    return false;
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (std::optional<Reason> Why = typeProblem(E->getType()))
      return fail(E->getSourceRange(), *Why);
    if (nullTest(E))
      return true;
  }
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    return walkCompound(cast<CompoundStmt>(S));
  case Stmt::NullStmtClass:
  case Stmt::AttributedStmtClass:
  case Stmt::LabelStmtClass:
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
  case Stmt::ConstantExprClass:
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::StringLiteralClass:
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::InitListExprClass:
    return walkChildren(S);
  case Stmt::OpaqueValueExprClass: // the shared condition of `a ?: b`
    return walk(cast<OpaqueValueExpr>(S)->getSourceExpr(), M);
  case Stmt::ParenExprClass:
    return walk(cast<ParenExpr>(S)->getSubExpr(), M);
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        return fail(D->getSourceRange(), Diag::local_declaration);
      if (!checkLocal(VD))
        return false;
    }
    return true;
  case Stmt::IfStmtClass: {
    const auto *IS = cast<IfStmt>(S);
    if (!walk(IS->getCond()))
      return false;
    std::vector<Guard> Then, Else;
    std::vector<Exclusion> ThenX, ElseX;
    condGuards(IS->getCond(), false, Then, &ThenX);
    condGuards(IS->getCond(), true, Else, &ElseX);
    std::pair<size_t, size_t> Mark = factsMark();
    ++CondDepth;
    addFacts(IS->getCond(), false, ThenX);
    unsigned Clear = outerOnly(IS->getCond(), false);
    ClearDepth += Clear;
    bool Ok = walkGuarded(IS->getThen(), Then);
    ClearDepth -= Clear;
    dropFacts(Mark);
    if (Ok && IS->getElse()) {
      addFacts(IS->getCond(), true, ElseX);
      Clear = outerOnly(IS->getCond(), true);
      ClearDepth += Clear;
      Ok = walkGuarded(IS->getElse(), Else);
      ClearDepth -= Clear;
      dropFacts(Mark);
    }
    --CondDepth;
    return Ok;
  }
  case Stmt::SwitchStmtClass:
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass: {
    ++CondDepth;
    ++BreakDepth;
    bool Ok = walkChildren(S);
    --BreakDepth;
    --CondDepth;
    return Ok;
  }
  case Stmt::ForStmtClass:
    return walkFor(cast<ForStmt>(S));
  case Stmt::ContinueStmtClass:
    Info.HasJumps = true;
    return true;
  case Stmt::BreakStmtClass:
    Info.HasJumps = true;
    if (BreakDepth == 0)
      return fail(S->getSourceRange(),
                  Info.Collapse.size() > 1 ? Diag::break_in_collapsed_loop : Diag::break_statement);
    return true;
  case Stmt::GotoStmtClass: {
    if (!Frames.empty())
      return fail(S->getSourceRange(), Diag::goto_in_bound_call);
    const LabelStmt *L = cast<GotoStmt>(S)->getLabel()->getStmt();
    const SourceManager &SM = Ctx.getSourceManager();
    SourceRange B = F.For->getBody()->getSourceRange();
    bool Inside = L && !SM.isBeforeInTranslationUnit(L->getBeginLoc(), B.getBegin()) &&
                  !SM.isBeforeInTranslationUnit(B.getEnd(), L->getBeginLoc());
    if (!Inside)
      return fail(S->getSourceRange(), Diag::goto_leaves_loop);
    return fail(S->getSourceRange(), Diag::goto_statement);
  }
  case Stmt::IndirectGotoStmtClass:
    return fail(S->getSourceRange(), Diag::computed_goto);
  case Stmt::ReturnStmtClass:
    if (!Frames.empty()) // from a called function (walkBoundCall: early returns)
      return walk(cast<ReturnStmt>(S)->getRetValue());
    return fail(S->getSourceRange(), Diag::return_statement);
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    return fail(S->getSourceRange(), Diag::inline_assembly);
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return walkBinary(cast<BinaryOperator>(S));
  case Stmt::UnaryOperatorClass:
    return walkUnary(cast<UnaryOperator>(S), M);
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass: {
    const auto *CO = cast<AbstractConditionalOperator>(S);
    if (!walk(CO->getCond()))
      return false;
    std::vector<Guard> Then, Else;
    condGuards(CO->getCond(), false, Then);
    condGuards(CO->getCond(), true, Else);
    ++CondDepth;
    bool Ok = walkGuarded(CO->getTrueExpr(), Then) && walkGuarded(CO->getFalseExpr(), Else);
    --CondDepth;
    return Ok;
  }
  case Stmt::ImplicitCastExprClass: {
    const auto *ICE = cast<ImplicitCastExpr>(S);
    if (ICE->getCastKind() == CK_LValueToRValue && hoistable(ICE->getSubExpr(), IndexDepth > 0)) {
      hoist(ICE->getSubExpr());
      return true;
    }
    // Already read once as an inner loop's bound (isInvariant): its struct is not needed.
    if (ICE->getCastKind() == CK_LValueToRValue &&
        llvm::any_of(Info.HoistedUses, [&](const std::pair<const Expr *, unsigned> &U) {
          return U.first == ICE->getSubExpr()->IgnoreParens();
        }))
      return true;
    if (ICE->getCastKind() == CK_LValueToRValue)
      return walk(ICE->getSubExpr(), Mode::Read);
    return walk(ICE->getSubExpr(), M);
  }
  case Stmt::CStyleCastExprClass: {
    const auto *CE = cast<CStyleCastExpr>(S);
    QualType T = CE->getTypeAsWritten().getCanonicalType();
    if (!T->isVoidType() && !isArithmetic(T))
      return fail(CE->getSourceRange(), Diag::cast_unsupported,
                  {CE->getTypeAsWritten().getAsString()});
    return walk(CE->getSubExpr());
  }
  case Stmt::UnaryExprOrTypeTraitExprClass: {
    const auto *UE = cast<UnaryExprOrTypeTraitExpr>(S);
    if (UE->isArgumentType()) {
      QualType T = UE->getArgumentType().getCanonicalType();
      if (!isArithmetic(T))
        return fail(UE->getSourceRange(), Diag::expression_unsupported, {text(UE)});
      return true;
    }
    // `sizeof *p` does not read *p: the .cu prints its value (BodyPrinter).
    if (!UE->getArgumentExpr()->getType()->isVariablyModifiedType() &&
        UE->isIntegerConstantExpr(Ctx))
      return true;
    return walk(UE->getArgumentExpr());
  }
  case Stmt::ArraySubscriptExprClass:
  case Stmt::MemberExprClass:
    if (cast<Expr>(S)->getType()->isArrayType())
      return fail(S->getSourceRange(), Diag::array_not_subscripted, {text(S)});
    return walkAccess(cast<Expr>(S), M);
  case Stmt::DeclRefExprClass:
    return walkDeclRef(cast<DeclRefExpr>(S), M);
  case Stmt::CallExprClass:
    return walkCall(cast<CallExpr>(S));
  case Stmt::OffsetOfExprClass:
    return fail(S->getSourceRange(), Diag::offsetof_unsupported);
  case Stmt::CompoundLiteralExprClass:
    return fail(S->getSourceRange(), Diag::compound_literal);
  case Stmt::GenericSelectionExprClass:
    return fail(S->getSourceRange(), Diag::generic_selection);
  case Stmt::StmtExprClass:
    if (const Expr *C = assertCondition(cast<StmtExpr>(S))) // `assert(C)`
      return walk(C);
    return fail(S->getSourceRange(), Diag::statement_expression);
  default:
    return fail(S->getSourceRange(), Diag::construct_unsupported, {S->getStmtClassName()});
  }
}

const Expr *BodyWalker::steppedValue(const Stmt *S) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign)
    return BO->getRHS();
  // `v += e` is `v + e` with v read where the statement stands (its own reaching value).
  Expr *&Value = Stepped[S];
  if (Value)
    return Value;
  const auto *BO = dyn_cast<BinaryOperator>(S);
  const auto *UO = dyn_cast<UnaryOperator>(S);
  Expr *Var = const_cast<Expr *>(BO ? BO->getLHS() : UO->getSubExpr());
  Expr *Step = BO ? const_cast<Expr *>(BO->getRHS())
                  : IntegerLiteral::Create(Ctx, llvm::APInt(Ctx.getIntWidth(Ctx.IntTy), 1),
                                           Ctx.IntTy, S->getBeginLoc());
  bool Add = BO ? BO->getOpcode() == BO_AddAssign : UO->isIncrementOp();
  Value = BinaryOperator::Create(Ctx, Var, Step, Add ? BO_Add : BO_Sub, Var->getType(), VK_PRValue,
                                 OK_Ordinary, S->getBeginLoc(), FPOptionsOverride());
  return Value;
}

const Expr *BodyWalker::reachingAssignment(const VarDecl *V, const DeclRefExpr *R) {
  if (!AssignedByStatements.count(V) || !Frames.empty())
    return nullptr;
  // Loop variables of the loops entered on the way up: the value found must not read them
  // (it was computed outside those loops, and the subscript would take their atoms).
  llvm::SmallPtrSet<const VarDecl *, 4> Entered;
  const Stmt *Cur = R;
  while (const Stmt *P = parentStatement(Ctx, Cur)) {
    if (P == F.For)
      return nullptr; // the value comes from before the iteration
    const Expr *Found = nullptr;
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      auto It = std::find(CS->body_begin(), CS->body_end(), Cur);
      bool Stop = false;
      while (It != CS->body_begin() && !Stop) {
        const Stmt *S = *--It;
        if (steppedOrAssigned(S) == V) {
          Found = steppedValue(S);
          Stop = true;
        } else if (const auto *DS = dyn_cast<DeclStmt>(S);
                   DS && llvm::is_contained(DS->decls(), static_cast<const Decl *>(V))) {
          Found = V->getInit();
          Stop = true;
          if (!Found)
            return nullptr;
        } else if (writesVar(S, V)) {
          return nullptr;
        }
      }
    } else if (const auto *FS = dyn_cast<ForStmt>(P)) {
      if (writesVar(P, V))
        return nullptr;
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit()))
        if (const VarDecl *LV = referencedVar(BO->getLHS()))
          Entered.insert(LV);
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
        for (const Decl *D : DS->decls())
          if (const auto *LV = dyn_cast<VarDecl>(D))
            Entered.insert(LV);
    } else if (isa<WhileStmt, DoStmt, SwitchStmt>(P) && writesVar(P, V)) {
      return nullptr;
    }
    if (Found) {
      for (const VarDecl *LV : Entered)
        if (mentions(Found, LV))
          return nullptr;
      return Found;
    }
    Cur = P;
  }
  return nullptr;
}

/// Returns whether `S` holds a statement that jumps: `break`, `continue`, `goto`, `return`.
static bool hasJump(const Stmt *S) {
  if (!S)
    return false;
  if (isa<BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt, ReturnStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasJump(C))
      return true;
  return false;
}

bool BodyWalker::walkBody(const Stmt *Body) {
  const auto *CS = dyn_cast<CompoundStmt>(Body);
  // After a warning in one statement, the walk goes on with the next, from the state at the
  // body's level, so that the accesses after it reach the dependence test too: a dependence
  // it proves is the error reported (provenFirst in Analysis.cpp). The accesses found are
  // then a subset of the body's, so nothing is proven that is not there. Not in a body with
  // jumps: a skipped `break` or `continue` would leave the accesses after it looking
  // unconditional.
  if (!CS || hasJump(Body))
    return walk(Body);
  for (const Stmt *C : CS->body()) {
    if (walk(C))
      continue;
    if (Failure.Level != Severity::Warning)
      return false;
    Stopped = false;
    Active.clear();
    Guards.clear();
    Frames.clear();
    Binding.clear();
    BreakDepth = CondDepth = 0;
  }
  if (Failed) // every failure was a warning: the accesses found are the other statements'
    Info.Walked = true;
  return !Failed;
}

bool BodyWalker::addPrivateArrays() {
  for (const ClauseItem &It : Dir.Privates) {
    const VarDecl *VD = visibleVariable(Ctx, F.For, It.Name);
    if (!VD || !VD->getType()->isArrayType())
      continue;
    bool Sized = constantDims(Ctx, VD->getType()).has_value();
    QualType Elem = innermost(VD->getType());
    bool Numbers = !Elem.isNull() && Elem->isArithmeticType() && !Elem->isEnumeralType();
    const RecordDecl *RD = Elem.isNull() ? nullptr : Elem->getAsRecordDecl();
    bool Structs =
        RD && (RD->getIdentifier() || RD->getTypedefNameForAnonDecl()) && !recordProblem(Elem);
    if (!Sized || (!Numbers && !Structs))
      return fail(SourceRange(It.NameLoc, It.NameLoc), Diag::private_array_type, {quoted(VD)});
    if (Structs)
      addType(VD->getType());
    Pre.Locals.insert(VD);
    Info.ThreadPrivates.push_back(VD);
  }
  // Without the clause: scratch arrays of an OpenMP `parallel` block (PrivateArrays.h).
  for (const VarDecl *VD : iterationPrivateArrays(Ctx, F)) {
    if (Pre.Locals.count(VD) || Dir.reductionOf(VD->getName()) || Dir.mapOf(VD->getName()))
      continue;
    Pre.Locals.insert(VD);
    Info.ThreadPrivates.push_back(VD);
    Info.Remarks.push_back(makeProblem(Diag::array_private, VD->getLocation(), {quoted(VD)}));
  }
  // OpenMP `threadprivate` arrays each iteration writes before it reads them.
  for (const VarDecl *VD : threadPrivateArrays(Ctx, F, Dir.OmpThreadPrivates)) {
    if (Pre.Locals.count(VD) || Dir.reductionOf(VD->getName()) || Dir.mapOf(VD->getName()))
      continue;
    Pre.Locals.insert(VD);
    Info.ThreadPrivates.push_back(VD);
    Info.Remarks.push_back(
        makeProblem(Diag::array_threadprivate, SourceRange(F.For->getForLoc()), {quoted(VD)}));
  }
  return true;
}

bool BodyWalker::run(Problem &P) {
  Pre.TraverseStmt(const_cast<Stmt *>(F.For->getBody()));
  if (!addPrivateArrays()) {
    P = Failure;
    return false;
  }
  BodyJumps = hasJump(F.For->getBody());
  findAssignedOnce();
  Info.OuterAtom = Info.Atoms.loopVar(F.Var);
  if (!checkName(F.Var, F.Var->getLocation())) {
    P = Failure;
    return false;
  }
  // A bound the body writes through a plain assignment is reported by walkDeclRef; an address
  // taken counts as a write too.
  for (const Expr *B : {F.Lo, F.Hi})
    for (const auto &[VD, By] : Pre.Written)
      if (mentions(B, VD) && isa<UnaryOperator>(By) &&
          cast<UnaryOperator>(By)->getOpcode() == UO_AddrOf) {
        fail(By->getSourceRange(), Diag::bound_address_taken, {quoted(VD)});
        P = Failure;
        return false;
      }
  if (!walkBody(F.For->getBody())) {
    P = Failure;
    return false;
  }
  Info.Walked = true;
  if (!finish()) {
    P = Failure;
    return false;
  }
  return true;
}

bool BodyWalker::nullTest(const Expr *E) {
  const Expr *Tested = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isEqualityOp()) {
    auto IsNull = [&](const Expr *X) {
      return X->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
    };
    if (IsNull(BO->getRHS()))
      Tested = BO->getLHS();
    else if (IsNull(BO->getLHS()))
      Tested = BO->getRHS();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_LNot) {
    Tested = UO->getSubExpr();
  } else if (const auto *IC = dyn_cast<ImplicitCastExpr>(E);
             IC && IC->getCastKind() == CK_PointerToBoolean) {
    Tested = IC->getSubExpr();
  } else if (const auto *Named = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
             isa<ImplicitCastExpr>(E) && Named &&
             (Named->getType()->isPointerType() || Named->getType()->isArrayType())) {
    // C tests a scalar condition against zero without a cast: `if (p)`, `p ? a : b`, `p && q`.
    const Stmt *Child = E, *Up = parentStatement(Ctx, E);
    while (Up && isa<ParenExpr>(Up))
      Child = Up, Up = parentStatement(Ctx, Up);
    const auto *BO = dyn_cast_or_null<BinaryOperator>(Up);
    const auto *CO = dyn_cast_or_null<AbstractConditionalOperator>(Up);
    bool Condition = (BO && BO->isLogicalOp()) || (CO && CO->getCond() == Child) ||
                     (isa_and_nonnull<IfStmt>(Up) && cast<IfStmt>(Up)->getCond() == Child) ||
                     (isa_and_nonnull<WhileStmt>(Up) && cast<WhileStmt>(Up)->getCond() == Child) ||
                     (isa_and_nonnull<DoStmt>(Up) && cast<DoStmt>(Up)->getCond() == Child) ||
                     (isa_and_nonnull<ForStmt>(Up) && cast<ForStmt>(Up)->getCond() == Child);
    if (Condition)
      Tested = E;
  }
  const auto *DRE = Tested ? dyn_cast<DeclRefExpr>(Tested->IgnoreParenImpCasts()) : nullptr;
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !(DRE->getType()->isPointerType() || DRE->getType()->isArrayType()))
    return false;
  if (isBoundPointer(VD)) {
    const Place &P = Frames[frameOf(VD)]->Pointers.find(VD)->second;
    if (P.K != Place::Array || !P.Base)
      return false;
    NullTests.push_back({P.Base, problem(DRE->getSourceRange(), Diag::pointer_parameter_use,
                                         {quoted(VD), VD->getNameAsString()})});
    return true;
  }
  if (frameOf(VD) >= 0 || preOf(VD).Locals.count(VD) || !isArrayVariable(VD) ||
      !checkName(VD, DRE->getSourceRange()))
    return false;
  NullTests.push_back(
      {VD, problem(DRE->getSourceRange(), Diag::array_use, {quoted(VD), VD->getNameAsString()})});
  return true;
}

bool BodyWalker::finish() {
  for (const auto &[VD, Why] : NullTests)
    if (!llvm::is_contained(Info.Arrays, VD))
      return failWith(Why);
  for (const VarDecl *VD : Info.Arrays)
    if (!shapeArray(VD))
      return false;
  // Array reductions: every access must be an update with the clause's operator.
  for (const ReductionClause &RC : Dir.Reductions)
    for (const ClauseItem &It : RC.Items)
      if (!arrayReduction(RC, It))
        return false;
  for (const AutoReduction &AR : AutoReductions) {
    ReductionClause RC;
    RC.Op = AR.Op;
    if (!arrayReduction(RC, AR.Item))
      return false;
    Info.Remarks.push_back(makeProblem(
        Diag::array_reduced, AR.Item.Range,
        {quoted(Info.ArrayReductions.back().Var), reductionOpSpelling(AR.Op), AR.Where}));
  }
  for (const MapClause &MC : Dir.Maps)
    for (const ClauseItem &It : MC.Items) {
      bool Used = false;
      for (const VarDecl *A : Info.Arrays)
        Used |= A->getName() == It.Name;
      if (!Used)
        return failFirst(It.Range, Diag::map_not_used_array, {It.Name});
    }
  return true;
}

bool BodyWalker::failFirst(SourceRange R, Diag Id, std::vector<std::string> Args) {
  if (!Failed) {
    Failed = true;
    Failure = makeProblem(Id, R, std::move(Args));
  }
  return false;
}

bool BodyWalker::shapeArray(const VarDecl *VD) {
  if (QualType Elem = rowElement(VD->getType()); !Elem.isNull())
    return shapeRows(VD, Elem);
  ArrayShape Shape;
  Shape.Element = elementType(VD);
  QualType T = VD->getType();
  const ArrayType *Top = Ctx.getAsArrayType(T);
  QualType Row = Top ? Top->getElementType() : T->getPointeeType();
  std::optional<Poly> RowUnits = unitsOf(Row);
  for (const ArrayType *AT = Ctx.getAsArrayType(Row); AT;
       AT = Ctx.getAsArrayType(AT->getElementType())) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Shape.InnerDims.push_back(std::to_string(CAT->getSize().getZExtValue()));
    else if (const auto *VAT = dyn_cast<VariableArrayType>(AT))
      Shape.InnerDims.push_back(VAT->getSizeExpr() ? printC(Ctx, VAT->getSizeExpr()) : "?");
  }
  std::string RowText = RowUnits ? RowUnits->printC(Info.Atoms) : "";
  if (isa_and_nonnull<ConstantArrayType>(Top)) {
    std::optional<Poly> All = unitsOf(T);
    int64_t N = 0;
    if (All && All->isConstant(&N))
      Shape.Extent = std::to_string(N);
  }
  MapKind Kind;
  if (const ClauseItem *M = Dir.mapOf(VD->getName(), &Kind)) {
    Shape.Map = M;
    Shape.MapAs = Kind;
    if (Shape.Extent.empty() && RowUnits)
      Shape.Extent = "((long long)(" + M->Lo.Text + ") + (long long)(" + M->Len.Text + "))" +
                     (RowText == "1LL" ? "" : " * (" + RowText + ")");
  }
  if (!shapeRunTimeIndexed(VD, RowUnits, Shape))
    return false;
  Info.Shapes.push_back(Shape);
  return true;
}

bool BodyWalker::shapeRows(const VarDecl *VD, QualType Elem) {
  const ClauseItem *RedItem = nullptr;
  if (Dir.reductionOf(VD->getName(), &RedItem))
    return fail(RedItem->Range, Diag::rows_in_reduction, {quoted(VD)});
  ArrayShape Shape;
  for (const Access &A : Info.Accesses) {
    if (A.Array != VD || !A.movesColumn(Info.OuterAtom))
      continue;
    Shape.MovingColumn = true;
    const auto *ASE = cast<ArraySubscriptExpr>(A.Expr->IgnoreParens());
    if (Info.HasJumps) // a `continue` or `break` may skip the access in some iterations
      return fail(
          ASE->getSourceRange(), Diag::rows_column_varies,
          {text(ASE->getIdx()), text(ASE), "the body has a 'break' or 'continue'", quoted(VD)});
  }
  // A row passed as a `T *` is a pointer to consecutive elements: the rows stay rows. (Only
  // there can a pointer into a row be moved or kept: elsewhere a `T **` is subscripted twice.)
  if (const Expr *Row = Info.RowPointers.lookup(VD); Row && Shape.MovingColumn)
    for (const Access &A : Info.Accesses)
      if (A.Array == VD && A.movesColumn(Info.OuterAtom)) {
        const auto *ASE = dyn_cast<ArraySubscriptExpr>(A.Expr->IgnoreParens());
        return fail(A.Expr->getSourceRange(), Diag::rows_column_varies,
                    {ASE ? text(ASE->getIdx()) : text(A.Expr), text(A.Expr),
                     "a row of it is passed to a function as a pointer ('" + text(Row) + "')",
                     quoted(VD)});
      }
  Shape.Element = Elem;
  Shape.Rows = true;
  Info.Shapes.push_back(Shape);
  return true;
}

bool BodyWalker::shapeRunTimeIndexed(const VarDecl *VD, const std::optional<Poly> &RowUnits,
                                     ArrayShape &Shape) {
  bool Written = false;
  const Access *NonAffine = nullptr, *Scatter = nullptr;
  for (const Access &A : Info.Accesses)
    if (A.Array == VD) {
      Written |= A.IsWrite;
      if (!A.Affine && !NonAffine)
        NonAffine = &A;
      if (!A.Affine && A.IsWrite && !Scatter)
        Scatter = &A;
    }
  // Run-time indices need a clause naming the array, which a member cannot be named in, unless
  // the member is a pointer only read, whose block is found at run time.
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(Info.memberArray(VD));
      ME && NonAffine && (Written || !heapExtentFits(VD)))
    return fail(NonAffine->Expr->getSourceRange(), Diag::member_array_needs_local,
                {text(ME), localCopy(ME), quoted(hoistRoot(ME)),
                 "'" + text(NonAffine->Expr) + "' has an index known only at run time, which " +
                     "needs a clause naming the array"});
  const ClauseItem *RedItem = nullptr;
  bool Reduced = Dir.reductionOf(VD->getName(), &RedItem) && RedItem->IsSection;
  // The elements every chunk gets of an array accessed at run-time indices: the `map`
  // section, else the whole fixed-size array.
  if (Scatter && !Reduced) {
    if (autoReduction(VD, RowUnits, Shape))
      return true;
    if (!checkScatter(VD, *Scatter, Shape))
      return false;
    Shape.CopyRow = RowUnits;
    return true;
  }
  // An access in a called function: name the function, and point at the call in the loop.
  std::string In;
  if (NonAffine && NonAffine->Via)
    if (const FunctionDecl *FD = enclosingFunction(Ctx, NonAffine->Expr))
      In = "in function " + quoted(FD) + ": ";
  auto failAtNonAffine = [&](const Reason &Message) {
    bool First = !Failed;
    fail(NonAffine->Expr->getSourceRange(), Message);
    if (First)
      Failure.Context += In;
    if (NonAffine->Via)
      Failure.Notes.push_back({NonAffine->Via->getSourceRange(), Diag::note_called_from_loop});
    return false;
  };
  if (NonAffine && Written && !Reduced)
    return failAtNonAffine({Diag::non_affine_written, {text(NonAffine->Expr), quoted(VD)}});
  if (NonAffine && !Written) {
    // A pointer the loop's function allocated before the loop: the block's extent, asked of
    // the runtime at the call. Any other pointer to elements: the block it points into, found
    // at run time (a pointer elsewhere runs the loop on the host).
    std::optional<std::string> Elems;
    std::string First = "0";
    if (Shape.Extent.empty() && !Shape.Map && RowUnits && *RowUnits == Poly::constant(1)) {
      Elems = allocationExtent(Ctx, F.For, VD);
      if (!Elems && heapExtentFits(VD)) {
        std::string K = std::to_string(Info.HeapExtents.size());
        Info.HeapExtents.push_back(VD);
        First = "gpupar_heap_first_" + K;
        Elems = "gpupar_heap_len_" + K;
      }
    }
    if (Elems) {
      ClauseItem &M = Info.AllocationMaps.emplace_back();
      M.Name = VD->getNameAsString();
      M.Range = NonAffine->Expr->getSourceRange();
      M.NameLoc = VD->getLocation();
      M.IsSection = true;
      M.Lo.Text = First;
      M.Len.Text = *Elems;
      Shape.Map = &M;
      Shape.MapAs = MapKind::To;
      Shape.Extent = "((long long)(" + First + ") + (long long)(" + *Elems + "))";
    }
    if (Shape.Extent.empty())
      return failAtNonAffine({Diag::non_affine_read_unknown_extent,
                              {quoted(VD), text(NonAffine->Expr), VD->getNameAsString()}});
    Shape.CopyWhole = true;
    Shape.CopyRow = RowUnits;
  }
  return true;
}

bool BodyWalker::arrayReduction(const ReductionClause &RC, const ClauseItem &It) {
  const VarDecl *VD = nullptr;
  for (const VarDecl *A : Info.Arrays)
    if (A->getName() == It.Name)
      VD = A;
  if (!It.IsSection) {
    if (VD)
      return fail(It.Range, Diag::reduction_array_needs_section, {quoted(VD), It.Name});
    return true; // a scalar (Scalars.cpp)
  }
  if (!VD)
    return failFirst(It.Range, Diag::reduction_not_used_array, {It.Name});
  // The section against a fixed-size array, and updates at constant indices, when the
  // section's bounds are integer literals (a proven error: the runtime would copy outside
  // the array, or lose the updates).
  std::optional<int64_t> Lo = literalValue(It.Lo.Text), Len = literalValue(It.Len.Text);
  size_t Pos = std::find(Info.Arrays.begin(), Info.Arrays.end(), VD) - Info.Arrays.begin();
  const ArrayShape *Shape = Pos < Info.Shapes.size() ? &Info.Shapes[Pos] : nullptr;
  bool OneDim = Shape && Shape->InnerDims.empty();
  std::string Section = Lexer::getSourceText(CharSourceRange::getTokenRange(It.Range),
                                             Ctx.getSourceManager(), Ctx.getLangOpts())
                            .str();
  if (Lo && Len && OneDim && !Shape->Extent.empty()) {
    std::optional<int64_t> Extent = literalValue(Shape->Extent);
    if (Extent && (*Lo < 0 || *Len < 0 || *Lo + *Len > *Extent))
      return failFirst(It.Range, Diag::reduction_section_outside_array,
                       {Section, quoted(VD), std::to_string(*Extent)});
  }
  std::vector<ElementUpdate> Found;
  for (Access &A : Info.Accesses) {
    if (A.Array != VD)
      continue;
    int64_t K = 0;
    if (Lo && Len && OneDim && A.Affine && A.Subscript.isConstant(&K) &&
        (K < *Lo || K >= *Lo + *Len))
      return failFirst(A.Expr->getSourceRange(), Diag::reduction_update_outside_section,
                       {text(A.Expr), std::to_string(K), Section});
    auto U = Updates.find(A.Expr->IgnoreParenImpCasts());
    if (U == Updates.end() || U->second.Op != RC.Op) {
      if (!Failed) {
        std::string X = text(A.Expr);
        std::string Form = RC.Op == ReductionOp::Min ? X + " = e < " + X + " ? e : " + X
                           : RC.Op == ReductionOp::Max
                               ? X + " = e > " + X + " ? e : " + X
                               : X + " " + reductionOpSpelling(RC.Op) + "= e";
        failFirst(A.Expr->getSourceRange(), Diag::reduction_array_update_form,
                  {X, Form, quoted(VD), reductionOpSpelling(RC.Op)});
        Failure.Notes.push_back({It.Range, Diag::note_named_in_reduction});
      }
      return false;
    }
    if (!isDiscardedValue(Ctx, U->second.Whole))
      return fail(U->second.Whole->getSourceRange(), Diag::reduction_update_value_used,
                  {text(U->second.Whole)});
    A.InReduction = true;
    bool Listed = false;
    for (const ElementUpdate &Seen : Found)
      Listed |= Seen.Whole == U->second.Whole;
    if (!Listed)
      Found.push_back(U->second);
  }
  Info.ArrayReductions.push_back({VD, RC.Op, It.Lo.Text, It.Len.Text, std::move(Found)});
  return true;
}

} // namespace body

using body::BodyWalker;

size_t BodyInfo::arrayIndex(const VarDecl *VD) const {
  return std::find(Arrays.begin(), Arrays.end(), VD) - Arrays.begin();
}

const Expr *BodyInfo::memberArray(const VarDecl *VD) const {
  for (const auto &[Known, Member] : MemberArrays)
    if (Known == VD)
      return Member;
  return nullptr;
}

const WrittenScalar *BodyInfo::written(const VarDecl *VD) const {
  for (const WrittenScalar &W : Written)
    if (W.Var == VD)
      return &W;
  return nullptr;
}

bool analyzeBody(ASTContext &Ctx, const LoopForm &F, const Directive &Dir, BodyInfo &Info,
                 Problem &P) {
  if (Info.Collapse.empty())
    Info.Collapse.push_back(F);
  std::vector<const VarDecl *> LoopVars;
  std::vector<const Expr *> Bounds;
  for (const LoopForm &C : Info.Collapse) {
    LoopVars.push_back(C.Var);
    Bounds.push_back(C.Lo);
    Bounds.push_back(C.Hi);
  }
  if (!classifyScalars(Ctx, F.For, enclosingFunction(Ctx, F.For), LoopVars, Bounds, Dir, Info, P))
    return false;
  BodyWalker W(Ctx, F, Dir, Info);
  if (!W.run(P) || !checkEntryGuards(Ctx, F.For, LoopVars, Info, P))
    return false;
  // Bounds read from memory are read once before the loop: nothing the body writes may alias
  // them.
  std::vector<const Expr *> Writes;
  for (const Access &A : Info.Accesses)
    if (A.IsWrite)
      Writes.push_back(A.Expr);
  for (const WrittenScalar &WS : Info.Written)
    if (WS.FirstWrite)
      Writes.push_back(WS.FirstWrite);
  for (const ArrayReduction &AR : Info.ArrayReductions)
    for (const ElementUpdate &U : AR.Updates)
      Writes.push_back(U.Target);
  for (const LoopForm &C : Info.Collapse)
    if (!checkReadOnce(Ctx, C.BoundMemory, Writes, Diag::bound_memory_written, P))
      return false;
  if (!checkReadOnce(Ctx, Info.InvariantElements, Writes, Diag::invariant_element_written, P))
    return false;
  std::vector<const Expr *> ReadOnce, Invariant;
  for (size_t I = 0; I < Info.Hoisted.size(); ++I)
    (Info.HoistedCopyable[I] ? Invariant : ReadOnce).push_back(Info.Hoisted[I]);
  for (const auto &[VD, Member] : Info.MemberArrays)
    ReadOnce.push_back(Member);
  return checkReadOnce(Ctx, ReadOnce, Writes, Diag::hoisted_member_written, P) &&
         checkReadOnce(Ctx, Invariant, Writes, Diag::index_member_written, P);
}

} // namespace gpupar
