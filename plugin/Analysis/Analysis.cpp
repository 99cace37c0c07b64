//===- Analysis.cpp - everything the analysis knows about one loop ---------===//
#include "Analysis/Analysis.h"
#include "Analysis/CoveredReads.h"
#include "Analysis/Dependence.h"
#include "Analysis/Emittable.h"
#include "Text.h"

#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <functional>
#include <optional>

using namespace clang;

namespace gpupar {

namespace {

/// Returns the only statement of `S` when it is a block with one statement (or `S` itself).
const Stmt *single(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      return S;
    S = CS->body_front();
  }
  return S;
}

/// Finds the perfect nest of `Dir.Collapse` loops under `F` (rectangular: inner bounds do not
/// mention outer loop variables).
bool collapseNest(ASTContext &Ctx, const LoopForm &F, const Directive &Dir, BodyInfo &Info,
                  Problem &P) {
  Info.Collapse.push_back(F);
  const ForStmt *Cur = F.For;
  for (unsigned K = 1; K < Dir.Collapse; ++K) {
    const auto *Next = dyn_cast_or_null<ForStmt>(single(Cur->getBody()));
    if (!Next) {
      P = makeProblem(Diag::collapse_not_nested, Dir.CollapseArg,
                      {std::to_string(Dir.Collapse), std::to_string(K)});
      P.Notes.push_back({Cur->getBody()->getSourceRange(), Diag::note_body_not_single_loop});
      return false;
    }
    LoopForm L;
    Problem Why;
    if (!matchLoopForm(Ctx, Next, L, Why)) {
      P = Why;
      P.Notes.push_back({Dir.CollapseArg, Diag::note_collapsed_by});
      return false;
    }
    if (L.Op == Cond::NE || ((L.Step > 0) != (L.Op == Cond::LT || L.Op == Cond::LE))) {
      P = makeProblem(Diag::collapse_condition, Next->getCond()->getSourceRange());
      return false;
    }
    for (const LoopForm &O : Info.Collapse)
      for (const Expr *B : {L.Lo, L.Hi})
        if (mentions(B, O.Var)) {
          P = makeProblem(Diag::collapse_not_rectangular, B->getSourceRange(),
                          {sourceText(Ctx, B), O.Var->getNameAsString()});
          return false;
        }
    // `int j; ... for (j = 0; ...)` (standard OpenMP) is fine: the host file gives j its final
    // value after an offloaded run. A global or static variable could be seen by called code.
    if (!L.Var->hasLocalStorage()) {
      P = makeProblem(Diag::collapse_variable_not_declared, Next->getInit()->getSourceRange(),
                      {L.Var->getNameAsString()});
      return false;
    }
    Info.Collapse.push_back(L);
    Cur = Next;
  }
  return true;
}

/// Returns the warning for the first loop in the body of a collapsed nest whose bounds move with
/// a collapsed loop's variable other than the outer one, or nothing.
static std::optional<Problem> movingInnerLoop(ASTContext &Ctx, const BodyInfo &Info) {
  std::optional<Problem> Found;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      LoopForm L;
      Problem Ignored;
      if (matchLoopForm(Ctx, FS, L, Ignored, /*Conjunction=*/true)) {
        std::vector<const Expr *> Bounds = {L.Lo, L.Hi};
        for (const auto &[K, B] : L.MoreHi)
          Bounds.push_back(B);
        for (size_t K = 1; K < Info.Collapse.size() && !Found; ++K)
          for (const Expr *B : Bounds)
            if (!Found && mentions(B, Info.Collapse[K].Var))
              Found = makeProblem(Diag::collapse_moving_inner, B->getSourceRange(),
                                  {sourceText(Ctx, B), L.Var->getNameAsString(),
                                   Info.Collapse[K].Var->getNameAsString()});
      }
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Info.Collapse.back().For->getBody());
  return Found;
}

