//===- PrivateArrays.cpp - local arrays each iteration writes before it reads ----===//
#include "Analysis/PrivateArrays.h"

#include "Analysis/BodyWalker.h"
#include "Analysis/Scalars.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace gpupar {
namespace {

/// The evaluated references under a statement (sizeof's operand is not evaluated) and its
/// jumps; what it declares and writes is body::WriteCollector's.
class Scan : public RecursiveASTVisitor<Scan> {
public:
  std::vector<const DeclRefExpr *> Refs;
  bool Labels = false; ///< goto, a label or a switch: control may enter a block in its middle
  bool BreakOrContinue = false;
  bool Returns = false;

  explicit Scan(const Stmt *S) { TraverseStmt(const_cast<Stmt *>(S)); }
  bool VisitReturnStmt(ReturnStmt *) { return Returns = true; }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Refs.push_back(DRE);
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) { return Labels = true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return Labels = true; }
  bool VisitLabelStmt(LabelStmt *) { return Labels = true; }
  bool VisitSwitchStmt(SwitchStmt *) { return Labels = true; }
  bool VisitBreakStmt(BreakStmt *) { return BreakOrContinue = true; }
  bool VisitContinueStmt(ContinueStmt *) { return BreakOrContinue = true; }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
};

/// What `S` declares and writes.
body::WriteCollector writesUnder(const Stmt *S) {
  body::WriteCollector W;
  W.TraverseStmt(const_cast<Stmt *>(S));
  return W;
}

/// Returns true when `Inner` is `Outer` or lies under it.
bool within(ASTContext &Ctx, const Stmt *Inner, const Stmt *Outer) {
  for (const Stmt *S = Inner; S; S = parentStatement(Ctx, S))
    if (S == Outer)
      return true;
  return false;
}

/// The parent of `E` past parentheses and implicit casts, and the child it was reached from.
const Stmt *parentPastCasts(ASTContext &Ctx, const Expr *&E) {
  const Stmt *P = parentStatement(Ctx, E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
    E = cast<Expr>(P);
    P = parentStatement(Ctx, P);
  }
  return P;
}

/// The element `a[e1]...[ek]` of every dimension of the array `Ref` names, or null.
const Expr *fullElement(ASTContext &Ctx, const DeclRefExpr *Ref, unsigned Rank) {
  const Expr *Cur = Ref;
  for (unsigned K = 0; K < Rank; ++K) {
    const Expr *Below = Cur;
    const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(parentPastCasts(Ctx, Below));
    if (!ASE || ASE->getBase()->IgnoreParenImpCasts() != Cur)
      return nullptr;
    Cur = ASE;
  }
  return Cur;
}

enum class Use { Read, Write, ReadWrite, Other };

Use useOf(ASTContext &Ctx, const Expr *Element) {
  const Stmt *P = parentStatement(Ctx, Element);
  const Expr *Cur = Element;
  while (P && isa<ParenExpr>(P)) {
    Cur = cast<Expr>(P);
    P = parentStatement(Ctx, P);
  }
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P); BO && BO->getLHS() == Cur)
    return BO->getOpcode() == BO_Assign ? Use::Write
           : BO->isAssignmentOp()       ? Use::ReadWrite
                                        : Use::Read;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P)) {
    if (UO->isIncrementDecrementOp())
      return Use::ReadWrite;
    if (UO->getOpcode() == UO_AddrOf)
      return Use::Other;
  }
  return Use::Read;
}

/// `CE` is `memset(a, v, sizeof a)` (memcpy, memmove: from another array), writing the whole
/// of array `VD`.
bool writesWhole(ASTContext &Ctx, const CallExpr *CE, const VarDecl *VD) {
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || CE->getNumArgs() != 3 || referencedVar(CE->getArg(0)->IgnoreParenCasts()) != VD)
    return false;
  StringRef Name = FD->getName();
  Name.consume_front("__builtin_");
  if (Name != "memset" && Name != "memcpy" && Name != "memmove")
    return false;
  if (Name != "memset" && mentions(CE->getArg(1), VD))
    return false;
  Expr::EvalResult R;
  return CE->getArg(2)->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt() == Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
}

/// Returns the call that `Ref` (through casts and parentheses) is an argument of, or null.
const CallExpr *callTaking(ASTContext &Ctx, const DeclRefExpr *Ref) {
  const Stmt *P = Ref;
  do
    P = parentStatement(Ctx, P);
  while (P && isa<CastExpr, ParenExpr>(P));
  return dyn_cast_or_null<CallExpr>(P);
}

