//===- PrivateArrays.cpp - local arrays each iteration writes before it reads ----===//
#include "Analysis/PrivateArrays.h"

#include "Analysis/BodyWalker.h"
#include "Analysis/Functions.h"
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
  if (!FD || CE->getNumArgs() != 3 || !VD->getType()->isConstantArrayType() ||
      referencedVar(CE->getArg(0)->IgnoreParenCasts()) != VD)
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

/// Constants beyond this size are not tracked (no array of numbers is as large in a dimension).
constexpr int64_t Huge = int64_t(1) << 40;

std::optional<int64_t> smallConstant(ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  std::optional<int64_t> V = R.Val.getInt().tryExtValue();
  if (!V || *V <= -Huge || *V >= Huge)
    return std::nullopt;
  return V;
}

/// A bound `Sym + Off`: a constant when Sym is null, else a variable of a signed integer type or
/// an element at constant indices of a fixed-size array of them (`n - 1`, `grid_points[0] - 2`;
/// signed, so that `n - 1` is one less than `n`). Whoever compares bounds checks that their Sym
/// keeps its value in between (Filled::covers' Steady).
struct Bound {
  const Expr *Sym = nullptr;
  int64_t Off = 0;
};

/// `E` as a Bound.
std::optional<Bound> boundOf(ASTContext &Ctx, const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (std::optional<int64_t> C = smallConstant(Ctx, E))
    return Bound{nullptr, *C};
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
    bool Add = BO->getOpcode() == BO_Add;
    std::optional<Bound> B;
    if (!BO->getType()->isSignedIntegerType())
      return std::nullopt;
    std::optional<int64_t> C = smallConstant(Ctx, BO->getRHS());
    if (C) {
      B = boundOf(Ctx, BO->getLHS());
      if (B)
        B->Off += Add ? *C : -*C;
    } else if (Add && (C = smallConstant(Ctx, BO->getLHS()))) {
      B = boundOf(Ctx, BO->getRHS());
      if (B)
        B->Off += *C;
    }
    if (B && (B->Off <= -Huge || B->Off >= Huge))
      return std::nullopt;
    return B;
  }
  const Expr *Root = E;
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Root)) {
    Root = ASE->getBase()->IgnoreParenImpCasts();
    if (!smallConstant(Ctx, ASE->getIdx()) || !Ctx.getAsConstantArrayType(Root->getType()))
      return std::nullopt;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Root);
  if (!Ref || !isa<VarDecl>(Ref->getDecl()) || !E->getType()->isSignedIntegerType() ||
      E->getType().isVolatileQualified())
    return std::nullopt;
  return Bound{E, 0};
}

/// The subscripts a dimension covers: the range [Lo, Hi), or, with `Same` set, exactly the
/// subscript that expression names (neither a constant nor a fill loop's variable: `t[j][m]`
/// filled inside a loop over `j` covers row `j` of the same iteration of `j`). A symbolic range
/// may be empty; it covers a range that it provably contains.
struct Extent {
  Bound Lo, Hi;
  const Expr *Same = nullptr;
  static Extent constant(int64_t Lo, int64_t Hi) { return Extent{{nullptr, Lo}, {nullptr, Hi}}; }
  bool isConstant() const { return !Same && !Lo.Sym && !Hi.Sym; }
};
using Box = std::vector<Extent>; ///< one extent per dimension, outermost first

/// The values the variable of `FS` takes while its body runs, when the loop is canonical, steps
/// by one up or down between Bounds (compared as signed numbers unless both are constants), and
/// its body does not write the variable.
std::optional<Extent> loopRange(ASTContext &Ctx, const ForStmt *FS, const VarDecl *&Var) {
  LoopForm LF;
  Problem Ignored;
  if (!FS || !matchLoopForm(Ctx, FS, LF, Ignored) ||
      writesUnder(FS->getBody()).Written.count(LF.Var))
    return std::nullopt;
  std::optional<Bound> Lo = boundOf(Ctx, LF.Lo), Hi = boundOf(Ctx, LF.Hi);
  if (!Lo || !Hi || ((Lo->Sym || Hi->Sym) && !LF.CmpType->isSignedIntegerType()))
    return std::nullopt;
  Var = LF.Var;
  auto Plus = [](Bound B, int64_t K) {
    B.Off += K;
    return B;
  };
  if (LF.Step == 1 && (LF.Op == Cond::LT || LF.Op == Cond::LE))
    return Extent{*Lo, Plus(*Hi, LF.Op == Cond::LE)};
  if (LF.Step == -1 && (LF.Op == Cond::GT || LF.Op == Cond::GE))
    return Extent{Plus(*Hi, LF.Op == Cond::GT), Plus(*Lo, 1)};
  return std::nullopt;
}