/// Checks that every variable named in a clause is visible where the loop is (C scoping, as if
/// the name were used in the loop's header) or is declared in the loop itself.
bool checkClauseNames(ASTContext &Ctx, const ForStmt *FS, const Directive &Dir, Problem &P) {
  /// The declaration of `Name` in `S`, if any (the first in source order).
  struct Finder {
    llvm::StringRef Name;
    const VarDecl *run(const Stmt *S) {
      if (!S)
        return nullptr;
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *X : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(X))
            if (VD->getName() == Name)
              return VD;
      for (const Stmt *C : S->children())
        if (const VarDecl *VD = run(C))
          return VD;
      return nullptr;
    }
  };
  auto Check = [&](const ClauseItem &It, const char *Clause) {
    if (visibleVariable(Ctx, FS, It.Name) || Finder{It.Name}.run(FS))
      return true;
    P = makeProblem(Diag::clause_undeclared, SourceRange(It.NameLoc, It.NameLoc),
                    {It.Name, Clause});
    // Declared elsewhere in the function (a sibling block, after the loop): say where.
    if (const FunctionDecl *Fn = enclosingFunction(Ctx, FS))
      if (const VarDecl *VD = Finder{It.Name}.run(Fn->getBody()))
        P.Notes.push_back({VD->getSourceRange(), Diag::note_declared_out_of_scope, {It.Name}});
    return false;
  };
  for (const ClauseItem &It : Dir.Privates)
    if (!Check(It, "private"))
      return false;
  for (const ReductionClause &RC : Dir.Reductions)
    for (const ClauseItem &It : RC.Items)
      if (!Check(It, "reduction"))
        return false;
  for (const MapClause &MC : Dir.Maps)
    for (const ClauseItem &It : MC.Items)
      if (!Check(It, "map"))
        return false;
  return true;
}

/// The number of iterations of `F` when its bounds are integer constants.
std::optional<int64_t> constantTrips(const ASTContext &Ctx, const LoopForm &F) {
  Expr::EvalResult L, H;
  if (!F.Lo || !F.Hi || !F.Lo->EvaluateAsInt(L, Ctx) || !F.Hi->EvaluateAsInt(H, Ctx) || F.Step == 0)
    return std::nullopt;
  __int128 Lo = L.Val.getInt().getExtValue(), Hi = H.Val.getInt().getExtValue();
  __int128 Step = F.Step, Span;
  switch (F.Op) {
  case Cond::LT:
    Span = Hi - Lo;
    break;
  case Cond::LE:
    Span = Hi - Lo + 1;
    break;
  case Cond::GT:
    Span = Lo - Hi;
    Step = -Step;
    break;
  case Cond::GE:
    Span = Lo - Hi + 1;
    Step = -Step;
    break;
  default:
    return std::nullopt; // `!=`: counted elsewhere
  }
  if (Step <= 0)
    return std::nullopt;
  if (Span <= 0)
    return 0;
  __int128 N = (Span + Step - 1) / Step;
  return N > INT64_MAX ? INT64_MAX : (int64_t)N;
}

/// A proven dependence between iterations is none when the nest runs at most one iteration
/// (`for (g = 0; g <= 0; g += 1)`): the loop stays serial with a warning instead of an error.
bool atMostOneIteration(const ASTContext &Ctx, const LoopForm &F, const BodyInfo &Info) {
  if (std::optional<int64_t> N = constantTrips(Ctx, F); N && *N <= 1)
    return true;
  for (size_t K = 1; K < Info.Collapse.size(); ++K)
    if (std::optional<int64_t> N = constantTrips(Ctx, Info.Collapse[K]); N && *N == 0)
      return true;
  return false;
}

void downgradeSingleIteration(const ASTContext &Ctx, const LoopForm &F, const BodyInfo &Info,
                              Problem &P) {
  if (P.Level != Severity::Error || !P.BetweenIterations || !atMostOneIteration(Ctx, F, Info))
    return;
  Problem Q = makeProblem(Diag::single_iteration, F.For->getForLoc());
  Q.Notes.push_back({P.Range, Diag::note_with_more_iterations, {P.message()}});
  P = Q;
}

/// A proven dependence under an `if` clause is a warning: the program may rely on the condition
/// being false whenever the loop would race (DataRaceBench DRB114b), and the loop stays serial.
void downgradeUnderIf(const Directive &Dir, Problem &P) {
  if (P.Level != Severity::Error || !P.BetweenIterations || !Dir.If)
    return;
  Problem Q = makeProblem(Diag::dependence_under_if, P.Range, {P.message()});
  Q.Notes = P.Notes;
  Q.BetweenIterations = true;
  P = Q;
}

