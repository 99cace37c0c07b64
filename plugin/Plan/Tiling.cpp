//===- Tiling.cpp - two-loop nests run as tiles on devices -----------------===//
#include "Plan/Tiling.h"
#include "Text.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace gpupar {

namespace {

/// The accesses of the inner loop's body: its reads of array elements (whole subscript chains,
/// with whether a condition guards them), what it writes, and whether it does anything a tile
/// cannot interleave (a jump, a call of a function that is not a library builtin).
struct BodyUses {
  std::vector<std::pair<const Expr *, bool>> Reads;
  std::vector<const Expr *> Targets;
  llvm::SmallPtrSet<const VarDecl *, 8> Locals;
  bool Jumps = false;       ///< break, continue, return, goto, switch
  bool Unsupported = false; ///< a call of a function of the program, a write through a pointer

  void stmt(const Stmt *S, bool Guarded);

private:
  void subscripts(const Expr *E, bool Guarded) {
    while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens())) {
      stmt(ASE->getIdx(), Guarded);
      E = ASE->getBase()->IgnoreParenImpCasts();
    }
    if (!isa<DeclRefExpr>(E))
      stmt(E, Guarded);
  }
  void target(const Expr *E, bool Guarded) {
    E = E->IgnoreParens();
    Targets.push_back(E);
    if (isa<ArraySubscriptExpr>(E))
      subscripts(E, Guarded);
    else if (!isa<DeclRefExpr>(E))
      Unsupported = true;
  }
};

void BodyUses::stmt(const Stmt *S, bool Guarded) {
  if (!S)
    return;
  switch (S->getStmtClass()) {
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
  case Stmt::ReturnStmtClass:
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
  case Stmt::LabelStmtClass:
  case Stmt::SwitchStmtClass:
    Jumps = true;
    return;
  case Stmt::IfStmtClass: {
    const auto *IS = cast<IfStmt>(S);
    stmt(IS->getCond(), Guarded);
    stmt(IS->getThen(), true);
    stmt(IS->getElse(), true);
    return;
  }
  case Stmt::ForStmtClass:
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass: // run any number of times, maybe none
    for (const Stmt *C : S->children())
      stmt(C, true);
    return;
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass: {
    bool First = true;
    for (const Stmt *C : S->children()) {
      stmt(C, Guarded || !First);
      First = false;
    }
    return;
  }
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        Locals.insert(VD);
        if (VD->getInit())
          stmt(VD->getInit(), Guarded);
      }
    return;
  case Stmt::CallExprClass: {
    const auto *CE = cast<CallExpr>(S);
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getBuiltinID())
      Unsupported = true;
    for (const Expr *A : CE->arguments())
      stmt(A, Guarded);
    return;
  }
  case Stmt::ArraySubscriptExprClass:
    Reads.push_back({cast<Expr>(S), Guarded});
    subscripts(cast<Expr>(S), Guarded);
    return;
  default:
    break;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp()) {
      target(BO->getLHS(), Guarded);
      stmt(BO->getRHS(), Guarded);
      return;
    }
    if (BO->isLogicalOp()) {
      stmt(BO->getLHS(), Guarded);
      stmt(BO->getRHS(), true);
      return;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp()) {
      target(UO->getSubExpr(), Guarded);
      return;
    }
  for (const Stmt *C : S->children())
    stmt(C, Guarded);
}

/// The array a subscript chain indexes: a variable, or a struct member read once (`MemberArrays`:
/// the member expressions of the plan's arrays).
const VarDecl *arrayOf(const Expr *E,
                       const llvm::DenseMap<const Expr *, const VarDecl *> &MemberArrays) {
  E = E->IgnoreParens();
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    E = ASE->getBase()->IgnoreParenImpCasts();
  if (auto It = MemberArrays.find(E); It != MemberArrays.end())
    return It->second;
  return referencedVar(E);
}

/// The variables `S` names, except inside the struct members read once (`Skip`).
void namedVars(const Stmt *S, const llvm::SmallPtrSetImpl<const Expr *> &Skip,
               llvm::SmallPtrSetImpl<const VarDecl *> &Out, bool &Other) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S); E && Skip.count(E))
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(VD);
    else if (!isa<EnumConstantDecl>(DRE->getDecl()))
      Other = true;
  }
  if (isa<CallExpr>(S))
    Other = true;
  for (const Stmt *C : S->children())
    namedVars(C, Skip, Out, Other);
}

