//===- Members.cpp - members of structs that cannot go to a device --------===//
//
// A struct that holds pointers cannot be copied to a device, yet the loop may read its members
// through an outer variable it does not write: an arithmetic member (`p->n`) is read once before
// the loop and passed as a scalar (BodyInfo::Hoisted), a pointer member used as an array
// (`p->x[i]`) becomes an array of the loop (BodyInfo::MemberArrays). The host file reads each one
// only where the serial loop would (ReadSites); where that cannot be known before the loop, the
// loop stays serial and the message shows the local copy that would offload it. An integer
// element at a constant index through a pointer (`d[1]`) in a bound or subscript is read once too.
//
//===----------------------------------------------------------------------===//
#include "Analysis/BodyWalker.h"
#include "Text.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace clang;

namespace gpupar {

void ReadSites::add(const std::vector<unsigned> &Loops) {
  auto StartsWith = [](const std::vector<unsigned> &A, const std::vector<unsigned> &B) {
    return A.size() >= B.size() && std::equal(B.begin(), B.end(), A.begin());
  };
  for (const std::vector<unsigned> &W : Within)
    if (StartsWith(Loops, W))
      return;
  llvm::erase_if(Within, [&](const std::vector<unsigned> &W) { return StartsWith(W, Loops); });
  Within.push_back(Loops);
}

namespace body {

std::string localCopy(const MemberExpr *ME) {
  std::string Type = ME->getType().getAsString();
  return Type + (Type.back() == '*' ? "" : " ") + ME->getMemberDecl()->getNameAsString();
}

/// Returns whether member chain `Top` starts from a variable and follows no pointer (`s.d.n`).
static bool throughNoPointer(const MemberExpr *Top) {
  const Expr *B = Top;
  while (const auto *ME = dyn_cast<MemberExpr>(B)) {
    if (ME->isArrow())
      return false;
    B = ME->getBase()->IgnoreParenImpCasts();
  }
  return isa<DeclRefExpr>(B);
}

const VarDecl *BodyWalker::hoistRoot(const MemberExpr *Top, bool Copyable) {
  if (!Frames.empty())
    return nullptr;
  const Expr *B = Top;
  while (const auto *ME = dyn_cast<MemberExpr>(B)) {
    if (ME->getType().isVolatileQualified())
      return nullptr;
    B = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(B);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !isOuter(VD) || Pre.Written.count(VD) || VD->getType().isVolatileQualified())
    return nullptr;
  // Values are read once only where the whole struct cannot go to the device: other structs
  // are passed as they are. Bounds and subscripts must not change while the loop runs, so
  // there any struct's member is read once.
  QualType Root = VD->getType().getCanonicalType();
  if (const auto *PT = Root->getAs<PointerType>())
    Root = PT->getPointeeType();
  return Root->isRecordType() && (Copyable || recordProblem(Root).has_value()) ? VD : nullptr;
}

std::optional<std::string> BodyWalker::movingLoopProblem() {
  for (unsigned I : Active) {
    const InnerLoop &L = Info.Inner[I];
    if (!L.Tri && !L.Hull && !L.Bounds && !L.Guarded)
      continue;
    // The host file tests whether a loop runs with its one bound: not so with several.
    if (!L.Tri && !L.Hull && !L.Bounds)
      return "it is read in the loop over " + quoted(L.Form.Var) +
             ", which has several bounds, so whether the loop reads it at all is not known "
             "before it runs";
    // The variable its bounds move with: the offloaded loop's (Tri) or an enclosing loop's.
    std::string On = "a variable of the loop";
    std::vector<const VarDecl *> Vars = {F.Var};
    for (unsigned J : Active)
      Vars.push_back(Info.Inner[J].Form.Var);
    for (const VarDecl *V : Vars)
      if (V != L.Form.Var && (mentions(L.Form.Lo, V) || mentions(L.Form.Hi, V))) {
        On = quoted(V);
        break;
      }
    return "it is read in the loop over " + quoted(L.Form.Var) + ", whose bounds depend on " + On +
           ", so whether the loop reads it at all is not known before it runs";
  }
  return std::nullopt;
}

bool BodyWalker::hoistableElement(const ArraySubscriptExpr *ASE) {
  // Read in every iteration, as a member must be (hoistable).
  if (!Frames.empty() || CondDepth != 0 || BodyJumps || !ASE->getType()->isIntegerType() ||
      ASE->getType().isVolatileQualified())
    return false;
  Expr::EvalResult R;
  if (!ASE->getIdx()->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getType()->isPointerType() || !isOuter(VD) || Pre.Written.count(VD) ||
      VD->getType().isVolatileQualified())
    return false;
  // Inner loops around it must let the host file test whether the serial loop reads it.
  return readOutsideInner(ASE) || !movingLoopProblem();
}

bool BodyWalker::hoistable(const Expr *E, bool InIndex) {
  E = E->IgnoreParens();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return InIndex && hoistableElement(ASE);
  const auto *Top = dyn_cast<MemberExpr>(E);
  // Read in every iteration (no condition, short-circuit or jump before it): reading it before
  // the loop then reads nothing the loop would not (`if (p) ... p->n` stays as it is). A member
  // of a struct variable, reached through no pointer, can always be read.
  bool Always = (CondDepth == 0 && !BodyJumps) || (InIndex && Top && throughNoPointer(Top));
  const VarDecl *Root =
      Top && Always && (E->getType()->isIntegerType() || E->getType()->isRealFloatingType())
          ? hoistRoot(Top, InIndex)
          : nullptr;
  if (!Root)
    return false;
  // Inner loops around it: the host file reads it only where they run (PlanText.cpp), which it
  // can test only when their bounds are known before the loop. A struct that can be copied is
  // then passed whole, as it is anyway for values.
  std::optional<std::string> Why;
  if (!readOutsideInner(Top))
    Why = movingLoopProblem();
  if (Why && !hoistRoot(Top))
    return false;
  if (Why) {
    fail(E->getSourceRange(), Diag::member_read_needs_local,
         {text(E), localCopy(Top), quoted(Root), *Why});
    return false;
  }
  return true;
}

bool BodyWalker::readOutsideInner(const Expr *Top) {
  if (const auto *ME = dyn_cast<MemberExpr>(Top); ME && throughNoPointer(ME))
    return true;
  std::string Text = printC(Ctx, Top);
  for (size_t I = 0; I < Info.Hoisted.size(); ++I)
    if (printC(Ctx, Info.Hoisted[I]) == Text)
      for (const std::vector<unsigned> &W : Info.HoistedSites[I].Within)
        if (W.size() <= Active.size() && std::equal(W.begin(), W.end(), Active.begin()))
          return true;
  return false;
}

void BodyWalker::hoist(const Expr *E) {
  E = E->IgnoreParens();
  const auto *ME = dyn_cast<MemberExpr>(E); // else an element (hoistableElement)
  std::string Text = printC(Ctx, E);
  unsigned Index = 0;
  while (Index < Info.Hoisted.size() && printC(Ctx, Info.Hoisted[Index]) != Text)
    ++Index;
  if (Index == Info.Hoisted.size()) {
    Info.Hoisted.push_back(E);
    Info.HoistedSites.emplace_back();
    Info.HoistedCopyable.push_back(!ME || !hoistRoot(ME));
  }
  Info.HoistedSites[Index].add(ME && throughNoPointer(ME) ? std::vector<unsigned>() : Active);
  for (const auto &[Use, K] : Info.HoistedUses)
    if (Use == E)
      return;
  Info.HoistedUses.push_back({E, Index});
}

const VarDecl *BodyWalker::memberArray(const Expr *E, bool &Matched) {
  Matched = false;
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParens());
  QualType T = ME ? ME->getType() : QualType();
  if (!ME || !Frames.empty() || !T->isPointerType())
    return nullptr;
  QualType Row = rowElement(T), Elem = Row.isNull() ? innermost(T) : Row;
  if (!isArithmetic(Elem) && !Elem->isRecordType())
    return nullptr;
  if (T.isVolatileQualified() || T->getPointeeType().isVolatileQualified() ||
      Elem.isVolatileQualified()) {
    Matched = true;
    fail(E->getSourceRange(), Diag::volatile_array, {"'" + text(E) + "'"});
    return nullptr;
  }
  const VarDecl *Root = hoistRoot(ME);
  if (!Root)
    return nullptr;
  Matched = true;
  // As for arithmetic members: read before the loop only where every iteration reads it, so
  // that a condition such as `if (p)` is never bypassed.
  std::optional<std::string> Why;
  if (CondDepth > 0 || BodyJumps)
    Why = "not every iteration reads it (a condition or a jump in the body), so it is not read "
          "before the loop";
  else
    Why = movingLoopProblem();
  if (Why) {
    fail(E->getSourceRange(), Diag::member_array_needs_local,
         {text(E), localCopy(ME), quoted(Root), *Why});
    return nullptr;
  }
  // One variable per member as printed: `p->x` in two places is one array.
  std::string Text = printC(Ctx, ME);
  size_t Index = 0;
  while (Index < Info.MemberArrays.size() && Info.MemberArrays[Index].first->getName() != Text)
    ++Index;
  if (Index == Info.MemberArrays.size()) {
    auto *DC = const_cast<DeclContext *>(Root->getDeclContext());
    VarDecl *New =
        VarDecl::Create(Ctx, DC, ME->getBeginLoc(), ME->getExprLoc(), &Ctx.Idents.get(Text),
                        T.getUnqualifiedType(), Ctx.getTrivialTypeSourceInfo(T), SC_None);
    Info.MemberArrays.push_back({New, ME});
    Info.MemberArraySites.emplace_back();
  }
  const VarDecl *VD = Info.MemberArrays[Index].first;
  Info.MemberArraySites[Index].add(Active);
  for (const auto &[Use, Of] : Info.MemberArrayUses)
    if (Use == ME)
      return VD;
  Info.MemberArrayUses.push_back({ME, VD});
  return VD;
}

} // namespace body
} // namespace gpupar