/// A loop with several obstacles reports a proven dependence first: when the body analysis
/// stopped at a warning after walking the whole body (a non-affine write, a read of unknown
/// extent, ...), the dependence test still runs on the accesses found, and its error replaces
/// `P`. Accesses of arrays in an array reduction are exempt, as after a complete analysis.
void provenFirst(ASTContext &Ctx, const LoopForm &F, const Directive &Dir, const BodyInfo &Info,
                 Problem &P) {
  if (P.Level != Severity::Warning || !Info.Walked)
    return;
  BodyInfo Copy = Info;
  for (Access &A : Copy.Accesses) {
    const ClauseItem *Item = nullptr;
    if (Dir.reductionOf(A.Array->getName(), &Item) && Item->IsSection)
      A.InReduction = true;
  }
  Problem Q;
  if (!checkDependences(Ctx, F, Dir, Copy, Q) && Q.Level == Severity::Error)
    P = Q;
}

/// The number of loops in the perfect nest that starts with `FS` (at most 3, what the kernels
/// unflatten).
unsigned perfectDepth(const ForStmt *FS) {
  unsigned N = 1;
  while (N < 3 && (FS = dyn_cast_or_null<ForStmt>(single(FS->getBody()))))
    ++N;
  return N;
}

/// Returns true when evaluating `E` cannot fault: constants and scalar variables under `+`,
/// `-`, `*`, division by a non-zero literal and casts, and the memory reads of `Guarded`, which
/// the host file reads only when the loops around run (PlanText.cpp, nestGuard). A collapsed
/// loop's bounds are evaluated once before the nest, also when the serial nest would never
/// reach them (no outer iteration).
bool harmlessBound(const Expr *E, const std::vector<const Expr *> &Guarded) {
  E = E->IgnoreParens();
  if (llvm::is_contained(Guarded, E))
    return true;
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<EnumConstantDecl>(DRE->getDecl()) ||
           (isa<VarDecl>(DRE->getDecl()) && DRE->getType()->isIntegerType());
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return (isa<ImplicitCastExpr>(CE) || CE->getType()->isIntegerType()) &&
           harmlessBound(CE->getSubExpr(), Guarded);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) &&
           harmlessBound(UO->getSubExpr(), Guarded);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem) {
      const auto *L = dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
      return L && !L->getValue().isZero() && harmlessBound(BO->getLHS(), Guarded);
    }
    return (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub || BO->getOpcode() == BO_Mul) &&
           harmlessBound(BO->getLHS(), Guarded) && harmlessBound(BO->getRHS(), Guarded);
  }
  return false;
}

/// Returns true when every scalar the collapsed analysis gives a role has the same role in the
/// analysis of the outer loop alone: privatising per iteration of the nest must not change
/// what a variable computes.
bool sameScalarRoles(const BodyInfo &Collapsed, const BodyInfo &Outer) {
  for (const WrittenScalar &W : Collapsed.Written) {
    const WrittenScalar *O = Outer.written(W.Var);
    if (!O || O->Role != W.Role || (W.Role == ScalarRole::Reduction && O->Op != W.Op) ||
        O->GuardBound != W.GuardBound)
      return false;
  }
  return true;
}

/// Returns the first array reduction of `Collapsed` that `Outer` does not have (with its
/// operator): an update whose index is affine in the outer loop alone but not in the nest's
/// variables, which only a reduction over the whole array would offload.
const ArrayReduction *newArrayReduction(const BodyInfo &Collapsed, const BodyInfo &Outer) {
  for (const ArrayReduction &C : Collapsed.ArrayReductions) {
    auto Same = [&](const ArrayReduction &O) { return O.Var == C.Var && O.Op == C.Op; };
    if (std::none_of(Outer.ArrayReductions.begin(), Outer.ArrayReductions.end(), Same))
      return &C;
  }
  return nullptr;
}

