//===- Affine.cpp - polynomial subscripts ----------------------------------===//
#include "Analysis/Affine.h"
#include "Analysis/LoopForm.h"
#include "Text.h"

using namespace clang;

namespace gpupar {

unsigned AtomTable::loopVar(const VarDecl *VD) {
  for (unsigned I = 0; I < Atoms.size(); ++I)
    if (Atoms[I].LoopVar == VD && !Atoms[I].Fresh)
      return I;
  Atom A;
  A.LoopVar = VD;
  A.Text = VD->getNameAsString();
  Atoms.push_back(A);
  return Atoms.size() - 1;
}

unsigned AtomTable::freshLoopVar(const VarDecl *VD) {
  Atom A;
  A.LoopVar = VD;
  A.Text = VD->getNameAsString();
  A.Fresh = true;
  Atoms.push_back(A);
  return Atoms.size() - 1;
}

unsigned AtomTable::invariant(const std::string &Text) {
  Atom A;
  A.Text = Text;
  return findOrAdd([&](const Atom &X, unsigned I) { return !isLoopVar(I) && X.Text == Text; }, A);
}

unsigned AtomTable::quotient(const Poly &Num, int64_t Divisor, const Poly &Lo, const Poly &Hi,
                             const std::string &Text) {
  Atom A;
  A.Text = Text;
  A.Divisor = Divisor;
  A.Num = Num;
  A.Lo = Lo;
  A.Hi = Hi;
  return findOrAdd(
      [&](const Atom &X, unsigned) {
        return X.Divisor == Divisor && X.Num == Num && X.Lo == Lo && X.Hi == Hi;
      },
      A);
}

unsigned AtomTable::symbolicQuotient(const Poly &Num, const Poly &Divisor,
                                     const std::string &Text) {
  Atom A;
  A.Text = Text;
  A.Symbolic = true;
  A.Num = Num;
  A.SymbolicDivisor = Divisor;
  return findOrAdd(
      [&](const Atom &X, unsigned) {
        return X.Symbolic && X.Num == Num && X.SymbolicDivisor == Divisor;
      },
      A);
}

bool AtomTable::hasSymbolic(const Poly &P) const {
  for (const auto &[M, C] : P.Terms)
    for (const auto &[X, Deg] : M)
      if (Atoms[X].Symbolic)
        return true;
  return false;
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

/// The loop variables of `P` that are not quotient atoms.
static std::vector<unsigned> plainVars(const Poly &P, const AtomTable &Atoms) {
  std::vector<unsigned> Vars;
  for (unsigned V : P.loopVars(Atoms))
    if (!Atoms.isQuotient(V))
      Vars.push_back(V);
  return Vars;
}

Remainders splitRemainders(const Poly &P, const AtomTable &Atoms) {
  Remainders R;
  R.Rest = P;
  for (bool Progress = true; Progress;) {
    Progress = false;
    std::vector<unsigned> Vars = R.Rest.loopVars(Atoms);
    std::sort(Vars.rbegin(), Vars.rend()); // later quotients may hold earlier ones
    for (unsigned Q : Vars) {
      int64_t A = 0, C = Atoms.isQuotient(Q) ? Atoms.get(Q).Divisor : 0;
      if (!C || !R.Rest.coefficient(Q).isConstant(&A) || A % C != 0)
        continue;
      int64_t M = -A / C; // Rest = M * (Num - C * Q) + (Rest - M * Num + M * C * Q)
      Poly Rem = Atoms.get(Q).Num, Next = R.Rest;
      if (M == 0 || !Rem.addScaled(Poly::atom(Q), -C) || !Next.addScaled(Rem, -M))
        continue;
      // Only when it removes loop variables: no new plain one, fewer monomials with one.
      std::vector<unsigned> Before = plainVars(R.Rest, Atoms), After = plainVars(Next, Atoms);
      bool Subset = std::all_of(After.begin(), After.end(), [&](unsigned V) {
        return std::find(Before.begin(), Before.end(), V) != Before.end();
      });
      auto Count = [&](const Poly &X) {
        return X.Terms.size() - X.invariantPart(Atoms).Terms.size();
      };
      if (!Subset || Count(Next) >= Count(R.Rest))
        continue;
      R.Rest = Next;
      R.Parts.push_back({M, Q});
      Progress = true;
      break;
    }
  }
  return R;
}

std::optional<std::pair<Poly, Poly>>
polyRange(const Poly &P, const AtomTable &Atoms,
          const std::function<std::optional<std::pair<Poly, Poly>>(unsigned)> &VarRange) {
  Remainders R = splitRemainders(P, Atoms);
  Poly Lo = R.Rest.invariantPart(Atoms), Hi = Lo;
  auto Add = [&](int64_t K, const Poly &VLo, const Poly &VHi) {
    return Lo.addScaled(K >= 0 ? VLo : VHi, K) && Hi.addScaled(K >= 0 ? VHi : VLo, K);
  };
  for (unsigned V : R.Rest.loopVars(Atoms)) {
    int64_t K = 0;
    if (!R.Rest.coefficient(V).isConstant(&K))
      return std::nullopt;
    std::optional<std::pair<Poly, Poly>> VR;
    if (Atoms.isQuotient(V))
      VR = std::make_pair(Atoms.get(V).Lo, Atoms.get(V).Hi);
    else if (VarRange)
      VR = VarRange(V);
    if (!VR || !Add(K, VR->first, VR->second))
      return std::nullopt;
  }
  for (const auto &[K, Q] : R.Parts)
    if (!Add(K, Poly(), Poly::constant(Atoms.get(Q).Divisor - 1)))
      return std::nullopt;
  return std::make_pair(Lo, Hi);
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
      if (const Expr *Init = Subst && Depth < 16 ? Subst(VD, DRE) : nullptr) {
        ++Depth;
        std::optional<Poly> P = build(Init);
        --Depth;
        if (P)
          return P;
      }
      if (std::optional<llvm::APSInt> K = constantVariable(Ctx, VD);
          K && K->getSignificantBits() <= 64 && !(K->isUnsigned() && K->getActiveBits() > 63))
        return Poly::constant(K->getExtValue());
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
    if ((Op == BO_Div || Op == BO_Rem) && VarRange) {
      if (std::optional<Poly> Q = quotient(BO))
        return Q;
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
  if (const auto *CO = dyn_cast<ConditionalOperator>(E); CO && Arm && !IsInvariant(E)) {
    if (int Side = Arm(CO))
      return build(Side == 1 ? CO->getTrueExpr() : CO->getFalseExpr());
    return std::nullopt;
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

std::optional<Poly> PolyBuilder::quotient(const BinaryOperator *BO) {
  Expr::EvalResult R;
  const Expr *RHS = BO->getRHS();
  if (RHS->isValueDependent())
    return std::nullopt;
  if (!RHS->EvaluateAsInt(R, Ctx) || !R.Val.isInt())
    return symbolicQuotient(BO);
  const llvm::APSInt &CV = R.Val.getInt();
  if (CV.isNegative() || CV.isZero() || CV.getActiveBits() > 62)
    return std::nullopt;
  int64_t C = CV.getExtValue();
  std::optional<Poly> L = build(BO->getLHS());
  if (!L || L->loopVars(Atoms).empty() || !L->isAffine(Atoms))
    return std::nullopt; // an invariant `n / 2` stays one invariant atom
  // C's `/` truncates toward zero: the floor only for a dividend never negative.
  std::optional<std::pair<Poly, Poly>> Range = polyRange(*L, Atoms, VarRange);
  int64_t Lo = 0, Hi = 0;
  if (!Range || !Range->first.isConstant(&Lo) || Lo < 0)
    return std::nullopt;
  Poly QLo = Poly::constant(Lo / C), QHi;
  if (Range->second.isConstant(&Hi))
    QHi = Poly::constant(Hi / C);
  else
    QHi = Poly::atom(Atoms.invariant("(" + Range->second.printC(Atoms) + ") / " + llLiteral(C)));
  std::string Num = gpupar::printC(Ctx, BO->getLHS());
  if (!isa<DeclRefExpr, ParenExpr>(BO->getLHS()->IgnoreImpCasts()))
    Num = "(" + Num + ")";
  Poly Q = Poly::atom(Atoms.quotient(*L, C, QLo, QHi, Num + " / " + std::to_string(C)));
  if (BO->getOpcode() == BO_Div)
    return C == 1 ? *L : Q;
  if (C == 1)
    return Poly();
  if (!L->addScaled(Q, -C)) // e % c == e - c * (e / c)
    return std::nullopt;
  return L;
}

std::optional<Poly> PolyBuilder::symbolicQuotient(const BinaryOperator *BO) {
  const Expr *RHS = BO->getRHS();
  if (!SymbolicQuotients || !RHS->getType()->isIntegerType() || !IsInvariant(RHS))
    return std::nullopt;
  std::optional<Poly> L = build(BO->getLHS()), M = build(RHS);
  if (!L || !M || L->loopVars(Atoms).empty() || !M->loopVars(Atoms).empty())
    return std::nullopt; // an invariant `n / m` stays one invariant atom
  // C defines `e % m` as `e - (e / m) * m` for every m but 0 (which the program may not divide
  // by), whatever the signs.
  std::string Text =
      "(" + gpupar::printC(Ctx, BO->getLHS()) + ") / (" + gpupar::printC(Ctx, RHS) + ")";
  Poly Q = Poly::atom(Atoms.symbolicQuotient(*L, *M, Text));
  if (BO->getOpcode() == BO_Div)
    return Q;
  Poly MQ = *M;
  if (!MQ.multiply(Q) || !L->addScaled(MQ, -1))
    return std::nullopt;
  return L;
}

} // namespace gpupar
