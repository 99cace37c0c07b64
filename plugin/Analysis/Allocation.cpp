//===- Allocation.cpp - extents of arrays the loop's function allocates ---===//
#include "Analysis/Allocation.h"

#include "Analysis/LoopForm.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace gpupar {

namespace {

/// Returns whether `E` is a direct call of the C library's malloc or calloc.
bool isLibraryAllocation(const Expr *E) {
  const auto *CE = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenCasts() : nullptr);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || FD->isDefined())
    return false; // a malloc of the program's own is not the allocator the runtime asks
  unsigned Id = FD->getBuiltinID();
  return Id == Builtin::BImalloc || Id == Builtin::BIcalloc;
}

/// The stores into one variable in a function body, and what rules them out.
struct Stores : RecursiveASTVisitor<Stores> {
  const VarDecl *VD;
  std::vector<const BinaryOperator *> Assigns;
  bool Other = false; ///< `++`, `--`, `&VD`, or a label anywhere in the function
  explicit Stores(const VarDecl *VD) : VD(VD) {}
  bool refersToVar(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && refersToVar(BO->getLHS())) {
      if (BO->getOpcode() == BO_Assign)
        Assigns.push_back(BO);
      else
        Other = true;
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        refersToVar(UO->getSubExpr()))
      Other = true;
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) {
    Other = true;
    return true;
  }
};

/// Returns whether statement `S`, a child of a compound statement, runs before `Loop` whenever
/// the loop runs: the compound statement holds the loop too, in a later child.
bool runsBefore(ASTContext &Ctx, const Stmt *S, const ForStmt *Loop) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStatement(Ctx, S));
  if (!Block)
    return false;
  const Stmt *Child = Loop, *P;
  while ((P = parentStatement(Ctx, Child)) && P != Block)
    Child = P;
  if (P != Block)
    return false;
  for (const Stmt *C : Block->body()) {
    if (C == S)
      return true;
    if (C == Child)
      return false;
  }
  return false;
}

} // namespace

std::optional<std::string> allocationExtent(ASTContext &Ctx, const ForStmt *Loop,
                                            const VarDecl *VD) {
  const FunctionDecl *FD = enclosingFunction(Ctx, Loop);
  if (!FD || !FD->hasBody() || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      !VD->getType()->isPointerType() || VD->getType()->getPointeeType()->isIncompleteType() ||
      VD->getDeclContext() != FD)
    return std::nullopt;
  Stores St(VD);
  St.TraverseStmt(FD->getBody());
  if (St.Other)
    return std::nullopt;
  const Stmt *Store = nullptr;
  const Expr *Init = VD->getInit();
  if (Init && isLibraryAllocation(Init) && St.Assigns.empty()) {
    DynTypedNodeList Parents = Ctx.getParents(*VD);
    Store = Parents.size() == 1 ? Parents[0].get<DeclStmt>() : nullptr;
  } else if ((!Init || Init->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNull)) &&
             St.Assigns.size() == 1 && isLibraryAllocation(St.Assigns[0]->getRHS())) {
    Store = St.Assigns[0];
  }
  if (!Store || !runsBefore(Ctx, Store, Loop))
    return std::nullopt;
  std::string Name = VD->getNameAsString();
  return "gpupar_alloc_elems(" + Name + ", sizeof(*" + Name + "))";
}

bool heapExtentFits(const VarDecl *VD) {
  QualType T = VD->getType();
  if (!T->isPointerType())
    return false;
  QualType Elem = T->getPointeeType();
  return !Elem->isIncompleteType() && !Elem->isFunctionType() && Elem->isConstantSizeType();
}

} // namespace gpupar