/// `Ref` is the destination of a call that writes the whole of array `VD` (writesWhole).
bool wholeArrayDestination(ASTContext &Ctx, const DeclRefExpr *Ref, const VarDecl *VD) {
  const CallExpr *CE = callTaking(Ctx, Ref);
  return CE && CE->getNumArgs() == 3 && CE->getArg(0)->IgnoreParenCasts() == Ref &&
         writesWhole(Ctx, CE, VD);
}

/// The dimensions of `T` when every one has a constant size and its elements are numbers.
std::optional<std::vector<uint64_t>> numberArray(ASTContext &Ctx, QualType T) {
  std::optional<std::vector<uint64_t>> Dims = constantDims(Ctx, T);
  QualType Elem = innermost(T);
  if (!Dims || Elem.isNull() || !Elem->isArithmeticType() || Elem->isEnumeralType())
    return std::nullopt;
  return Dims;
}

class Checker {
public:
  /// Checks reads in `Region` (a loop's body, `For` the loop; or a function's body, For null).
  Checker(ASTContext &Ctx, const Stmt *Region, const ForStmt *For)
      : Loop(Region), LoopWrites(writesUnder(Region)), Ctx(Ctx), For(For), Body(Region) {}

  /// Whether `VD` is private to each iteration (the header's conditions).
  bool isPrivate(const VarDecl *VD, const Scan &InFunction) {
    std::optional<std::vector<uint64_t>> Dims = numberArray(Ctx, VD->getType());
    if (!Dims || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || VD->hasInit() ||
        VD->getType().isVolatileQualified() || LoopWrites.Locals.count(VD))
      return false;
    std::vector<const DeclRefExpr *> Mine;
    for (const DeclRefExpr *R : Loop.Refs)
      if (R->getDecl() == VD)
        Mine.push_back(R);
    if (Mine.empty())
      return false;
    // Used elsewhere in the function too (one scratch array for several loops, NPB's `dtemp`):
    // every read there must also follow a write of it in its block, so no value this loop
    // leaves is ever read.
    size_t All =
        llvm::count_if(InFunction.Refs, [&](const DeclRefExpr *R) { return R->getDecl() == VD; });
    if (Mine.size() != All) {
      if (!Function)
        return false;
      for (const DeclRefExpr *R : InFunction.Refs)
        if (R->getDecl() == VD && !llvm::is_contained(Mine, R) && !Function->scratchUse(R, VD))
          return false;
    }
    for (const DeclRefExpr *R : Mine)
      if (!scratchUse(R, VD))
        return false;
    return true;
  }

  /// `R` (a mention of array `VD`) fills all of it, writes an element, or reads one that an
  /// earlier statement of a block around it, inside the region, writes.
  bool scratchUse(const DeclRefExpr *R, const VarDecl *VD) const {
    std::optional<std::vector<uint64_t>> Dims = numberArray(Ctx, VD->getType());
    if (!Dims)
      return false;
    if (wholeArrayDestination(Ctx, R, VD) || filledByCall(R, VD, *Dims))
      return true;
    const Expr *E = fullElement(Ctx, R, Dims->size());
    if (!E)
      return false;
    Use U = useOf(Ctx, E);
    return U == Use::Write || (U != Use::Other && writtenFirst(VD, *Dims, E));
  }

  /// The same checks over the whole function (for uses outside the loop); may be null.
  const Checker *Function = nullptr;
  /// A statement whose writes never count as earlier writes (the offloaded loop, for the
  /// function's checker: private, its writes are gone after it).
  const Stmt *Exclude = nullptr;

  const Scan Loop;
  const body::WriteCollector LoopWrites;

private:
  ASTContext &Ctx;
  const ForStmt *For;
  const Stmt *Body;

  /// `S` is `a[e] = v` with `a[e]` the same as `Element`.
  bool assigns(const Stmt *S, const Expr *Element) const {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    return BO && BO->getOpcode() == BO_Assign && sameValue(Ctx, BO->getLHS(), Element);
  }

