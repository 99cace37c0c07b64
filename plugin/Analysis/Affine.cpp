//===- Affine.cpp - polynomial subscripts ----------------------------------===//
#include "Analysis/Affine.h"
#include "Text.h"

using namespace clang;

namespace gpupar {

unsigned AtomTable::loopVar(const VarDecl *VD) {
  for (unsigned I = 0; I < Atoms.size(); ++I)
    if (Atoms[I].LoopVar == VD && !Atoms[I].Fresh)
      return I;
  Atoms.push_back({VD, VD->getNameAsString()});
  return Atoms.size() - 1;
}

unsigned AtomTable::freshLoopVar(const VarDecl *VD) {
  Atoms.push_back({VD, VD->getNameAsString(), true});
  return Atoms.size() - 1;
}

unsigned AtomTable::invariant(const std::string &Text) {
  for (unsigned I = 0; I < Atoms.size(); ++I)
    if (!Atoms[I].LoopVar && Atoms[I].Text == Text)
      return I;
  Atoms.push_back({nullptr, Text});
  return Atoms.size() - 1;
}

Poly Poly::constant(int64_t V) {
  Poly P;
  if (V)
    P.Terms[Monomial()] = V;
  return P;
}

Poly Poly::atom(unsigned Id) {
  Poly P;
  P.Terms[Monomial{{Id, 1}}] = 1;
  return P;
}

bool Poly::addScaled(const Poly &O, int64_t K) {
  for (const auto &[M, C] : O.Terms) {
    int64_t Scaled, Sum;
    if (__builtin_mul_overflow(C, K, &Scaled))
      return false;
    int64_t Old = Terms.count(M) ? Terms[M] : 0;
    if (__builtin_add_overflow(Old, Scaled, &Sum))
      return false;
    if (Sum)
      Terms[M] = Sum;
    else
      Terms.erase(M);
  }
  return true;
}

static Monomial multiplyMonomials(const Monomial &A, const Monomial &B) {
  std::map<unsigned, unsigned> Degrees;
  for (const auto &[Id, D] : A)
    Degrees[Id] += D;
  for (const auto &[Id, D] : B)
    Degrees[Id] += D;
  return Monomial(Degrees.begin(), Degrees.end());
}

bool Poly::multiply(const Poly &O) {
  Poly Result;
  for (const auto &[MA, CA] : Terms)
    for (const auto &[MB, CB] : O.Terms) {
      int64_t C;
      if (__builtin_mul_overflow(CA, CB, &C))
        return false;
      Poly T;
      T.Terms[multiplyMonomials(MA, MB)] = C;
      if (!Result.addScaled(T, 1))
        return false;
    }
  *this = std::move(Result);
  return true;
}

bool Poly::isConstant(int64_t *V) const {
  if (Terms.empty()) {
    if (V)
      *V = 0;
    return true;
  }
  if (Terms.size() == 1 && Terms.begin()->first.empty()) {
    if (V)
      *V = Terms.begin()->second;
    return true;
  }
  return false;
}

int64_t Poly::constantTerm() const {
  auto It = Terms.find(Monomial());
  return It == Terms.end() ? 0 : It->second;
}

bool Poly::isAffine(const AtomTable &Atoms) const {
  for (const auto &[M, C] : Terms) {
    unsigned LoopDegree = 0;
    for (const auto &[Id, D] : M)
      if (Atoms.isLoopVar(Id))
        LoopDegree += D;
    if (LoopDegree > 1)
      return false;
  }
  return true;
}

Poly Poly::coefficient(unsigned Id) const {
  Poly P;
  for (const auto &[M, C] : Terms) {
    Monomial Rest;
    bool Found = false;
    for (const auto &[A, D] : M) {
      if (A == Id && D == 1)
        Found = true;
      else
        Rest.push_back({A, D});
    }
    if (Found)
      P.Terms[Rest] = C;
  }
  return P;
}

Poly Poly::invariantPart(const AtomTable &Atoms) const {
  Poly P;
  for (const auto &[M, C] : Terms) {
    bool HasLoopVar = false;
    for (const auto &[A, D] : M)
      HasLoopVar |= Atoms.isLoopVar(A);
    if (!HasLoopVar)
      P.Terms[M] = C;
  }
  return P;
}

std::vector<unsigned> Poly::loopVars(const AtomTable &Atoms) const {
  std::vector<unsigned> Vars;
  for (const auto &[M, C] : Terms)
    for (const auto &[A, D] : M)
      if (Atoms.isLoopVar(A) && std::find(Vars.begin(), Vars.end(), A) == Vars.end())
        Vars.push_back(A);
  return Vars;
}

Poly Poly::withoutConstant() const {
  Poly P = *this;
  P.Terms.erase(Monomial());
  return P;
}

std::string Poly::printC(const AtomTable &Atoms) const {
  if (Terms.empty())
    return "0LL";
  std::string Out;
  for (const auto &[M, C] : Terms) {
    std::string Term;
    int64_t Abs = C;
    bool Negative = C < 0 && C != INT64_MIN;
    if (Negative)
      Abs = -C;
    if (M.empty() || Abs != 1)
      Term = llLiteral(Abs);
    for (const auto &[A, D] : M)
      for (unsigned K = 0; K < D; ++K) {
        if (!Term.empty())
          Term += " * ";
        Term += "(long long)(" + Atoms.get(A).Text + ")";
      }
    if (Out.empty())
      Out = Negative ? "-" + Term : Term;
    else
      Out += (Negative ? " - " : " + ") + Term;
  }
  return Out;
}

std::optional<Poly> PolyBuilder::build(const Expr *E) {
  E = E->IgnoreParens();
  if (!E->getType()->isIntegerType())
    return std::nullopt;
  if (!E->isValueDependent()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt()) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.getSignificantBits() <= 64 && !(V.isUnsigned() && V.getActiveBits() > 63))
        return Poly::constant(V.getExtValue());
    }
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_LValueToRValue:
      return build(CE->getSubExpr());
    default:
      break;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (IsLoopVar(VD))
        return Poly::atom(AtomOf ? AtomOf(VD) : Atoms.loopVar(VD));
      if (const Expr *Init = Subst && Depth < 16 ? Subst(VD) : nullptr) {
        ++Depth;
        std::optional<Poly> P = build(Init);
        --Depth;
        if (P)
          return P;
      }
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Add || Op == BO_Sub || Op == BO_Mul) {
      std::optional<Poly> L = build(BO->getLHS());
      std::optional<Poly> R = L ? build(BO->getRHS()) : std::nullopt;
      if (!L || !R)
        return std::nullopt;
      bool Ok = Op == BO_Mul ? L->multiply(*R) : L->addScaled(*R, Op == BO_Add ? 1 : -1);
      return Ok ? L : std::nullopt;
    }
    if (Op == BO_Shl) {
      std::optional<Poly> L = build(BO->getLHS());
      std::optional<Poly> R = L ? build(BO->getRHS()) : std::nullopt;
      int64_t Shift;
      if (L && R && R->isConstant(&Shift) && Shift >= 0 && Shift < 62 &&
          L->multiply(Poly::constant(int64_t(1) << Shift)))
        return L;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Plus)
      return build(UO->getSubExpr());
    if (UO->getOpcode() == UO_Minus) {
      std::optional<Poly> S = build(UO->getSubExpr());
      Poly Zero;
      if (S && Zero.addScaled(*S, -1))
        return Zero;
      return std::nullopt;
    }
  }
  if (IsInvariant(E))
    return Poly::atom(Atoms.invariant(gpupar::printC(Ctx, E)));
  return std::nullopt;
}

} // namespace gpupar
