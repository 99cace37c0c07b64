//===- Analysis.cpp - everything the analysis knows about one loop ---------===//
#include "Analysis/Analysis.h"
#include "Analysis/Dependence.h"
#include "Text.h"

#include "clang/AST/Decl.h"

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
      P = makeProblem(Severity::Error, Dir.CollapseArg,
                      "'collapse(" + std::to_string(Dir.Collapse) + ")' needs " +
                          std::to_string(Dir.Collapse) +
                          " perfectly nested loops; the nest here has " + std::to_string(K));
      P.Notes.push_back(
          {Cur->getBody()->getSourceRange(), "the body of this loop is not a single 'for' loop"});
      return false;
    }
    LoopForm L;
    Problem Why;
    if (!matchLoopForm(Ctx, Next, L, Why)) {
      P = Why;
      P.Notes.push_back({Dir.CollapseArg, "collapsed by this clause"});
      return false;
    }
    if (L.Op == Cond::NE || ((L.Step > 0) != (L.Op == Cond::LT || L.Op == Cond::LE))) {
      P = makeProblem(Severity::Warning, Next->getCond()->getSourceRange(),
                      "collapsed loop must count towards its bound with '<', '<=', '>' or '>='");
      return false;
    }
    for (const LoopForm &O : Info.Collapse)
      for (const Expr *B : {L.Lo, L.Hi})
        if (mentions(B, O.Var)) {
          P = makeProblem(Severity::Warning, B->getSourceRange(),
                          "bound '" + sourceText(Ctx, B) + "' of a collapsed loop depends on '" +
                              O.Var->getNameAsString() +
                              "'; only rectangular nests can be collapsed, the loop stays serial");
          return false;
        }
    // `int j; ... for (j = 0; ...)` (standard OpenMP) is fine: the host file gives j its final
    // value after an offloaded run. A global or static variable could be seen by called code.
    if (!L.Var->hasLocalStorage()) {
      P = makeProblem(Severity::Warning, Next->getInit()->getSourceRange(),
                      "a collapsed loop must declare its variable ('for (int " +
                          L.Var->getNameAsString() + " = ...')");
      return false;
    }
    Info.Collapse.push_back(L);
    Cur = Next;
  }
  return true;
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
    P = makeProblem(Severity::Error, SourceRange(It.NameLoc, It.NameLoc),
                    "use of undeclared identifier '" + It.Name + "' in '" + Clause + "' clause");
    // Declared elsewhere in the function (a sibling block, after the loop): say where.
    if (const FunctionDecl *Fn = enclosingFunction(Ctx, FS))
      if (const VarDecl *VD = Finder{It.Name}.run(Fn->getBody()))
        P.Notes.push_back({VD->getSourceRange(), "'" + It.Name +
                                                     "' is declared here, in a scope that does "
                                                     "not contain the loop"});
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
  Problem Q = makeProblem(Severity::Warning, F.For->getForLoc(),
                          "the loop runs at most one iteration, so it has no dependence between "
                          "iterations, but its body cannot be offloaded as written; the loop "
                          "stays serial");
  Q.Notes.push_back({P.Range, "with more iterations: " + P.Message});
  P = Q;
}

} // namespace

bool analyzeLoop(ASTContext &Ctx, const ForStmt *FS, const Directive &Dir, const EmitSupport &S,
                 LoopForm &F, BodyInfo &Info, Problem &P) {
  if (!checkClauseNames(Ctx, FS, Dir, P))
    return false;
  if (!matchLoopForm(Ctx, FS, F, P))
    return false;
  if (!collapseNest(Ctx, F, Dir, Info, P))
    return false;
  if (!analyzeBody(Ctx, F, Dir, S, Info, P)) {
    downgradeSingleIteration(Ctx, F, Info, P);
    return false;
  }
  if (!checkDependences(Ctx, F, Dir, Info, P)) {
    downgradeSingleIteration(Ctx, F, Info, P);
    return false;
  }
  if (Info.Collapse.size() > 1 && !S.Collapse) {
    // Correct without collapsing: the inner loops run inside each iteration.
    Info.Remarks.push_back(makeProblem(Severity::Remark, Dir.CollapseArg,
                                       "'collapse(" + std::to_string(Dir.Collapse) +
                                           ")' is not generated yet; only the outer loop is "
                                           "offloaded"));
    Info.Collapse.resize(1);
  }
  if (Dir.If && !S.IfClause)
    Info.Unsupported.push_back(
        makeProblem(Severity::Warning, Dir.If->Range,
                    "'if' clauses are not generated yet; the loop stays serial"));
  if (Dir.Devices && !S.DevicesClause)
    Info.Unsupported.push_back(
        makeProblem(Severity::Warning, Dir.Devices->Range,
                    "'devices' clauses are not generated yet; the loop stays serial"));
  if (!Info.Unsupported.empty()) {
    P = Info.Unsupported.front();
    return false;
  }
  return true;
}

} // namespace gpupar
