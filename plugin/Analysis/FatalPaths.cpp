//===- FatalPaths.cpp - error reports that leave the program ---------------===//
#include "Analysis/FatalPaths.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace gpupar {

/// Returns the call statement `S` is (possibly cast to void) to a named function; else null.
static const CallExpr *statementCall(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return nullptr;
  const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenCasts());
  if (!CE)
    return nullptr;
  // Only a cast to void may stand between the statement and the call.
  for (const Expr *X = E; X != CE; X = cast<Expr>(*X->child_begin())) {
    if (const auto *C = dyn_cast<CastExpr>(X);
        C && !isa<ImplicitCastExpr>(C) && !C->getType()->isVoidType())
      return nullptr;
    if (X->child_begin() == X->child_end())
      return nullptr;
  }
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && FD->getIdentifier() ? CE : nullptr;
}

/// Returns the name of the C library function (declared without a body) `CE` calls, without a
/// `__builtin_` prefix; empty for any other call.
static StringRef libraryName(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier() || FD->hasBody())
    return {};
  StringRef Name = FD->getName();
  Name.consume_front("__builtin_");
  return Name;
}

static bool isExitName(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("exit", "_Exit", "quick_exit", "abort", true)
      .Default(false);
}

static bool isReportName(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases("printf", "fprintf", "puts", "fputs", "putchar", true)
      .Cases("fputc", "putc", "perror", "fflush", true)
      .Default(false);
}

static bool endsInExit(const CompoundStmt *CS, unsigned Depth);

/// An exit call: to the C library's, or to a function of the file whose body ends in one (a
/// `die(msg)` helper, variadic ones included: it never runs on a device), `Depth` calls deep.
static const CallExpr *exitCall(const Stmt *S, unsigned Depth) {
  const CallExpr *CE = statementCall(S);
  if (!CE)
    return nullptr;
  if (isExitName(libraryName(CE)))
    return CE;
  const FunctionDecl *Def = nullptr;
  if (Depth < 8 && CE->getDirectCallee()->hasBody(Def) && Def &&
      endsInExit(dyn_cast<CompoundStmt>(Def->getBody()), Depth + 1))
    return CE;
  return nullptr;
}

static bool endsInExit(const CompoundStmt *CS, unsigned Depth) {
  return CS && !CS->body_empty() && exitCall(CS->body_back(), Depth);
}

const CallExpr *exitCall(const Stmt *S) { return exitCall(S, 0); }

bool endsInExit(const CompoundStmt *CS) { return endsInExit(CS, 0); }

const CallExpr *reportCall(const Stmt *S) {
  const CallExpr *CE = statementCall(S);
  return CE && isReportName(libraryName(CE)) ? CE : nullptr;
}

bool callsFatalPathFunction(const CallExpr *CE) {
  return isReportName(libraryName(CE)) || exitCall(CE) == CE;
}

bool hasFatalPath(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && callsFatalPathFunction(CE))
    return true;
  for (const Stmt *C : S->children())
    if (hasFatalPath(C))
      return true;
  return false;
}

/// Returns whether `S` is the statement part of `P` (its body or branch, not its condition).
static bool standsAsStatement(const Stmt *S, const Stmt *P) {
  if (isa<CompoundStmt, LabelStmt, AttributedStmt>(P))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(P))
    return S == If->getThen() || S == If->getElse();
  if (const auto *W = dyn_cast<WhileStmt>(P))
    return S == W->getBody();
  if (const auto *F = dyn_cast<ForStmt>(P))
    return S == F->getBody();
  if (const auto *D = dyn_cast<DoStmt>(P))
    return S == D->getBody();
  if (const auto *C = dyn_cast<SwitchCase>(P))
    return S == C->getSubStmt();
  return false;
}

bool onFatalPath(ASTContext &Ctx, const CallExpr *CE) {
  // The statement the call is: the call, or a cast of it to void.
  const Stmt *S = CE;
  const Stmt *P = nullptr;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    if (Parents.size() != 1 || !(P = Parents[0].get<Stmt>()))
      return false;
    if (!isa<ParenExpr, CastExpr>(P))
      break;
    S = P;
  }
  if (exitCall(S) == CE)
    return standsAsStatement(S, P);
  return reportCall(S) == CE && isa<CompoundStmt>(P) && endsInExit(cast<CompoundStmt>(P));
}

} // namespace gpupar
