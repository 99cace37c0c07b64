//===- Scatter.cpp - writes at indices known only at run time -------------===//
//
// `dst[perm[i]] = v`: a write whose subscript is not affine in the loop variables (an index
// read from memory, a product of loop variables). Such an array is offloaded as a *scatter*
// array when the user vouches with `independent` that no two iterations write the same element
// and the extent is known (`map(tofrom: dst[lo:len])`, or a fixed-size array): every device
// gets the whole section and the runtime copies back only the bytes a device changed
// (GPUPAR_SCATTER, docs/runtime.md "Scatter writes"). The loop must not read the array (a read
// is a read-modify-write: `dst[idx[i]] += v` may update one element twice, which is an array
// reduction), and every write to it must be such a write.
//
// Without the clauses the loop stays serial with a warning that names the clause that would
// make it offloadable if what it asserts is true; `independent` is not suggested when the index
// is not read from memory (`a[k]` with `k` set in branches) or when two writes use one index
// array at different positions (`x[idx[i]]` and `x[idx[i + 1]]`: iterations i and i + 1 both
// write the element idx[i + 1] names, a proven dependence, an error even under `independent`).
//
//===----------------------------------------------------------------------===//
#include "Analysis/Allocation.h"
#include "Analysis/BodyWalker.h"
#include "Analysis/ElementUpdate.h"
#include "Analysis/Emittable.h"
#include "Text.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace gpupar {
namespace body {

namespace {

/// Expands body locals into the expressions they hold: `int k = perm[i]; x[k] = v` writes at
/// `perm[i]`. Only locals with an initialiser (or one assignment: AssignedOnce) that the body
/// never assigns otherwise.
struct Expander {
  const WriteCollector &Pre;
  const llvm::DenseMap<const VarDecl *, const Expr *> &AssignedOnce;

  const Expr *expand(const Expr *E, unsigned &Depth) const {
    E = E->IgnoreParenImpCasts();
    while (Depth < 8) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E);
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || !Pre.Locals.count(VD))
        return E;
      const Expr *Value = nullptr;
      if (auto It = AssignedOnce.find(VD); It != AssignedOnce.end())
        Value = It->second;
      else if (VD->getInit() && !Pre.Written.count(VD))
        Value = VD->getInit();
      if (!Value)
        return E;
      E = Value->IgnoreParenImpCasts();
      ++Depth;
    }
    return E;
  }

  /// Returns whether evaluating `E` reads memory other than `Self` (the written array): an
  /// element of another array, `*p` or `p->f`, also through the locals it uses.
  bool readsMemory(const Expr *E, const VarDecl *Self, unsigned Depth = 0) const {
    if (!E || Depth > 8)
      return false;
    E = expand(E, Depth);
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
      while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
        Base = Inner->getBase()->IgnoreParenImpCasts();
      const auto *DRE = dyn_cast<DeclRefExpr>(Base);
      if (!DRE || DRE->getDecl() != Self)
        return true;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
      return !mentions(UO->getSubExpr(), Self) || readsMemory(UO->getSubExpr(), Self, Depth + 1);
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && ME->isArrow())
      return true;
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C); CE && readsMemory(CE, Self, Depth + 1))
        return true;
    return false;
  }
};

/// Compares two write subscripts structurally: equal except, possibly, where both read one
/// index array (never written in the loop) at `v + c1` and `v + c2`, `v` the loop variable.
struct ShiftMatcher {
  const ASTContext &Ctx;
  const Expander &X;
  const VarDecl *Var;
  const BodyInfo &Info;
  std::optional<int64_t> Shift; ///< c2 - c1 where they differ (the same everywhere)
  const VarDecl *Index = nullptr;

  /// `v`, `v + c`, `c + v`, `v - c` with an integer constant c: c.
  std::optional<int64_t> offset(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    auto IsVar = [&](const Expr *S) {
      const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == Var;
    };
    if (IsVar(E))
      return 0;
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
      return std::nullopt;
    Expr::EvalResult R;
    const Expr *C = IsVar(BO->getLHS())                                ? BO->getRHS()
                    : BO->getOpcode() == BO_Add && IsVar(BO->getRHS()) ? BO->getLHS()
                                                                       : nullptr;
    if (!C || !C->EvaluateAsInt(R, Ctx) || R.Val.getInt().getSignificantBits() > 32)
      return std::nullopt;
    int64_t V = R.Val.getInt().getExtValue();
    return BO->getOpcode() == BO_Sub ? -V : V;
  }

  bool writtenInLoop(const VarDecl *VD) const {
    for (const Access &A : Info.Accesses)
      if (A.Array == VD && A.IsWrite)
        return true;
    return false;
  }

