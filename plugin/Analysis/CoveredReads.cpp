//===- CoveredReads.cpp - reads of what the same iteration wrote first ----------===//
#include "Analysis/CoveredReads.h"

#include "Analysis/BodyWalker.h"
#include "Analysis/LoopForm.h"
#include "Analysis/Scalars.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace gpupar {
namespace {

/// Control that may enter a block in its middle.
struct Jumps : RecursiveASTVisitor<Jumps> {
  bool Found = false;
  bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
  bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
  bool VisitSwitchStmt(SwitchStmt *) { return !(Found = true); }
};

/// The local variables `E` reads, when it is arithmetic over them and constants only.
bool plainIndex(const Expr *E, std::vector<const VarDecl *> &Vars) {
  E = E->IgnoreParenCasts();
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(R->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!V || !V->hasLocalStorage() || V->getType().isVolatileQualified())
      return false;
    Vars.push_back(V);
    return true;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma && plainIndex(BO->getLHS(), Vars) &&
           plainIndex(BO->getRHS(), Vars);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus ||
            UO->getOpcode() == UO_Not) &&
           plainIndex(UO->getSubExpr(), Vars);
  return false;
}

/// The statement `a[e] = v;` that write `W` belongs to, when it is one of a block.
const BinaryOperator *assignmentStatement(ASTContext &Ctx, const Expr *W,
                                          const CompoundStmt *&Block) {
  const Stmt *P = parentStatement(Ctx, W);
  const Expr *Cur = W;
  while (P && isa<ParenExpr>(P)) {
    Cur = cast<Expr>(P);
    P = parentStatement(Ctx, P);
  }
  const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
  if (!BO || BO->getOpcode() != BO_Assign || BO->getLHS()->IgnoreParens() != Cur->IgnoreParens())
    return nullptr;
  Block = dyn_cast_or_null<CompoundStmt>(parentStatement(Ctx, BO));
  return Block ? BO : nullptr;
}

/// The element subscripts of `E` (`a[e1]...[ek]`, members and parentheses passed), when each
/// is plain arithmetic (plainIndex), with the variables they read.
bool plainElement(const Expr *E, std::vector<const VarDecl *> &Vars) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && plainElement(ME->getBase(), Vars);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return plainIndex(ASE->getIdx(), Vars) &&
           (isa<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()) ||
            plainElement(ASE->getBase(), Vars));
  return false;
}

/// Whether read `R` follows, in a block around it inside `Loop`, the statement `W = v;`
/// assigning the same element, with the subscripts' variables unchanged from there to `R`'s
/// statement.
bool covers(ASTContext &Ctx, const ForStmt *Loop, const Expr *W, const Expr *R) {
  const CompoundStmt *Block = nullptr;
  const BinaryOperator *Assign = assignmentStatement(Ctx, W, Block);
  std::vector<const VarDecl *> Vars;
  if (!Assign || !sameValue(Ctx, W, R) || !plainElement(W, Vars))
    return false;
  const Stmt *Child = R;
  for (const Stmt *P = parentStatement(Ctx, R); P && Child != Loop->getBody();
       Child = P, P = parentStatement(Ctx, P)) {
    if (P != Block)
      continue;
    auto From = llvm::find(Block->body(), Assign), To = llvm::find(Block->body(), Child);
    if (From == Block->body().end() || To == Block->body().end() || From >= To)
      return false;
    for (auto It = From; It <= To; ++It) {
      body::WriteCollector Writes;
      Writes.TraverseStmt(const_cast<Stmt *>(*It));
      for (const VarDecl *V : Vars)
        if (Writes.Written.count(V))
          return false;
    }
    return true;
  }
  return false;
}

} // namespace

void markCoveredReads(ASTContext &Ctx, const ForStmt *Loop, BodyInfo &Info) {
  Jumps J;
  J.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
  if (J.Found)
    return;
  for (Access &R : Info.Accesses) {
    if (R.IsWrite || R.Via || R.Rows || !R.Affine)
      continue;
    for (const Access &W : Info.Accesses)
      if (W.IsWrite && W.Array == R.Array && !W.Via && !W.Rows &&
          covers(Ctx, Loop, W.Expr, R.Expr)) {
        R.CoveredRead = true;
        break;
      }
  }
}

} // namespace gpupar