/// The subscripts `E` takes when it is a constant or `v`, `v + c`, `v - c`, `c + v` with the
/// values of `v` given by `RangeOf`; `Var` is set to `v`.
std::optional<Extent>
subscriptRange(ASTContext &Ctx, const Expr *E, const VarDecl *&Var,
               llvm::function_ref<std::optional<Extent>(const VarDecl *)> RangeOf) {
  Var = nullptr;
  E = E->IgnoreParenImpCasts();
  if (std::optional<int64_t> C = smallConstant(Ctx, E))
    return Extent::constant(*C, *C + 1);
  int64_t Shift = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
    if (std::optional<int64_t> C = smallConstant(Ctx, BO->getRHS())) {
      Shift = BO->getOpcode() == BO_Add ? *C : -*C;
      E = BO->getLHS()->IgnoreParenImpCasts();
    } else if (std::optional<int64_t> C = smallConstant(Ctx, BO->getLHS());
               C && BO->getOpcode() == BO_Add) {
      Shift = *C;
      E = BO->getRHS()->IgnoreParenImpCasts();
    } else {
      return std::nullopt;
    }
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  std::optional<Extent> X = Var ? RangeOf(Var) : std::nullopt;
  if (!X || X->Same)
    return std::nullopt;
  X->Lo.Off += Shift;
  X->Hi.Off += Shift;
  return X;
}

/// The subscripts of element `E` (`a[e1]...[ek]`, every dimension), outermost first; empty
/// when `E` is not such an element of `Array`.
std::vector<const Expr *> subscriptsOf(const Expr *E, const ValueDecl *Array, unsigned Rank) {
  std::vector<const Expr *> Subs;
  const Expr *Cur = E->IgnoreParens();
  for (unsigned K = 0; K < Rank; ++K) {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(Cur);
    if (!ASE)
      return {};
    Subs.insert(Subs.begin(), ASE->getIdx());
    Cur = ASE->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Cur);
  if (!Ref || Ref->getDecl() != Array)
    return {};
  return Subs;
}

bool callFillsWhole(ASTContext &Ctx, const CallExpr *CE, const VarDecl *VD,
                    const std::vector<uint64_t> &Dims);
bool paramFilled(ASTContext &Ctx, const CallExpr *CE, unsigned Arg, QualType Elem, uint64_t Length);

/// The subscripts `e1 ... e(k-1)` of a row of array `Array` (rank k > 1) passed as a pointer to
/// its first element: `&a[e1]...[e(k-1)][0]` or `a[e1]...[e(k-1)]`; empty otherwise.
std::vector<const Expr *> rowArgument(ASTContext &Ctx, const Expr *Arg, const VarDecl *Array,
                                      unsigned Rank) {
  if (Rank < 2)
    return {};
  Arg = Arg->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Arg);
      ICE && ICE->getCastKind() == CK_ArrayToPointerDecay)
    return subscriptsOf(ICE->getSubExpr(), Array, Rank - 1);
  const auto *UO = dyn_cast<UnaryOperator>(Arg);
  if (!UO || UO->getOpcode() != UO_AddrOf)
    return {};
  std::vector<const Expr *> Subs = subscriptsOf(UO->getSubExpr(), Array, Rank);
  std::optional<int64_t> First = Subs.empty() ? std::nullopt : smallConstant(Ctx, Subs.back());
  if (!First || *First != 0)
    return {};
  Subs.pop_back();
  return Subs;
}