  bool match(const Expr *A, const Expr *B, unsigned Depth = 0) {
    if (Depth > 32)
      return false;
    unsigned DA = 0, DB = 0;
    A = X.expand(A, DA);
    B = X.expand(B, DB);
    if (A->getStmtClass() != B->getStmtClass())
      return false;
    if (const auto *SA = dyn_cast<ArraySubscriptExpr>(A)) {
      const auto *SB = cast<ArraySubscriptExpr>(B);
      if (!match(SA->getBase(), SB->getBase(), Depth + 1))
        return false;
      std::optional<int64_t> Saved = Shift;
      if (match(SA->getIdx(), SB->getIdx(), Depth + 1))
        return true;
      Shift = Saved;
      const auto *Base = dyn_cast<DeclRefExpr>(SA->getBase()->IgnoreParenImpCasts());
      const auto *VD = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
      std::optional<int64_t> CA = offset(SA->getIdx()), CB = offset(SB->getIdx());
      if (!VD || !CA || !CB || writtenInLoop(VD) || (Shift && *Shift != *CB - *CA))
        return false;
      Shift = *CB - *CA;
      Index = VD;
      return true;
    }
    if (const auto *RA = dyn_cast<DeclRefExpr>(A))
      return RA->getDecl() == cast<DeclRefExpr>(B)->getDecl();
    if (const auto *IA = dyn_cast<IntegerLiteral>(A))
      return IA->getValue() == cast<IntegerLiteral>(B)->getValue();
    if (const auto *BA = dyn_cast<BinaryOperator>(A))
      if (BA->getOpcode() != cast<BinaryOperator>(B)->getOpcode())
        return false;
    if (const auto *UA = dyn_cast<UnaryOperator>(A))
      if (UA->getOpcode() != cast<UnaryOperator>(B)->getOpcode())
        return false;
    if (const auto *MA = dyn_cast<MemberExpr>(A))
      if (MA->getMemberDecl() != cast<MemberExpr>(B)->getMemberDecl() ||
          MA->isArrow() != cast<MemberExpr>(B)->isArrow())
        return false;
    if (const auto *CA = dyn_cast<ExplicitCastExpr>(A))
      if (CA->getType().getCanonicalType() !=
          cast<ExplicitCastExpr>(B)->getType().getCanonicalType())
        return false;
    if (!isa<BinaryOperator, UnaryOperator, MemberExpr, ExplicitCastExpr, CallExpr>(A))
      return false; // anything else: not compared
    auto CA = A->children(), CB = B->children();
    auto IA = CA.begin(), IB = CB.begin();
    for (; IA != CA.end() && IB != CB.end(); ++IA, ++IB) {
      const auto *EA = dyn_cast_or_null<Expr>(*IA), *EB = dyn_cast_or_null<Expr>(*IB);
      if (!EA || !EB || !match(EA, EB, Depth + 1))
        return false;
    }
    return IA == CA.end() && IB == CB.end();
  }
};

} // namespace