/// The variable that moves along memory in the last subscript of `E` (`k` in `a[i * n + k]`
/// and in `a[i][k]`), or null.
const VarDecl *fastestVar(const Expr *E) {
  const Expr *Idx = cast<ArraySubscriptExpr>(E->IgnoreParens())->getIdx()->IgnoreParenImpCasts();
  if (const VarDecl *V = referencedVar(Idx))
    return V;
  if (const auto *BO = dyn_cast<BinaryOperator>(Idx); BO && BO->getOpcode() == BO_Add) {
    if (const VarDecl *V = referencedVar(BO->getRHS()))
      return V;
    return referencedVar(BO->getLHS());
  }
  return nullptr;
}

void declRefsTo(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars,
                std::vector<const Expr *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && Vars.count(VD))
      Out.push_back(DRE);
  for (const Stmt *C : S->children())
    declRefsTo(C, Vars, Out);
}

} // namespace

std::optional<PlanTile> planTile(ASTContext &Ctx, const LoopPlan &P) {
  // A pointer may alias what a tile stages or keeps in a register; Pre's private structs are
  // no State.
  if (P.Collapsed.size() != 1 || !P.Updates.empty() || !P.ThreadPrivates.empty())
    return std::nullopt;
  const auto *Body = dyn_cast<CompoundStmt>(P.Body);
  if (!Body)
    return std::nullopt;
  PlanTile T;
  const ForStmt *KFor = nullptr;
  for (const Stmt *S : Body->body()) {
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      if (KFor)
        return std::nullopt; // two inner loops
      KFor = FS;
    } else {
      (KFor ? T.Post : T.Pre).push_back(S);
    }
  }
  Problem Ignored;
  if (!KFor || !matchLoopForm(Ctx, KFor, T.K, Ignored) || T.K.Step != 1 ||
      (T.K.Op != Cond::LT && T.K.Op != Cond::LE))
    return std::nullopt;
  const VarDecl *I = P.Form.Var, *J = P.Collapsed[0].Form.Var, *K = T.K.Var;
  // No reductions; a private variable only when it is k declared outside the nest (PolyBench's
  // `int i, j, k;`), which the steps receive as a parameter.
  for (const PlanReduction &R : P.Reductions)
    if (R.Kind != PlanReduction::Private || R.Var != K)
      return std::nullopt;

  llvm::SmallPtrSet<const Expr *, 8> Members; // read once before the loop: no variable of the body
  llvm::DenseMap<const Expr *, const VarDecl *> MemberArrays;
  for (const auto &[Read, Index] : P.MemberReads)
    Members.insert(Read);
  for (const auto &[Read, Index] : P.MemberArrayReads) {
    Members.insert(Read);
    MemberArrays[Read] = P.Arrays[Index].Var;
  }
  llvm::SmallPtrSet<const VarDecl *, 16> Invariant, ReadOnly;
  for (const PlanScalar &S : P.Scalars)
    if (S.Kind == PlanScalar::Variable)
      Invariant.insert(S.Var);
  for (const PlanArray &A : P.Arrays)
    if (!A.Write)
      ReadOnly.insert(A.Var);
  // The bounds of k are the same for every iteration (so a block steps through k together).
  for (const Expr *Bound : {T.K.Lo, T.K.Hi}) {
    llvm::SmallPtrSet<const VarDecl *, 4> Vars;
    bool Other = false;
    namedVars(Bound, Members, Vars, Other);
    if (Other)
      return std::nullopt;
    for (const VarDecl *VD : Vars)
      if (!Invariant.count(VD))
        return std::nullopt;
  }

  // Jumps anywhere in the body would leave a tile's iterations out of step; pre and post may
  // call the program's functions, the inner loop only library builtins.
  BodyUses Whole;
  Whole.stmt(Body, false);
  BodyUses U;
  U.stmt(KFor->getBody(), false);
  if (Whole.Jumps || U.Jumps || U.Unsupported)
    return std::nullopt;
  for (const VarDecl *VD : Whole.Locals)
    if (VD->getType()->isPointerType())
      return std::nullopt;

  // The staged reads: unguarded, from arrays the loop never writes.
  std::string XText, YText;
  for (const auto &[E, Guarded] : U.Reads) {
    const VarDecl *A = arrayOf(E, MemberArrays);
    if (Guarded || !A || !ReadOnly.count(A))
      continue;
    llvm::SmallPtrSet<const VarDecl *, 8> Vars;
    bool Other = false;
    namedVars(E, Members, Vars, Other);
    if (Other || !Vars.count(K))
      continue;
    bool Plain = true;
    for (const VarDecl *VD : Vars)
      Plain &= VD == A || VD == I || VD == J || VD == K || Invariant.count(VD);
    if (!Plain || Vars.count(I) == Vars.count(J))
      continue;
    bool Row = Vars.count(I);
    std::string Text = printC(Ctx, E);
    const Expr *&Chosen = Row ? T.X : T.Y;
    std::string &ChosenText = Row ? XText : YText;
    if (!Chosen) {
      Chosen = E;
      ChosenText = Text;
    }
    if (Text == ChosenText)
      (Row ? T.XUses : T.YUses).push_back(E);
  }
  if (!T.X || !T.Y)
    return std::nullopt;
  T.XKFastest = fastestVar(T.X) != I;
  T.YKFastest = fastestVar(T.Y) == K;

  // Writes: the loop's own locals and Pre's variables, or one element that stays put over k.
  llvm::SmallPtrSet<const VarDecl *, 8> PreVars;
  std::vector<const VarDecl *> PreOrder; // as declared: the generated state is deterministic
  for (const Stmt *S : T.Pre)
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && PreVars.insert(VD).second)
          PreOrder.push_back(VD);
  std::string AccText;
  for (const Expr *E : U.Targets) {
    if (const VarDecl *VD = referencedVar(E); VD && isa<DeclRefExpr>(E)) {
      if (VD == K || (!U.Locals.count(VD) && !PreVars.count(VD)))
        return std::nullopt;
      continue;
    }
    const VarDecl *A = arrayOf(E, MemberArrays);
    llvm::SmallPtrSet<const VarDecl *, 8> Vars;
    bool Other = false;
    namedVars(E, Members, Vars, Other);
    for (const VarDecl *VD : Vars)
      Other |= VD != A && VD != I && VD != J && !Invariant.count(VD);
    if (!A || Other || ReadOnly.count(A))
      return std::nullopt;
    std::string Text = printC(Ctx, E);
    if (T.Acc && Text != AccText)
      return std::nullopt;
    T.Acc = E;
    AccText = Text;
  }
  if (T.Acc) { // every access of that array in the K loop is the element
    const VarDecl *A = arrayOf(T.Acc, MemberArrays);
    for (const auto &[E, Guarded] : U.Reads)
      if (arrayOf(E, MemberArrays) == A) {
        if (printC(Ctx, E) != AccText)
          return std::nullopt;
        T.AccUses.push_back(E);
      }
    for (const Expr *E : U.Targets)
      if (E != T.Acc && arrayOf(E, MemberArrays) == A)
        T.AccUses.push_back(E);
    T.AccUses.push_back(T.Acc);
  }

  // Pre's variables that live on: scalars copied into the iteration's state.
  llvm::SmallPtrSet<const VarDecl *, 8> Live;
  for (const VarDecl *VD : PreOrder) {
    bool Later = mentions(KFor->getBody(), VD);
    for (const Stmt *S : T.Post)
      Later |= mentions(S, VD);
    if (VD == K) {
      for (const Stmt *S : T.Post)
        if (mentions(S, K))
          return std::nullopt; // k's value after the loop
      continue;
    }
    if (!Later)
      continue;
    QualType Ty = VD->getType();
    if (!Ty->isScalarType() || Ty.isVolatileQualified())
      return std::nullopt;
    Live.insert(VD);
  }
  for (const Stmt *S : Body->body())
    if (S != KFor && T.K.DeclaredOutside && !PreVars.count(K) && mentions(S, K))
      return std::nullopt;
  for (const VarDecl *VD : PreOrder)
    if (Live.count(VD))
      T.State.push_back(VD);
  declRefsTo(KFor->getBody(), Live, T.StateUses);
  for (const Stmt *S : T.Post)
    declRefsTo(S, Live, T.StateUses);
  return T;
}

} // namespace gpupar