/// The subscripts of the row of `Array` that `CE` fills (rowArgument, and the callee fills
/// its parameter as callFillsWhole asks, over the row's length); empty when it fills none.
std::vector<const Expr *> rowFilledByCall(ASTContext &Ctx, const CallExpr *CE, const VarDecl *Array,
                                          const std::vector<uint64_t> &Dims) {
  if (!CE)
    return {};
  std::vector<const Expr *> Row;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    std::vector<const Expr *> Subs = rowArgument(Ctx, CE->getArg(I), Array, Dims.size());
    if (!Subs.empty()) {
      if (!Row.empty() || !paramFilled(Ctx, CE, I, innermost(Array->getType()), Dims.back()))
        return {};
      Row = std::move(Subs);
    } else if (mentions(CE->getArg(I), Array)) {
      return {}; // the array reaches the callee another way too
    }
  }
  return Row;
}

/// The elements of an array that statements write whenever they run to their end, as boxes:
/// assignments to elements whose subscripts are constants or the variables of `for` loops around
/// them whose bounds are Bounds (`for (m = 0; m < 5; m++) { t[m][0] = ...; t[m][4] = ...; }`,
/// `for (k = 0; k < n; k++) line[k] = ...`), `memset`/`memcpy` of the whole array, calls that
/// fill it (callFillsWhole). Boxes that differ in one dimension only and meet there are joined,
/// so five columns make a whole row.
class Filled {
public:
  Filled(ASTContext &Ctx, const VarDecl *Array, const std::vector<uint64_t> &Dims)
      : Ctx(Ctx), Array(Array), Dims(Dims) {}

  void add(const Stmt *S) {
    if (!S || Scan(S).Labels)
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : CS->body()) {
        if (Scan(Child).Returns) // a function may return before it fills the rest
          return;
        add(Child);
      }
    } else if (const auto *FS = dyn_cast<ForStmt>(S)) {
      addLoop(FS);
    } else if (const auto *IS = dyn_cast<IfStmt>(S)) {
      addBranches(IS);
    } else if (const auto *E = dyn_cast<Expr>(S)) {
      addExpr(E->IgnoreParenCasts());
    }
  }

  /// Every element of the array.
  bool coversAll() const {
    std::vector<std::optional<Extent>> Unknown(Dims.size());
    auto Never = [](const Expr *) { return false; };
    return llvm::any_of(Boxes, [&](const Box &B) { return inside(B, {}, Unknown, Never); });
  }

  /// Element `Subs` (its subscripts), whose subscripts range over `Spans` (none: any value of
  /// the dimension). `Steady(e)` says whether the variables of `e` (a Same subscript, or a
  /// bound's symbol) keep their values between the fill and the read.
  bool covers(const std::vector<const Expr *> &Subs,
              const std::vector<std::optional<Extent>> &Spans,
              llvm::function_ref<bool(const Expr *)> Steady) const {
    return llvm::any_of(Boxes, [&](const Box &B) {
      for (unsigned K = 0; K < B.size(); ++K)
        if (B[K].Same && !(sameValue(Ctx, B[K].Same, Subs[K]) && Steady(B[K].Same)))
          return false;
      return inside(B, Subs, Spans, Steady);
    });
  }