/// Collapses a perfect nest that no `collapse` clause names, as `collapse(n)` would, when the
/// analysis proves the inner loops' iterations independent too: neighbouring threads then run
/// neighbouring innermost iterations (coalesced rows) instead of one thread per outer iteration.
/// `F` and `Info` hold the accepted analysis of the outer loop alone; on success they are
/// replaced. Without a proof the nest stays as it is, with a remark saying why.
void autoCollapse(ASTContext &Ctx, const ForStmt *FS, const Directive &Dir, LoopForm &F,
                  BodyInfo &Info) {
  // `independent` vouches for the outer loop only; `private` and `reduction` clauses are kept.
  if (Dir.Collapse != 1 || Dir.Independent)
    return;
  unsigned Depth = perfectDepth(FS);
  if (Depth < 2)
    return;
  const auto *Inner = cast<ForStmt>(single(FS->getBody()));
  Problem Why;
  for (unsigned N = Depth; N >= 2; --N) {
    Directive D = Dir;
    D.Collapse = N;
    LoopForm CF;
    BodyInfo CI;
    Problem P;
    bool Ok = matchLoopForm(Ctx, FS, CF, P) && collapseNest(Ctx, CF, D, CI, P) &&
              analyzeBody(Ctx, CF, D, CI, P) && checkDependences(Ctx, CF, D, CI, P);
    for (size_t K = 1; Ok && K < CI.Collapse.size(); ++K)
      for (const Expr *B : {CI.Collapse[K].Lo, CI.Collapse[K].Hi})
        if (Ok && !harmlessBound(B, CI.Collapse[K].BoundMemory)) {
          P = makeProblem(Diag::note_collapse_bound, B->getSourceRange(), {sourceText(Ctx, B)});
          Ok = false;
        }
    if (Ok && !sameScalarRoles(CI, Info)) {
      P = makeProblem(Diag::note_collapse_scalar_roles, Inner->getForLoc());
      Ok = false;
    }
    if (const ArrayReduction *AR = Ok ? newArrayReduction(CI, Info) : nullptr;
        AR && !AR->Updates.empty()) {
      const Expr *U = AR->Updates.front().Whole;
      P = makeProblem(Diag::note_collapse_array_reduction, U->getSourceRange(),
                      {sourceText(Ctx, U), "'" + AR->Var->getNameAsString() + "'"});
      Ok = false;
    }
    if (!Ok) {
      if (N == 2)
        Why = P;
      continue;
    }
    std::string Vars;
    for (size_t K = 1; K < CI.Collapse.size(); ++K)
      Vars += (K > 1 ? ", '" : "'") + CI.Collapse[K].Var->getNameAsString() + "'";
    CI.Remarks.push_back(
        makeProblem(Diag::auto_collapsed, Inner->getForLoc(),
                    {std::string(N > 2 ? "loops" : "loop") + " over " + Vars, std::to_string(N)}));
    // The shapes' `map` clauses point into D, which ends here: into Dir's, the same items.
    for (size_t I = 0; I < CI.Shapes.size() && I < CI.Arrays.size(); ++I)
      if (CI.Shapes[I].Map && CI.Shapes[I].Map == D.mapOf(CI.Arrays[I]->getName()))
        CI.Shapes[I].Map = Dir.mapOf(CI.Arrays[I]->getName());
    F = CF;
    Info = std::move(CI);
    return;
  }
  LoopForm IF;
  Problem Ignored;
  std::string Over = matchLoopForm(Ctx, Inner, IF, Ignored)
                         ? " over '" + IF.Var->getNameAsString() + "'"
                         : std::string();
  Problem R = makeProblem(Diag::auto_not_collapsed, Inner->getForLoc(), {"loop" + Over});
  if (Why.Range.isValid() && Why.Level == Severity::Note) {
    // A reason only the collapse has: already a note.
    R.Notes.push_back({Why.Range, Why.Id, Why.Args});
  } else if (Why.Range.isValid()) {
    // Reasons are worded for the whole loop; here only the collapse is given up.
    std::string Because = Why.message();
    for (llvm::StringRef Tail :
         {"; the loop stays serial", ", the loop stays serial", "; remove ", ", so only the "})
      if (size_t At = Because.find(Tail.str()); At != std::string::npos)
        Because.resize(At);
    if (!Because.empty())
      R.Notes.push_back({Why.Range, Diag::note_as_collapse, {Because}});
  }
  Info.Remarks.push_back(R);
}

} // namespace

namespace {

/// Where the loop's function sets a variable from omp_get_thread_num(), and whether the loop
/// body reads one of them (kmeans' `partial_new_centers_len[tid][index]++`).
struct ThreadNumbers : RecursiveASTVisitor<ThreadNumbers> {
  llvm::DenseMap<const VarDecl *, SourceRange> Set;
  static bool isThreadNumber(const Expr *E) {
    const auto *CE = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenCasts() : nullptr);
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    return FD && FD->getIdentifier() && FD->getName() == "omp_get_thread_num";
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign && isThreadNumber(BO->getRHS()))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          Set.try_emplace(VD, BO->getSourceRange());
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (isThreadNumber(VD->getInit()))
      Set.try_emplace(VD, VD->getSourceRange());
    return true;
  }
};