bool BodyWalker::checkScatter(const VarDecl *VD, const Access &W, ArrayShape &Shape) {
  std::string Name = VD->getNameAsString();
  auto Fail = [&](SourceRange R, Diag Id, std::vector<std::string> Args) {
    if (!Failed) {
      Failed = true;
      Failure = makeProblem(Id, R, std::move(Args));
    }
    return false;
  };
  // A read of the array: a read-modify-write of one element (an array reduction when it is
  // an update), or a read of what another iteration may write. A read outside the updates comes
  // first: under a reduction clause it would be an error, so the clause is not suggested.
  std::vector<const Access *> Reads;
  for (const Access &R : Info.Accesses)
    if (R.Array == VD && !R.IsWrite && !Updates.count(R.Expr->IgnoreParenImpCasts()))
      Reads.push_back(&R);
  for (const Access &R : Info.Accesses)
    if (R.Array == VD && !R.IsWrite && Updates.count(R.Expr->IgnoreParenImpCasts()))
      Reads.push_back(&R);
  for (const Access *RP : Reads) {
    const Access &R = *RP;
    auto U = Updates.find(W.Expr->IgnoreParenImpCasts());
    // Under `independent` no two iterations write one element (the compiler cannot check it, as
    // with OpenMP), so an update reads only what its own iteration writes: with the section's
    // extent, each device reads the whole section and returns what it changed.
    if (Dir.Independent && !Shape.Extent.empty() && Updates.count(R.Expr->IgnoreParenImpCasts()))
      continue;
    if (U != Updates.end() && Updates.count(R.Expr->IgnoreParenImpCasts())) {
      const ElementUpdate &EU = U->second;
      std::string Op = reductionOpSpelling(EU.Op);
      // Two operators: no one reduction holds both updates.
      for (const Access &O : Info.Accesses) {
        auto OU = O.Array == VD ? Updates.find(O.Expr->IgnoreParenImpCasts()) : Updates.end();
        if (OU != Updates.end() && OU->second.Op != EU.Op)
          return Fail(OU->second.Whole->getSourceRange(), Diag::scatter_update_mixed_ops,
                      {quoted(VD), Op, text(EU.Whole), reductionOpSpelling(OU->second.Op),
                       text(OU->second.Whole)});
      }
      // Never a clause that would then be refused: array reductions take one dimension of
      // numbers (Rodinia lavaMD's `fA[j].v += ...` into an array of structs).
      std::optional<std::string> NotReducible;
      if (Shape.Rows)
        NotReducible = "it is reached through row pointers";
      else if (!perThreadKind(Ctx, Shape.Element))
        NotReducible = "its elements are of type '" + Shape.Element.getAsString() + "'";
      else if (!Shape.InnerDims.empty())
        NotReducible = "it has more than one dimension";
      if (NotReducible)
        return Fail(EU.Whole->getSourceRange(), Diag::scatter_update_not_reducible,
                    {text(EU.Whole), quoted(VD), *NotReducible});
      if (Shape.Map)
        return Fail(EU.Whole->getSourceRange(), Diag::scatter_update,
                    {text(EU.Whole), quoted(VD), Op,
                     Name + "[" + Shape.Map->Lo.Text + ":" + Shape.Map->Len.Text + "]"});
      return Fail(EU.Whole->getSourceRange(), Diag::scatter_update_no_extent,
                  {text(EU.Whole), quoted(VD), Op, Name});
    }
    Fail(W.Expr->getSourceRange(), Diag::scatter_read, {quoted(VD), text(W.Expr)});
    Failure.Notes.push_back({R.Expr->getSourceRange(), Diag::note_read});
    return false;
  }
  // Every write at a run-time index: the runtime merges the whole section.
  for (const Access &A : Info.Accesses)
    if (A.Array == VD && A.IsWrite && A.Affine) {
      Fail(W.Expr->getSourceRange(), Diag::scatter_mixed_writes,
           {quoted(VD), text(W.Expr), text(A.Expr)});
      Failure.Notes.push_back({A.Expr->getSourceRange(), Diag::note_other_write});
      return false;
    }
  // One index array read at different positions by two writes: iterations that far apart
  // write the same element.
  Expander X{Pre, AssignedOnce};
  for (const Access &A : Info.Accesses) {
    if (A.Array != VD || !A.IsWrite)
      continue;
    for (const Access &B : Info.Accesses) {
      if (B.Array != VD || !B.IsWrite || &B == &A)
        continue;
      ShiftMatcher M{Ctx, X, F.Var, Info, std::nullopt, nullptr};
      if (!M.match(A.Expr, B.Expr) || !M.Shift || *M.Shift <= 0 || *M.Shift % F.Step != 0)
        continue;
      bool Proven = A.Unconditional && B.Unconditional && !Info.HasJumps;
      Fail(A.Expr->getSourceRange(),
           Proven ? Diag::scatter_shifted_dependence : Diag::scatter_shifted_dependence_conditional,
           {text(A.Expr), text(B.Expr), std::to_string(*M.Shift), M.Index->getNameAsString()});
      Failure.Notes.push_back({B.Expr->getSourceRange(), Diag::note_other_write});
      Failure.BetweenIterations = Proven;
      return false;
    }
  }
  bool Extent = !Shape.Extent.empty();
  if (!Dir.Independent) {
    if (!X.readsMemory(W.Expr, VD))
      return Fail(W.Expr->getSourceRange(), Diag::scatter_unproven, {text(W.Expr), quoted(VD)});
    if (Extent)
      return Fail(W.Expr->getSourceRange(), Diag::scatter_needs_independent,
                  {text(W.Expr), quoted(VD)});
    return Fail(W.Expr->getSourceRange(), Diag::scatter_needs_independent_and_map,
                {text(W.Expr), quoted(VD), Name});
  }
  if (!Extent)
    return Fail(W.Expr->getSourceRange(), Diag::scatter_needs_map,
                {quoted(VD), text(W.Expr), Name});
  Shape.Scatter = true;
  Info.Remarks.push_back(makeProblem(
      Diag::scatter_offloaded, W.Expr->getSourceRange(),
      {quoted(VD), Shape.Map
                       ? "'" + Name + "[" + Shape.Map->Lo.Text + ":" + Shape.Map->Len.Text + "]'"
                       : "all of " + quoted(VD)}));
  return true;
}

