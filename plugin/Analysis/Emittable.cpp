//===- Emittable.cpp - the last checks before a loop is planned -------------===//
#include "Analysis/Emittable.h"
#include "Analysis/BodyWalker.h"
#include "Text.h"

using namespace clang;

namespace gpupar {

std::optional<gpupar_type_kind> perThreadKind(const ASTContext &Ctx, QualType T) {
  T = valueType(T);
  if (T->isBooleanType())
    return GPUPAR_TYPE_BOOL;
  if (T->isRealFloatingType()) {
    if (Ctx.getTypeSize(T) > 64)
      return std::nullopt;
    return GPUPAR_TYPE_FLOAT;
  }
  if (T->isIntegerType() && Ctx.getTypeSize(T) <= 64)
    return T->isSignedIntegerType() ? GPUPAR_TYPE_SIGNED : GPUPAR_TYPE_UNSIGNED;
  return std::nullopt;
}

std::vector<const ArrayType *> innerArrayTypes(const ASTContext &Ctx, const VarDecl *VD) {
  std::vector<const ArrayType *> Types;
  QualType T = VD->getType();
  const ArrayType *Top = Ctx.getAsArrayType(T);
  QualType Row = Top ? Top->getElementType() : T->getPointeeType();
  for (const ArrayType *AT = Ctx.getAsArrayType(Row); AT;
       AT = Ctx.getAsArrayType(AT->getElementType()))
    Types.push_back(AT);
  return Types;
}

std::vector<uint64_t> innerDims(const ASTContext &Ctx, const VarDecl *VD,
                                const ArrayType **Variable) {
  std::vector<uint64_t> Dims;
  for (const ArrayType *AT : innerArrayTypes(Ctx, VD)) {
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    if (!CAT) {
      if (Variable)
        *Variable = AT;
      break;
    }
    Dims.push_back(CAT->getSize().getZExtValue());
  }
  return Dims;
}

/// Returns whether `VD`, a local or parameter, is assigned, incremented or has its address
/// taken anywhere in its function.
static bool assignedInFunction(const VarDecl *VD) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return true;
  body::WriteCollector W;
  W.TraverseStmt(FD->getBody());
  return W.Written.count(VD) != 0;
}

const VarDecl *dimensionVariable(const ArrayType *AT) {
  const auto *VAT = dyn_cast<VariableArrayType>(AT);
  if (!VAT || !VAT->getSizeExpr())
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(VAT->getSizeExpr()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // Integer types only, not enums: an enum's declaration would have to reach the .cu.
  QualType T = VD ? VD->getType() : QualType();
  if (!VD || !T->isIntegerType() || T->isEnumeralType() || T.isVolatileQualified())
    return nullptr;
  // The array's rows keep the size the variable had where the type was written: the variable
  // must hold it still at the loop, so a local or parameter its function never assigns.
  if (!VD->hasLocalStorage() || assignedInFunction(VD))
    return nullptr;
  return VD;
}

/// Returns whether `E` is integer arithmetic over constants and integer locals or parameters
/// that their function never assigns (dimensionSize).
static bool fixedSizeExpr(const Expr *E) {
  E = E->IgnoreParens();
  if (!E->getType()->isIntegerType())
    return false;
  if (isa<IntegerLiteral>(E))
    return true;
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return (isa<ImplicitCastExpr>(CE) || isa<CStyleCastExpr>(CE)) &&
           fixedSizeExpr(CE->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && VD->hasLocalStorage() && !VD->getType().isVolatileQualified() &&
           !assignedInFunction(VD);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) &&
           fixedSizeExpr(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
    case BO_Mul:
    case BO_Div:
    case BO_Rem:
    case BO_Shl:
    case BO_Shr:
      return fixedSizeExpr(BO->getLHS()) && fixedSizeExpr(BO->getRHS());
    default:
      return false;
    }
  }
  return false;
}

const Expr *dimensionSize(const ArrayType *AT) {
  const auto *VAT = dyn_cast<VariableArrayType>(AT);
  const Expr *Size = VAT ? VAT->getSizeExpr() : nullptr;
  // fixedSizeExpr admits no call, assignment or increment: the expression has no side effect.
  return Size && fixedSizeExpr(Size) ? Size : nullptr;
}

/// Returns false with a warning in `P` when a dimension of array `VD` after the first is neither
/// a constant nor a dimensionSize expression (the generated code passes such a size with the
/// array: kernel.h gpupar_vla).
static bool emittableInnerDims(const ASTContext &Ctx, const VarDecl *VD, const BodyInfo &Info,
                               Problem &P) {
  for (const ArrayType *AT : innerArrayTypes(Ctx, VD)) {
    if (isa<ConstantArrayType>(AT))
      continue;
    // A size variable (dimensionVariable) is such an expression too; its variables are never
    // assigned, so not in the loop either.
    if (dimensionSize(AT))
      continue;
    const auto *VAT = dyn_cast<VariableArrayType>(AT);
    std::string Size = VAT && VAT->getSizeExpr() ? sourceText(Ctx, VAT->getSizeExpr()) : "?";
    P = makeProblem(Diag::inner_dimension_not_constant, VD->getSourceRange(),
                    {VD->getNameAsString(), Size});
    for (const Access &A : Info.Accesses)
      if (A.Array == VD) {
        P.Range = A.Expr->getSourceRange();
        break;
      }
    return false;
  }
  return true;
}

bool checkEmittable(const ASTContext &Ctx, const BodyInfo &Info, Problem &P) {
  for (const WrittenScalar &W : Info.Written)
    if (!perThreadKind(Ctx, W.Var->getType())) {
      P = makeProblem(Diag::scalar_type_not_per_thread,
                      W.FirstWrite ? W.FirstWrite->getSourceRange() : W.Var->getSourceRange(),
                      {W.Var->getNameAsString(), W.Var->getType().getAsString()});
      return false;
    }
  for (const ArrayReduction &AR : Info.ArrayReductions) {
    const ArrayShape &Shape = Info.Shapes[Info.arrayIndex(AR.Var)];
    bool Kind = perThreadKind(Ctx, Shape.Element).has_value();
    if (Kind && Shape.InnerDims.empty())
      continue;
    std::string Name = AR.Var->getNameAsString();
    P = Kind ? makeProblem(Diag::reduction_array_dimensions, AR.Var->getSourceRange(), {Name})
             : makeProblem(Diag::reduction_array_element_type, AR.Var->getSourceRange(),
                           {Name, Shape.Element.getAsString()});
    if (!AR.Updates.empty())
      P.Range = AR.Updates.front().Whole->getSourceRange();
    return false;
  }
  for (size_t I = 0; I < Info.Arrays.size(); ++I) {
    const VarDecl *VD = Info.Arrays[I];
    bool Reduced = false;
    for (const ArrayReduction &AR : Info.ArrayReductions)
      Reduced |= AR.Var == VD;
    if (!Reduced && !Info.Shapes[I].Rows && !emittableInnerDims(Ctx, VD, Info, P))
      return false;
  }
  return true;
}

} // namespace gpupar