struct FirstRead : RecursiveASTVisitor<FirstRead> {
  const llvm::DenseMap<const VarDecl *, SourceRange> &Set;
  const VarDecl *Found = nullptr;
  explicit FirstRead(const llvm::DenseMap<const VarDecl *, SourceRange> &Set) : Set(Set) {}
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && Set.count(VD))
      Found = VD;
    return !Found;
  }
};

/// Adds a note to `P` (the loop stays serial) when its body reads a variable set from
/// omp_get_thread_num(): its serial value is one thread's, and the idiom needs rewriting.
void noteThreadNumber(ASTContext &Ctx, const ForStmt *FS, Problem &P) {
  const FunctionDecl *FD = enclosingFunction(Ctx, FS);
  if (!FD || !FD->hasBody())
    return;
  ThreadNumbers T;
  T.TraverseStmt(FD->getBody());
  if (T.Set.empty())
    return;
  FirstRead R(T.Set);
  R.TraverseStmt(const_cast<Stmt *>(FS->getBody()));
  if (R.Found)
    P.Notes.push_back(
        {T.Set.lookup(R.Found), Diag::note_thread_number, {R.Found->getNameAsString()}});
}

} // namespace

bool analyzeLoop(ASTContext &Ctx, const ForStmt *FS, Directive &Dir, LoopForm &F, BodyInfo &Info,
                 Problem &P) {
  if (!checkClauseNames(Ctx, FS, Dir, P))
    return false;
  if (Dir.OrderedLoc.isValid()) { // the body's `omp ordered` part depends on the order
    P = makeProblem(Diag::ordered_clause, SourceRange(Dir.OrderedLoc, Dir.OrderedLoc));
    return false;
  }
  if (Dir.UserReductionLoc.isValid()) {
    P = makeProblem(Diag::reduction_user_defined,
                    SourceRange(Dir.UserReductionLoc, Dir.UserReductionLoc), {Dir.UserReduction});
    return false;
  }
  if (!matchLoopForm(Ctx, FS, F, P))
    return false;
  if (!collapseNest(Ctx, F, Dir, Info, P)) {
    if (P.Id != Diag::collapse_not_rectangular)
      return false;
    // OpenMP 5 collapses triangular nests too; here the outer loop is offloaded and the nest
    // runs inside each iteration (a triangular inner loop when its bounds are affine in the
    // outer variable). autoCollapse may still collapse a rectangular part that pays.
    Problem Narrowed = P;
    Info = BodyInfo();
    Dir.Collapse = 1;
    if (!collapseNest(Ctx, F, Dir, Info, P))
      return false;
    Info.Warnings.push_back(Narrowed);
  }
  // Tiles under `collapse(2)` (`for (ii ...) for (jj ...) for (i = ii; ...) for (j = jj; ...)`):
  // loops whose bounds move with a collapsed loop's variable are understood inside the outer
  // loop only. As for triangular nests, the outer loop is offloaded and the nest runs in it.
  if (Info.Collapse.size() > 1)
    if (std::optional<Problem> Moving = movingInnerLoop(Ctx, Info)) {
      Info = BodyInfo();
      Dir.Collapse = 1;
      if (!collapseNest(Ctx, F, Dir, Info, P))
        return false;
      Info.Warnings.push_back(*Moving);
    }
  // Why the loop stays serial, said as it holds: a dependence the loop cannot have or may never
  // meet is a warning, and the thread-number idiom gets its note.
  auto Serial = [&] {
    downgradeSingleIteration(Ctx, F, Info, P);
    downgradeUnderIf(Dir, P);
    noteThreadNumber(Ctx, FS, P);
    return false;
  };
  if (!analyzeBody(Ctx, F, Dir, Info, P)) {
    provenFirst(Ctx, F, Dir, Info, P);
    return Serial();
  }
  if (!checkDependences(Ctx, F, Dir, Info, P))
    return Serial();
  autoCollapse(Ctx, FS, Dir, F, Info);
  markCoveredReads(Ctx, FS, Info);
  Info.SerialInner = perfectDepth(FS) > std::max<size_t>(Info.Collapse.size(), 1);
  return checkEmittable(Ctx, Info, P);
}

} // namespace gpupar
