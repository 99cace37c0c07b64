//===- CallAccesses.cpp - accesses through pointer parameters of called functions -===//
//
// A call `f(&a[3*i], b, n)` to a function of this file that takes pointers is walked as if its
// body were written in the loop: each pointer parameter is bound to where its argument points
// (an array of the loop at an affine offset, or a local array of the body), each integer
// parameter to its argument, so `p[k]` in `f` is the access `a[3*i + k]` of the loop, with
// `f`'s canonical loops as inner loops. Whatever cannot be bound keeps the loop serial with a
// warning in `f` and a note at each call on the way.
//
//===----------------------------------------------------------------------===//
#include "Analysis/BodyWalker.h"
#include "Text.h"

using namespace clang;

namespace gpupar {
namespace body {

namespace {

/// Returns whether body `S` of a function may return before its last statement.
bool returnsEarly(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const Stmt *Last = nullptr;
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *RS) {
      Found |= RS != Last;
      return true;
    }
  } F;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    F.Last = CS->body_back();
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

} // namespace

int BodyWalker::frameOf(const VarDecl *VD) const {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!FD)
    return -1;
  for (size_t K = 0; K < Frames.size(); ++K)
    if (Frames[K]->Fn->getCanonicalDecl() == FD->getCanonicalDecl())
      return (int)K;
  return -1;
}

void BodyWalker::callNotes(Problem &P) const {
  for (size_t K = Frames.size(); K-- > 0;)
    P.Notes.push_back(
        K == 0 ? Problem::NoteAt{Frames[K]->Call->getSourceRange(), Diag::note_called_from_loop}
               : Problem::NoteAt{Frames[K]->Call->getSourceRange(),
                                 Diag::note_called_from_function,
                                 {Frames[K - 1]->Fn->getNameAsString()}});
}

std::optional<Poly> BodyWalker::invariantBound(const Expr *E) {
  if (!E->getType()->isIntegerType() || E->HasSideEffects(Ctx))
    return std::nullopt;
  std::optional<Poly> P = buildIndex(E);
  if (!P || !P->loopVars(Info.Atoms).empty())
    return std::nullopt;
  return P;
}

bool BodyWalker::walkBoundCall(const CallExpr *CE, const FunctionDecl *Def) {
  if (Frames.size() >= MaxCallDepth)
    return fail(CE->getSourceRange(), Diag::call_nesting_depth,
                {quoted(Def), std::to_string(MaxCallDepth)});
  auto Fr = std::make_unique<Frame>();
  Fr->Fn = Def;
  Fr->Call = CE;
  std::string Callee = quoted(Def);
  for (unsigned I = 0; I < CE->getNumArgs() && I < Def->getNumParams(); ++I) {
    const ParmVarDecl *PVD = Def->getParamDecl(I);
    const Expr *Arg = CE->getArg(I);
    if (!PVD->getType()->isPointerType()) {
      if (!walk(Arg))
        return false;
      Fr->Args[PVD] = Arg;
      continue;
    }
    std::string What =
        "argument '" + text(Arg) + "' for pointer parameter " + quoted(PVD) + " of " + Callee;
    Place B;
    Binding = What; // reasons found in the argument name it
    bool Located = locatePointer(Arg, B);
    Binding.clear();
    if (!Located)
      return false;
    if (B.K == Place::Scalar)
      return fail(Arg->getSourceRange(), Diag::pointer_argument_struct, {What, quoted(B.Base)});
    if (B.Inside)
      return fail(Arg->getSourceRange(), Diag::pointer_argument_member, {What});
    // A `T **` parameter takes a pointer-to-pointer array as it is; a row of one goes to a `T *`.
    bool RowsParam = !rowElement(PVD->getType()).isNull();
    if (RowsParam != (B.RowLevel == 2) || (RowsParam && B.PtrArith))
      return fail(Arg->getSourceRange(), Diag::rows_argument, {What});
    if (B.RowLevel == 1 && !Info.RowPointers.count(B.Base))
      Info.RowPointers[B.Base] = Arg;
    Fr->Pointers[PVD] = B;
  }
  Fr->Pre.TraverseStmt(Def->getBody());
  for (const ParmVarDecl *PVD : Def->parameters())
    Fr->Pre.Locals.insert(PVD);
  bool Early = returnsEarly(Def->getBody());
  Frames.push_back(std::move(Fr));
  if (Early) // accesses after a `return` do not run in every call
    ++CondDepth;
  bool Ok = walk(Def->getBody());
  if (Early)
    --CondDepth;
  Frames.pop_back();
  return Ok;
}

} // namespace body
} // namespace gpupar