private:
  ASTContext &Ctx;
  const VarDecl *Array;
  const std::vector<uint64_t> &Dims;
  std::vector<Box> Boxes;
  llvm::DenseMap<const VarDecl *, Extent> FillVars; ///< the fill loops around the statement

  /// The ranges of `Spans` lie in `B`'s (a Same dimension was checked by the caller).
  bool inside(const Box &B, const std::vector<const Expr *> &Subs,
              const std::vector<std::optional<Extent>> &Spans,
              llvm::function_ref<bool(const Expr *)> Steady) const {
    for (unsigned K = 0; K < B.size(); ++K) {
      if (B[K].Same) {
        if (Subs.empty())
          return false;
        continue;
      }
      Extent Want = Spans[K] ? *Spans[K] : Extent::constant(0, int64_t(Dims[K]));
      if (Want.isConstant() && Want.Lo.Off >= Want.Hi.Off)
        continue; // no read there
      // A read range that is not empty lies in B's (then B's is not empty either), or B's is
      // the whole dimension.
      Extent All = Extent::constant(0, int64_t(Dims[K]));
      if ((!atMost(B[K].Lo, Want.Lo, Steady) || !atMost(Want.Hi, B[K].Hi, Steady)) &&
          (!atMost(B[K].Lo, All.Lo, Steady) || !atMost(All.Hi, B[K].Hi, Steady)))
        return false;
    }
    return true;
  }

  /// `A <= B` for all values: constants, or the same steady symbol.
  bool atMost(const Bound &A, const Bound &B, llvm::function_ref<bool(const Expr *)> Steady) const {
    if (!A.Sym && !B.Sym)
      return A.Off <= B.Off;
    return A.Sym && B.Sym && sameValue(Ctx, A.Sym, B.Sym) && Steady(A.Sym) && A.Off <= B.Off;
  }

  bool sameBound(const Bound &A, const Bound &B) const {
    return A.Off == B.Off && (A.Sym ? B.Sym && sameValue(Ctx, A.Sym, B.Sym) : !B.Sym);
  }

  void addLoop(const ForStmt *FS) {
    const VarDecl *Var = nullptr;
    std::optional<Extent> X = loopRange(Ctx, FS, Var);
    Scan Body(FS->getBody());
    if (!X || Body.BreakOrContinue || Body.Returns || FillVars.count(Var) ||
        (X->isConstant() && X->Lo.Off >= X->Hi.Off))
      return;
    // A bound that moves with an enclosing fill loop, or with the array, names no fixed range.
    for (const Bound *B : {&X->Lo, &X->Hi})
      if (B->Sym && (mentions(B->Sym, Array) || llvm::any_of(FillVars, [&](const auto &FV) {
                       return mentions(B->Sym, FV.first);
                     })))
        return;
    FillVars[Var] = *X;
    add(FS->getBody());
    FillVars.erase(Var);
  }

  /// `if (c) A else B`: what both branches write (the same boxes in each; `if (k == 0) t[k] =
  /// a; else t[k] = b;` in a fill loop). A branch may leave the statement (`break`, `return`)
  /// only where the read would not be reached either: the caller's loop body has none.
  void addBranches(const IfStmt *IS) {
    if (!IS->getElse() || IS->isConsteval())
      return;
    Filled Then(Ctx, Array, Dims), Else(Ctx, Array, Dims);
    Then.FillVars = Else.FillVars = FillVars;
    Then.add(IS->getThen());
    Else.add(IS->getElse());
    for (const Box &B : Then.Boxes)
      if (llvm::any_of(Else.Boxes, [&](const Box &C) { return sameBox(B, C); }))
        insert(B);
  }

  bool sameBox(const Box &A, const Box &B) const {
    for (size_t K = 0; K < A.size(); ++K)
      if (!sameExtent(A[K], B[K]))
        return false;
    return true;
  }

  void addExpr(const Expr *E) {
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      if (writesWhole(Ctx, CE, Array) || callFillsWhole(Ctx, CE, Array, Dims)) {
        Box All;
        for (uint64_t D : Dims)
          All.push_back(Extent::constant(0, int64_t(D)));
        insert(std::move(All));
      } else if (std::vector<const Expr *> Row = rowFilledByCall(Ctx, CE, Array, Dims);
                 !Row.empty()) {
        // `fill(&t[k][0])` in a loop over k: the box of the row, all of its last dimension.
        if (std::optional<Box> B = subscriptBox(Row)) {
          B->push_back(Extent::constant(0, int64_t(Dims.back())));
          insert(std::move(*B));
        }
      }
      return;
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || (BO->getOpcode() != BO_Assign && BO->getOpcode() != BO_Comma))
      return;
    if (BO->getOpcode() == BO_Comma) {
      addExpr(BO->getLHS()->IgnoreParenCasts());
    } else if (std::optional<Box> B = elementBox(BO->getLHS())) {
      insert(std::move(*B));
    }
    addExpr(BO->getRHS()->IgnoreParenCasts()); // `t[0] = t[1] = 0`
  }

  /// The box of element `LHS`, each fill loop's variable used in one dimension at most.
  std::optional<Box> elementBox(const Expr *LHS) const {
    std::vector<const Expr *> Subs = subscriptsOf(LHS, Array, Dims.size());
    if (Subs.empty())
      return std::nullopt;
    return subscriptBox(Subs);
  }

  /// The box of subscripts `Subs` (the leading dimensions, or all of them).
  std::optional<Box> subscriptBox(const std::vector<const Expr *> &Subs) const {
    Box B;
    llvm::DenseSet<const VarDecl *> Used;
    for (const Expr *Sub : Subs) {
      const VarDecl *Var = nullptr;
      std::optional<Extent> X = subscriptRange(Ctx, Sub, Var, [&](const VarDecl *V) {
        auto It = FillVars.find(V);
        return It == FillVars.end() ? std::nullopt : std::optional<Extent>(It->second);
      });
      if (X && Var && !Used.insert(Var).second)
        return std::nullopt; // a diagonal
      if (!X) {
        // Exactly this subscript: it must not move with a fill loop or the array itself.
        if (Sub->HasSideEffects(Ctx) || mentions(Sub, Array) ||
            llvm::any_of(FillVars, [&](const auto &FV) { return mentions(Sub, FV.first); }))
          return std::nullopt;
        X = Extent{{}, {}, Sub};
      }
      B.push_back(*X);
    }
    return B;
  }

  bool sameExtent(const Extent &A, const Extent &B) const {
    if (A.Same || B.Same)
      return A.Same && B.Same && sameValue(Ctx, A.Same, B.Same);
    return sameBound(A.Lo, B.Lo) && sameBound(A.Hi, B.Hi);
  }

  /// `A` and `B` joined when they differ in one range only and meet there.
  std::optional<Box> joined(const Box &A, const Box &B) const {
    std::optional<unsigned> Differ;
    for (unsigned K = 0; K < A.size(); ++K)
      if (!sameExtent(A[K], B[K])) {
        if (Differ || A[K].Same || B[K].Same)
          return std::nullopt;
        Differ = K;
      }
    if (!Differ)
      return A;
    const Extent &X = A[*Differ], &Y = B[*Differ];
    Box U = A;
    if (X.isConstant() && Y.isConstant()) { // not empty (addLoop): overlapping or adjacent
      if (X.Hi.Off < Y.Lo.Off || Y.Hi.Off < X.Lo.Off)
        return std::nullopt;
      U[*Differ] = Extent::constant(std::min(X.Lo.Off, Y.Lo.Off), std::max(X.Hi.Off, Y.Hi.Off));
    } else if (sameBound(X.Hi, Y.Lo)) { // [a, b) and [b, c) hold [a, c), empty or not
      U[*Differ] = Extent{X.Lo, Y.Hi};
    } else if (sameBound(Y.Hi, X.Lo)) {
      U[*Differ] = Extent{Y.Lo, X.Hi};
    } else {
      return std::nullopt;
    }
    return U;
  }

  void insert(Box B) {
    constexpr size_t MaxBoxes = 256; // beyond this, a fill is not worth following
    for (size_t I = 0; I < Boxes.size();)
      if (std::optional<Box> U = joined(Boxes[I], B)) {
        B = std::move(*U);
        Boxes.erase(Boxes.begin() + I);
        I = 0;
      } else {
        ++I;
      }
    if (Boxes.size() < MaxBoxes)
      Boxes.push_back(std::move(B));
  }
};