  /// A statement of `Loop`'s body, not under a condition, that assigns `Element`.
  bool bodyAssigns(const ForStmt *Loop, const Expr *Element) const {
    if (Scan(Loop->getBody()).BreakOrContinue)
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(Loop->getBody()))
      return llvm::any_of(CS->body(), [&](const Stmt *S) { return assigns(S, Element); });
    return assigns(Loop->getBody(), Element);
  }

  /// `VD` keeps its value inside `Around` (a statement of the body): the body never writes
  /// it, or it is the variable of a `for` around `Around` whose body does not write it (its
  /// header steps it between iterations). `Also`, a loop with the same variable, must not write
  /// it in its body either.
  bool steady(const VarDecl *VD, const Stmt *Around, const ForStmt *Also = nullptr) const {
    const Stmt *Scope = Body;
    for (const Stmt *S = Around; S && S != For; S = parentStatement(Ctx, S))
      if (const auto *FS = dyn_cast<ForStmt>(S); FS && loopVar(FS) == VD) {
        Scope = FS->getBody();
        break;
      }
    for (const auto &[V, By] : LoopWrites.Writes)
      if (V == VD && (within(Ctx, By, Scope) || (Also && within(Ctx, By, Also->getBody()))))
        return false;
    return true;
  }

  /// Every variable `E` reads keeps its value inside `Around`.
  bool steadyVars(const Expr *E, const VarDecl *Array, const Stmt *Around,
                  const ForStmt *Also = nullptr) const {
    for (const DeclRefExpr *R : Scan(E).Refs)
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl());
          V && V != Array && !steady(V, Around, Also))
        return false;
    return true;
  }

  const VarDecl *loopVar(const ForStmt *FS) const {
    LoopForm LF;
    Problem Ignored;
    return matchLoopForm(Ctx, FS, LF, Ignored) ? LF.Var : nullptr;
  }

  /// `A` and `B` have the same header, whose bounds keep their values inside `Around`.
  bool sameHeader(const ForStmt *A, const ForStmt *B, const VarDecl *Array,
                  const Stmt *Around) const {
    LoopForm X, Y;
    Problem Ignored;
    return matchLoopForm(Ctx, A, X, Ignored) && matchLoopForm(Ctx, B, Y, Ignored) &&
           X.Var == Y.Var && X.Op == Y.Op && X.Step == Y.Step && sameValue(Ctx, X.Lo, Y.Lo) &&
           sameValue(Ctx, X.Hi, Y.Hi) && steadyVars(X.Lo, Array, Around) &&
           steadyVars(X.Hi, Array, Around);
  }

  /// `for (k = 0; k < N; k++) a[k] = v;` over every element of a one-dimensional `a`.
  bool fillsWhole(const Stmt *S, const VarDecl *VD, const std::vector<uint64_t> &Dims) const {
    const auto *FS = dyn_cast<ForStmt>(S);
    LoopForm LF;
    Problem Ignored;
    if (!FS || Dims.size() != 1 || !matchLoopForm(Ctx, FS, LF, Ignored) || LF.Step != 1 ||
        LF.Op != Cond::LT)
      return false;
    Expr::EvalResult Lo, Hi;
    if (!LF.Lo->EvaluateAsInt(Lo, Ctx) || !LF.Hi->EvaluateAsInt(Hi, Ctx) || Lo.Val.getInt() != 0 ||
        Hi.Val.getInt() != (int64_t)Dims[0])
      return false;
    auto Fills = [&](const Stmt *St) {
      const auto *BO = dyn_cast<BinaryOperator>(St);
      const auto *ASE =
          BO && BO->getOpcode() == BO_Assign ? dyn_cast<ArraySubscriptExpr>(BO->getLHS()) : nullptr;
      return ASE && referencedVar(ASE->getBase()) == VD && referencedVar(ASE->getIdx()) == LF.Var;
    };
    if (Scan(FS->getBody()).BreakOrContinue || writesUnder(FS->getBody()).Written.count(LF.Var))
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(FS->getBody()))
      return llvm::any_of(CS->body(), Fills);
    return Fills(FS->getBody());
  }

  /// `CE` calls a function of this file that fills the whole of one-dimensional array `VD`,
  /// passed as an argument of its own: the parameter is only ever a destination `p[e] = v` in the
  /// callee, and a statement of the callee's body, with no `return` before it, is
  /// `for (k = 0; k < N; k++) p[k] = v;` (NPB's `exact_solution(xi, eta, zeta, dtemp)`).
  bool callFillsWhole(const CallExpr *CE, const VarDecl *VD,
                      const std::vector<uint64_t> &Dims) const {
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
    const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
    if (!Body || Dims.size() != 1 || CE->getNumArgs() != Def->getNumParams())
      return false;
    const ParmVarDecl *P = nullptr;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (const auto *R = dyn_cast<DeclRefExpr>(CE->getArg(I)->IgnoreParenImpCasts());
          R && R->getDecl() == VD) {
        if (P)
          return false; // passed twice
        P = Def->getParamDecl(I);
      }
    QualType Pointee = P ? P->getType()->getPointeeType() : QualType();
    if (Pointee.isNull() || Ctx.getCanonicalType(Pointee).getUnqualifiedType() !=
                                Ctx.getCanonicalType(innermost(VD->getType())).getUnqualifiedType())
      return false;
    for (const DeclRefExpr *R : Scan(Body).Refs) {
      if (R->getDecl() != P)
        continue;
      const Expr *E = fullElement(Ctx, R, 1);
      if (!E || useOf(Ctx, E) != Use::Write)
        return false;
    }
    for (const Stmt *S : Body->body()) {
      if (fillsWhole(S, P, Dims))
        return true;
      if (Scan(S).Returns)
        return false;
    }
    return false;
  }

  /// `Ref` is an argument of a call that fills the whole array (callFillsWhole).
  bool filledByCall(const DeclRefExpr *Ref, const VarDecl *VD,
                    const std::vector<uint64_t> &Dims) const {
    return callFillsWhole(callTaking(Ctx, Ref), VD, Dims);
  }

  /// Whether an earlier statement of a block around `Element` (a read, inside the loop) writes
  /// it in the same iteration.
  bool writtenFirst(const VarDecl *VD, const std::vector<uint64_t> &Dims,
                    const Expr *Element) const {
    std::vector<const ForStmt *> Around; // the loops around the read, innermost first
    const Stmt *Child = Element;
    for (const Stmt *P = parentStatement(Ctx, Child); P && Child != Body;
         Child = P, P = parentStatement(Ctx, P)) {
      if (const auto *CS = dyn_cast<CompoundStmt>(P))
        for (const Stmt *Prev : CS->body()) {
          if (Prev == Child)
            break;
          // The offloaded loop's own writes do not reach a read after it once it is private.
          if (Exclude && within(Ctx, Exclude, Prev))
            continue;
          if (const auto *E = dyn_cast<Expr>(Prev);
              E && (writesWhole(Ctx, dyn_cast<CallExpr>(E->IgnoreParenCasts()), VD) ||
                    callFillsWhole(dyn_cast<CallExpr>(E->IgnoreParenCasts()), VD, Dims)))
            return true;
          if (fillsWhole(Prev, VD, Dims))
            return true;
          if (assigns(Prev, Element) && steadyVars(Element, VD, CS))
            return true;
          // One loop fills `t[p]`, a later one with the same header reads it.
          if (const auto *Fill = dyn_cast<ForStmt>(Prev))
            for (const ForStmt *Read : Around)
              if (sameHeader(Fill, Read, VD, CS) && bodyAssigns(Fill, Element) &&
                  steadyVars(Element, VD, Read, Fill))
                return true;
        }
      if (const auto *FS = dyn_cast<ForStmt>(P); FS && Child == FS->getBody())
        Around.push_back(FS);
      if (P == Body)
        break;
    }
    return false;
  }
};

} // namespace