bool BodyWalker::onlySubscripted(const VarDecl *VD) {
  const FunctionDecl *Fn = enclosingFunction(Ctx, F.For);
  bool Object = VD->getType()->isArrayType() && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD);
  if (!Fn || !Fn->getBody() || !Object)
    return false;
  // Mentions after the loop make no pointer the loop uses (`free(h)`, `return h`), unless a
  // loop around it runs it again.
  bool Repeated = false;
  for (const Stmt *S = F.For; S;) {
    DynTypedNodeList Ps = Ctx.getParents(*S);
    S = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    Repeated |= S && isa<ForStmt, WhileStmt, DoStmt>(S);
  }
  // Every mention the loop may see is an element: no pointer to the array reaches the loop
  // through a variable the analysis does not follow.
  ArrayMentions M =
      countArrayMentions(Ctx, Fn->getBody(), VD, Repeated ? SourceLocation() : F.For->getEndLoc());
  return M.Refs == M.Elements + M.BlockCalls;
}

bool BodyWalker::autoReduction(const VarDecl *VD, const std::optional<Poly> &RowUnits,
                               const ArrayShape &Shape) {
  // Under `independent` the user vouches that no element is updated twice: a scatter array.
  if (Dir.Independent || !Shape.InnerDims.empty() || !RowUnits || *RowUnits != Poly::constant(1) ||
      Info.memberArray(VD))
    return false;
  QualType Elem = Shape.Element.getCanonicalType();
  if (!(Elem->isRealFloatingType() || (Elem->isIntegerType() && !Elem->isEnumeralType())) ||
      Ctx.getTypeSize(Elem) > 64)
    return false;
  // Every access an update with one operator, whose value is unused, in the body itself (an
  // update in a called function reaches a copy the chunk does not reduce).
  std::optional<ReductionOp> Op;
  for (const Access &A : Info.Accesses) {
    if (A.Array != VD)
      continue;
    auto U = Updates.find(A.Expr->IgnoreParenImpCasts());
    if (A.Via || U == Updates.end() || (Op && *Op != U->second.Op) ||
        !isDiscardedValue(Ctx, U->second.Whole))
      return false;
    Op = U->second.Op;
  }
  if (!Op)
    return false;
  // No other array of the loop may reach the reduced elements (each chunk updates a copy, so a
  // read through another pointer would see the old values, and two reductions of one block
  // would each write it back: DataRaceBench DRB005's `xa1` and `xa2 = xa1 + 12`). The runtime
  // checks that at each call (gpupar__check_scalar_alias: the section against every array's
  // touched bytes and the other reductions; the call runs serially when they meet), for arrays
  // of elements only: rows of a pointer-to-pointer array (pointer elements, also in an array
  // object; told by the type, as the arrays after VD have no shape yet) and a struct's pointer
  // members are not compared. Beside those, only a local array object that is only ever
  // subscripted (no pointer to it is made) is certain to be out of their reach.
  bool RowsBeside = llvm::any_of(Info.Arrays, [&](const VarDecl *A) {
    return A != VD &&
           (A->getType()->getPointeeOrArrayElementType()->isPointerType() || Info.memberArray(A));
  });
  if (RowsBeside && !onlySubscripted(VD))
    return false;
  // The section: the whole fixed-size array, the `map` section, the block the loop's function
  // allocated, or the block the pointer points into (found at the call; the loop runs on the
  // host where there is none). An update outside it is caught at run time: the loop then runs
  // serially (docs/pragma.md).
  ClauseItem It;
  It.Name = VD->getNameAsString();
  It.IsSection = true;
  It.Lo.Text = "0";
  std::string Where;
  if (Shape.Map) {
    It.Lo.Text = Shape.Map->Lo.Text;
    It.Len.Text = Shape.Map->Len.Text;
  } else if (!Shape.Extent.empty()) {
    It.Len.Text = Shape.Extent;
  } else if (std::optional<std::string> Elems = allocationExtent(Ctx, F.For, VD)) {
    It.Len.Text = *Elems;
    Where = "the block allocated for it";
  } else if (heapExtentFits(VD)) {
    std::string K = std::to_string(Info.HeapExtents.size());
    Info.HeapExtents.push_back(VD);
    It.Lo.Text = "gpupar_heap_first_" + K;
    It.Len.Text = "gpupar_heap_len_" + K;
    Where = "the block it points into (found at the call)";
  } else {
    return false;
  }
  if (Where.empty())
    Where = "'" + It.Name + "[" + It.Lo.Text + ":" + It.Len.Text + "]'";
  for (const Access &A : Info.Accesses)
    if (A.Array == VD) {
      It.Range = A.Expr->getSourceRange();
      It.NameLoc = A.Expr->getBeginLoc();
      break;
    }
  AutoReductions.push_back({*Op, It, Where});
  return true;
}

} // namespace body
} // namespace gpupar