/// `CE` calls a function of this file that fills the whole of one-dimensional array `VD`,
/// passed as an argument of its own (paramFilled; NPB's `exact_solution(xi, eta, zeta, dtemp)`).
bool callFillsWhole(ASTContext &Ctx, const CallExpr *CE, const VarDecl *VD,
                    const std::vector<uint64_t> &Dims) {
  if (!CE || Dims.size() != 1)
    return false;
  std::optional<unsigned> Arg;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I)
    if (const auto *R = dyn_cast<DeclRefExpr>(CE->getArg(I)->IgnoreParenImpCasts());
        R && R->getDecl() == VD) {
      if (Arg)
        return false; // passed twice
      Arg = I;
    }
  return Arg && paramFilled(Ctx, CE, *Arg, innermost(VD->getType()), Dims[0]);
}

/// `CE` calls a function of this file whose parameter for argument `Arg`, a pointer to `Elem`,
/// is only ever a destination `p[e] = v` in the callee, and whose statements before any
/// `return` fill its elements [0, Length) (Filled).
bool paramFilled(ASTContext &Ctx, const CallExpr *CE, unsigned Arg, QualType Elem,
                 uint64_t Length) {
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || CE->getNumArgs() != Def->getNumParams() || Arg >= CE->getNumArgs())
    return false;
  const ParmVarDecl *P = Def->getParamDecl(Arg);
  QualType Pointee = P->getType()->getPointeeType();
  if (Pointee.isNull() || Ctx.getCanonicalType(Pointee).getUnqualifiedType() !=
                              Ctx.getCanonicalType(Elem).getUnqualifiedType())
    return false;
  for (const DeclRefExpr *R : Scan(Body).Refs) {
    if (R->getDecl() != P)
      continue;
    const Expr *E = fullElement(Ctx, R, 1);
    if (!E || useOf(Ctx, E) != Use::Write)
      return false;
  }
  std::vector<uint64_t> Dims{Length};
  Filled F(Ctx, P, Dims);
  F.add(Body);
  return F.coversAll();
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

  /// Whether file array `VD` (of numbers, constant size) is mentioned in the region, and only in
  /// scratch uses (scratchUse).
  bool scratchOnly(const VarDecl *VD) const {
    if (!numberArray(Ctx, VD->getType()) || VD->getType().isVolatileQualified())
      return false;
    bool Any = false;
    for (const DeclRefExpr *R : Loop.Refs)
      if (R->getDecl() == VD) {
        Any = true;
        if (!scratchUse(R, VD))
          return false;
      }
    return Any;
  }

  /// `R` (a mention of array `VD`) fills all of it, writes an element, or reads one that an
  /// earlier statement of a block around it, inside the region, writes.
  bool scratchUse(const DeclRefExpr *R, const VarDecl *VD) const {
    std::optional<std::vector<uint64_t>> Dims = numberArray(Ctx, VD->getType());
    if (!Dims)
      return false;
    if (wholeArrayDestination(Ctx, R, VD) || filledByCall(R, VD, *Dims) ||
        rowFilledAt(R, VD, *Dims))
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

  /// `Ref` names the row that a call fills (rowFilledByCall): `fill(&t[k][0])`.
  bool rowFilledAt(const DeclRefExpr *Ref, const VarDecl *VD,
                   const std::vector<uint64_t> &Dims) const {
    const Expr *Arg = Ref;
    for (const Stmt *P = parentStatement(Ctx, Ref); P && !isa<CallExpr>(P);
         P = parentStatement(Ctx, P)) {
      if (!isa<ArraySubscriptExpr, ParenExpr, ImplicitCastExpr, UnaryOperator>(P))
        return false;
      Arg = cast<Expr>(P);
    }
    const CallExpr *CE = dyn_cast_or_null<CallExpr>(parentStatement(Ctx, Arg));
    return CE && llvm::is_contained(CE->arguments(), Arg) &&
           !rowArgument(Ctx, Arg, VD, Dims.size()).empty() &&
           !rowFilledByCall(Ctx, CE, VD, Dims).empty();
  }

  /// `Ref` is an argument of a call that fills the whole array (callFillsWhole).
  bool filledByCall(const DeclRefExpr *Ref, const VarDecl *VD,
                    const std::vector<uint64_t> &Dims) const {
    return callFillsWhole(Ctx, callTaking(Ctx, Ref), VD, Dims);
  }

  /// The values `V` takes at `Read`: the range of a `for` over it around the read, else of the
  /// value of the assignment `V = e;` that reaches the read (`ip1 = i + 1;` before `t[ip1]`).
  std::optional<Extent> valueRange(const VarDecl *V, const Expr *Read, unsigned Depth) const {
    if (std::optional<Extent> X = readLoopRange(V, Read))
      return X;
    const Expr *E = Depth < 4 ? reachingValue(V, Read) : nullptr;
    const VarDecl *Var = nullptr;
    if (!E)
      return std::nullopt;
    return subscriptRange(Ctx, E, Var,
                          [&](const VarDecl *W) { return valueRange(W, Read, Depth + 1); });
  }

  /// The value `e` of the statement `V = e;` of a block around `Read` (in the region) that
  /// precedes it, when neither V nor a variable of `e` is written from there to the read.
  const Expr *reachingValue(const VarDecl *V, const Expr *Read) const {
    const Stmt *Child = Read;
    for (const Stmt *P = parentStatement(Ctx, Child); P && Child != Body;
         Child = P, P = parentStatement(Ctx, P)) {
      const auto *CS = dyn_cast<CompoundStmt>(P);
      if (!CS)
        continue;
      std::vector<const Stmt *> Between{Child}; // from the assignment to the read
      for (auto It = llvm::find(CS->body(), Child); It != CS->body().begin();) {
        const Stmt *Prev = *--It;
        const auto *BO = dyn_cast<BinaryOperator>(Prev);
        const auto *LHS = BO && BO->getOpcode() == BO_Assign
                              ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())
                              : nullptr;
        if (LHS && LHS->getDecl() == V) {
          const Expr *E = BO->getRHS();
          if (E->HasSideEffects(Ctx) || mentions(E, V))
            return nullptr;
          for (const Stmt *S : Between) {
            body::WriteCollector W = writesUnder(S);
            if (W.Written.count(V) || llvm::any_of(Scan(E).Refs, [&](const DeclRefExpr *R) {
                  const auto *X = dyn_cast<VarDecl>(R->getDecl());
                  return !X || W.Written.count(X);
                }))
              return nullptr;
          }
          return E;
        }
        if (writesUnder(Prev).Written.count(V))
          return nullptr;
        Between.push_back(Prev);
      }
      if (P == Body)
        break;
    }
    return nullptr;
  }

  /// The values `V` takes at `Read` when it is the variable of a `for` around it in the region
  /// (loopRange).
  std::optional<Extent> readLoopRange(const VarDecl *V, const Expr *Read) const {
    for (const Stmt *S = parentStatement(Ctx, Read); S && S != Body; S = parentStatement(Ctx, S))
      if (const auto *FS = dyn_cast<ForStmt>(S);
          FS && within(Ctx, Read, FS->getBody()) && loopVar(FS) == V) {
        const VarDecl *Var = nullptr;
        return loopRange(Ctx, FS, Var);
      }
    return std::nullopt;
  }

  /// Whether an earlier statement of a block around `Element` (a read, inside the loop) writes
  /// it in the same iteration.
  bool writtenFirst(const VarDecl *VD, const std::vector<uint64_t> &Dims,
                    const Expr *Element) const {
    std::vector<const ForStmt *> Around; // the loops around the read, innermost first
    std::vector<const Expr *> Subs = subscriptsOf(Element, VD, Dims.size());
    std::vector<std::optional<Extent>> Spans;
    for (const Expr *Sub : Subs) {
      const VarDecl *Var = nullptr;
      Spans.push_back(subscriptRange(Ctx, Sub, Var,
                                     [&](const VarDecl *V) { return valueRange(V, Element, 0); }));
    }
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
          Filled F(Ctx, VD, Dims);
          F.add(Prev);
          if (!Subs.empty() &&
              F.covers(Subs, Spans, [&](const Expr *E) { return steadyVars(E, VD, CS); }))
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

/// The file variables that the functions `Body` calls (and those they call) use.
static std::vector<const VarDecl *> calleeGlobals(const ASTContext &Ctx, const Stmt *Body) {
  std::vector<const VarDecl *> Out;
  std::vector<const Stmt *> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Def = nullptr;
      if (const FunctionDecl *FD = CE->getDirectCallee(); FD && FD->hasBody(Def) && Def)
        for (const VarDecl *G : functionGlobals(Ctx, Def))
          if (!llvm::is_contained(Out, G))
            Out.push_back(G);
    }
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return Out;
}

std::vector<const VarDecl *> threadPrivateArrays(ASTContext &Ctx, const LoopForm &F,
                                                 const std::vector<std::string> &Names) {
  std::vector<const VarDecl *> Out;
  if (Names.empty())
    return Out;
  Checker C(Ctx, F.For->getBody(), F.For);
  if (C.Loop.Labels)
    return Out;
  std::optional<std::vector<const VarDecl *>> FromCalls;
  for (const DeclRefExpr *R : C.Loop.Refs) {
    const auto *VD = dyn_cast<VarDecl>(R->getDecl());
    if (!VD || !VD->isFileVarDecl() || !VD->getType()->isArrayType() ||
        llvm::is_contained(Out, VD) || !llvm::is_contained(Names, VD->getName().str()))
      continue;
    if (!FromCalls)
      FromCalls = calleeGlobals(Ctx, F.For->getBody());
    if (!llvm::is_contained(*FromCalls, VD->getCanonicalDecl()) && C.scratchOnly(VD))
      Out.push_back(VD);
  }
  return Out;
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
