//===- Asserts.cpp - `assert(e)` in offloaded code -------------------------===//
#include "Analysis/Asserts.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace gpupar {

/// A literal or a predefined name (`__func__`, `__PRETTY_FUNCTION__`), possibly converted or
/// marked `__extension__`.
static bool literalArgument(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Extension)
    E = UO->getSubExpr()->IgnoreParenCasts();
  return isa<StringLiteral, IntegerLiteral, CharacterLiteral, PredefinedExpr>(E);
}

bool isAssertFailure(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier() || FD->hasBody() || !FD->isNoReturn())
    return false;
  if (!llvm::StringSwitch<bool>(FD->getName())
           .Cases("__assert_fail", "__assert_rtn", "__assert", true)
           .Default(false))
    return false;
  for (const Expr *A : CE->arguments())
    if (!literalArgument(A))
      return false;
  return true;
}

const Expr *assertCondition(const StmtExpr *SE) {
  const CompoundStmt *CS = SE->getSubStmt();
  if (!CS || CS->size() != 1)
    return nullptr;
  const auto *If = dyn_cast<IfStmt>(CS->body_front());
  if (!If || If->getInit() || If->getConditionVariable() || !isa<NullStmt>(If->getThen()))
    return nullptr;
  const auto *Fail = dyn_cast_or_null<CallExpr>(If->getElse());
  return Fail && isAssertFailure(Fail) ? If->getCond() : nullptr;
}

} // namespace gpupar