std::optional<std::vector<uint64_t>> constantDims(ASTContext &Ctx, QualType T) {
  std::vector<uint64_t> Dims;
  for (const ArrayType *AT = Ctx.getAsArrayType(T); AT; AT = Ctx.getAsArrayType(T)) {
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    if (!CAT)
      return std::nullopt;
    Dims.push_back(CAT->getSize().getZExtValue());
    T = AT->getElementType();
  }
  if (Dims.empty())
    return std::nullopt;
  return Dims;
}

std::vector<const VarDecl *> iterationPrivateArrays(ASTContext &Ctx, const LoopForm &F) {
  std::vector<const VarDecl *> Out;
  const FunctionDecl *Fn = enclosingFunction(Ctx, F.For);
  if (!Fn || !Fn->getBody())
    return Out;
  Checker C(Ctx, F.For->getBody(), F.For);
  if (C.Loop.Labels)
    return Out;
  Checker InFn(Ctx, Fn->getBody(), nullptr);
  InFn.Exclude = F.For;
  C.Function = &InFn;
  std::optional<Scan> InFunction; // the function is read only for a local array of the body
  for (const DeclRefExpr *R : C.Loop.Refs) {
    const auto *VD = dyn_cast<VarDecl>(R->getDecl());
    if (!VD || !VD->hasLocalStorage() || !VD->getType()->isArrayType() ||
        llvm::is_contained(Out, VD))
      continue;
    if (!InFunction) {
      InFunction.emplace(Fn->getBody());
      if (InFunction->Labels)
        return Out;
    }
    if (C.isPrivate(VD, *InFunction))
      Out.push_back(VD);
  }
  return Out;
}

} // namespace gpupar
