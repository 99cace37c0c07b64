//===- Emittable.cpp - the last checks before a loop is planned -------------===//
#include "Analysis/Emittable.h"
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

std::vector<uint64_t> innerDims(const ASTContext &Ctx, const VarDecl *VD,
                                const ArrayType **Variable) {
  std::vector<uint64_t> Dims;
  QualType T = VD->getType();
  const ArrayType *Top = Ctx.getAsArrayType(T);
  QualType Row = Top ? Top->getElementType() : T->getPointeeType();
  for (const ArrayType *AT = Ctx.getAsArrayType(Row); AT;
       AT = Ctx.getAsArrayType(AT->getElementType())) {
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

/// Returns false with a warning in `P` when a dimension of array `VD` after the first is not a
/// constant (a variable-length array: C++ has no type for a pointer to its rows).
static bool constantInnerDims(const ASTContext &Ctx, const VarDecl *VD, const BodyInfo &Info,
                              Problem &P) {
  const ArrayType *Variable = nullptr;
  innerDims(Ctx, VD, &Variable);
  if (!Variable)
    return true;
  const auto *VAT = dyn_cast<VariableArrayType>(Variable);
  std::string Dim = VAT && VAT->getSizeExpr() ? sourceText(Ctx, VAT->getSizeExpr()) : "?";
  P = makeProblem(Diag::inner_dimension_not_constant, VD->getSourceRange(),
                  {VD->getNameAsString(), Dim});
  for (const Access &A : Info.Accesses)
    if (A.Array == VD) {
      P.Range = A.Expr->getSourceRange();
      break;
    }
  return false;
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
    if (!Reduced && !Info.Shapes[I].Rows && !constantInnerDims(Ctx, VD, Info, P))
      return false;
  }
  return true;
}

} // namespace gpupar
