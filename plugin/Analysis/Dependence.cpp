//===- Dependence.cpp - may two iterations touch the same element? ---------===//
#include "Analysis/Dependence.h"

#include "Analysis/Inequalities.h"
#include "Text.h"

#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

using namespace clang;

namespace gpupar {

namespace {

using Bound = std::optional<Poly>; ///< nothing: unbounded

struct Interval {
  Bound Lo, Hi;
};

bool positive(const Bound &B) {
  int64_t V = 0;
  return B && B->isConstant(&V) && V > 0;
}

/// Returns true when `B` > 0 follows from the facts (polynomials known to be >= 0: the spans
/// hi - lo of the loops whose variables occur, non-empty whenever the accesses run).
bool positive(const Bound &B, const std::vector<Poly> &Facts) {
  if (positive(B))
    return true;
  if (!B)
    return false;
  for (const Poly &F : Facts)
    for (int64_t K = 1; K <= 2; ++K) {
      Poly R = *B;
      if (R.addScaled(F, -K) && positive(Bound(R)))
        return true;
    }
  return false;
}

Bound scaled(const Bound &B, int64_t C) {
  if (!B)
    return std::nullopt;
  Poly R;
  if (!R.addScaled(*B, C))
    return std::nullopt;
  return R;
}

Bound sum(const Bound &A, const Bound &B) {
  if (!A || !B)
    return std::nullopt;
  Poly R = *A;
  if (!R.addScaled(*B, 1))
    return std::nullopt;
  return R;
}

Interval scale(const Interval &I, int64_t C) {
  if (C >= 0)
    return {scaled(I.Lo, C), scaled(I.Hi, C)};
  return {scaled(I.Hi, C), scaled(I.Lo, C)};
}

/// Returns the span hi - lo of `R`; nothing when a bound is unknown or the difference cannot
/// be formed.
Bound span(const Interval &R) {
  if (!R.Lo || !R.Hi)
    return std::nullopt;
  Poly S = *R.Hi;
  if (!S.addScaled(*R.Lo, -1))
    return std::nullopt;
  return S;
}

/// Returns true when `Vs` holds `V`.
bool contains(const std::vector<unsigned> &Vs, unsigned V) {
  return std::find(Vs.begin(), Vs.end(), V) != Vs.end();
}

/// One term of the difference of two subscripts.
struct Term {
  Poly Coef;
  Interval Range;      ///< of the variable (Delta: of v - v')
  bool Delta = false;  ///< A*(v - v') for a carried variable with one coefficient
  unsigned Atom = 0;   ///< the variable
  int64_t Step = 1;    ///< the variable's step (Delta)
  Bound Span;          ///< the largest |v - v'| (Delta), when known
  bool Forced = false; ///< proven v = v'
};

struct Outcome {
  enum Kind { Independent, Dependent, Unknown } K = Unknown;
  int64_t Distance = 0; ///< Dependent: in iterations of Var (0: Absent)
  unsigned Var = 0;
  bool Absent = false; ///< Dependent because a carried variable does not occur at all
};

/// The equation Subscript(W) - Subscript(T) = 0 of one pair of accesses, a sum of terms plus an
/// invariant part, and what the steps of Tester::test learn about it. Not to be copied once
/// `Left` is filled (it points into `Terms`).
struct Equation {
  std::vector<unsigned> Vars;     ///< the loop variables of either subscript
  Poly K;                         ///< the invariant part
  std::vector<Term> Terms;        ///< the terms in the loop variables
  std::vector<unsigned> Absent;   ///< carried variables that are free (do not occur)
  bool Mixed = false;             ///< a carried variable has different coefficients
  std::vector<Poly> Facts;        ///< the spans hi - lo of the variables' loops (>= 0)
  std::vector<const Term *> Left; ///< the terms not forced, less the free ones
  bool AllConstant = false;       ///< K and the coefficients of `Left` are constants
  bool KConst = false;            ///< K is the constant `KV`
  int64_t KV = 0;
};

/// A carried variable's A*(v - v') in the exact test by enumeration: v - v' is a multiple of
/// Step in [-Span, Span].
struct DeltaVar {
  int64_t A, Step, Span;
  unsigned Atom;
};

std::vector<const Expr *> dimensions(ASTContext &Ctx, const Expr *E);
std::optional<Monomial> dividedBy(const Monomial &M, const Monomial &S);
bool isIdentifier(const std::string &T);

class Tester {
public:
  Tester(ASTContext &Ctx, const LoopForm &F, const BodyInfo &Info)
      : Ctx(Ctx), Info(Info), Atoms(Info.Atoms) {
    if (Info.Collapse.empty())
      addCarried(F);
    for (const LoopForm &C : Info.Collapse)
      addCarried(C);
    for (const Expr *E : Info.InvariantElements)
      HostRead.insert(printC(Ctx, E));
    for (const Expr *E : F.BoundMemory)
      HostRead.insert(printC(Ctx, E));
    for (const LoopForm &C : Info.Collapse)
      for (const Expr *E : C.BoundMemory)
        HostRead.insert(printC(Ctx, E));
  }

  Outcome test(const Access &W, const Access &T);
  /// The bound test: true when the accesses' subscripts, one equation per dimension (`DW`,
  /// `DT`), have no solution with different carried variables under the loops' bounds, a
  /// triangular loop's taken per iteration of its outer loop (`j` in [j1, m) for that `j1`).
  /// Fourier–Motzkin over the rationals (Inequalities.h); false when it cannot tell.
  /// `*Meets`: the system was built and has a rational solution with different iterations, so
  /// a dependence is likely (no note suggests `independent`).
  bool disjointByBounds(const std::vector<Poly> &DW, const std::vector<Poly> &DT, bool &Meets);
  /// `A`'s subscript for the bound test, one polynomial per dimension: each dimension of an
  /// array with sized inner dimensions (`a[j2][j1]`), else the linearised subscript. Empty when a
  /// dimension holds anything but loop variables and invariants already vetted in the
  /// linearised subscripts of `A` or `Other`.
  std::vector<Poly> dimensionsOf(const Access &A, const Access &Other);
  /// Whether a subscript of `A` after the first provably leaves its dimension in some iteration
  /// its loops run (`b[i][j - 1]` at j = 0 is the previous row's last element: C leaves that
  /// undefined, but in the flat layout it is a dependence between rows). Such an access is tested
  /// by its flat subscript only. Returns that subscript, else null (worked out once per access).
  const Expr *leavingSubscript(const Access &A);
  bool leavesDimension(const Access &A) { return leavingSubscript(A) != nullptr; }
  /// The residue test (red-black sweeps): true when the conditions fixing residues around `W`
  /// and `T` (`if ((i + j) % 2 == 0)` around both) rule out that an iteration's `W` and
  /// another's `T` reach the same element. With subscripts that differ by a constant in each
  /// dimension and hold one loop variable each (coefficient +-1), the iterations that meet
  /// differ by a constant vector d; both residues' sums sum(a_v * v) + c being multiples of m
  /// then require sum(a_v * d_v) + cw - ct to be one: when it is not, they never meet.
  bool residuesSeparate(const Access &W, const Access &T);
  /// The exclusion test (Gauss-Jordan): true when in some dimension one access's subscript is
  /// an invariant `e` (the pivot row `k`) and the other's holds one loop variable that its
  /// conditions keep off the value that reaches `e` (`if (i != k) a[i][j] = ...`).
  bool exclusionsSeparate(const Access &W, const Access &T);
  /// The subscripts of `W` and `T` one per dimension (the row and the column of row pointers),
  /// for the residue and exclusion tests; false when they cannot be compared so.
  bool dimensionPairs(const Access &W, const Access &T, std::vector<Poly> &DW,
                      std::vector<Poly> &DT);
  /// A flat subscript `row * C + col` as {row, col} when `col` provably lies in [0, C) in
  /// every iteration (the split is then unique: two accesses meet only where both parts are
  /// equal); C is the largest constant coefficient of a loop variable in `A` or `Other` with
  /// which both split (`a[j1*(M+1) + j2]` against `a[j2*(M+1) + j1]`). The column is split
  /// again the same way (`i*1615 + j*85 + k*5 + m`, a row of a 4-D array passed to a function,
  /// is {i, j, k*5 + m} and then {i, j, k, m}). Else {A.Subscript}.
  std::vector<Poly> delinearized(const Access &A, const Access &Other) {
    return delinearized(A.Subscript, Other.Subscript, 0);
  }
  std::vector<Poly> delinearized(const Poly &A, const Poly &Other, unsigned Depth);
  /// `P` as row * `C` + column, each coefficient divided by C with the remainder in [0, C) in
  /// the column; nothing when the column's range over the loops is not within [0, C), or an
  /// invariant would be in it.
  std::optional<std::pair<Poly, Poly>> split(const Poly &P, int64_t C);
  /// `P` as row * `S` + column for a run-time stride `S` (a product of invariant atoms,
  /// `a[i*size + j]`): the row holds the monomials that are multiples of S, divided by it. The
  /// column's range must lie in [0, S - 1]: bounds that are not constants are added to
  /// `Pending` as facts to check at run time (plain scalars only). Nothing when that fails.
  std::optional<std::pair<Poly, Poly>> splitSymbolic(const Poly &P, const Monomial &S);
  /// The range of a column: loop variables with constant coefficients, invariants as they are.
  Interval columnRange(const Poly &Col);
  /// Whether column `Col` lies in [0, Stride - 1]: true when it does, or when it does given
  /// facts over plain scalars, which are added to `Pending`; false also when a fact could hold
  /// only where the column's loops run no iteration.
  bool columnFits(const Poly &Col, const Poly &Stride);
  /// Whether `Text` is memory the host reads at the call anyway, as printed: one of
  /// BodyInfo::InvariantElements, or of the offloaded loops' LoopForm::BoundMemory.
  bool invariantElement(const std::string &Text) const { return HostRead.count(Text) != 0; }
  /// Whether facts `Facts` (each >= 0) can hold together while every loop of `Vars` runs (its
  /// span >= 0): false when Fourier–Motzkin finds them infeasible (they are over invariant
  /// monomials, each an unknown).
  bool factsCanHold(const std::vector<Poly> &Facts, const std::vector<unsigned> &Vars);
  /// Some fact of `Facts` can hold only as an equality (`offset >= 0` and `-offset >= 0`).
  bool factsPin(const std::vector<Poly> &Facts, const std::vector<unsigned> &Vars);
  /// Facts (>= 0) that the split subscripts of the pair being tested assume, and those of the
  /// pairs proven with them.
  std::vector<Poly> Pending, Assumed;
  /// Keeps the pending facts: the pair was proven with them. Of two facts that differ by a
  /// constant only the stronger is kept (`n - i - 1 >= 0` makes `n - i >= 0` hold).
  void assumePending() {
    for (const Poly &F : Pending) {
      bool Implied = false;
      for (auto It = Assumed.begin(); It != Assumed.end();) {
        Poly D = F;
        int64_t C = 0;
        if (D.addScaled(*It, -1) && D.isConstant(&C)) { // F = *It + C
          Implied |= C >= 0;
          It = C < 0 ? Assumed.erase(It) : std::next(It);
        } else {
          ++It;
        }
      }
      if (!Implied)
        Assumed.push_back(F);
    }
    Pending.clear();
  }
  /// The problem with write `W`, whose subscript holds a quotient `e / c` (an error or a
  /// warning): two iterations that write one element, or a section that is not exact.
  Problem quotientWrite(const Access &W);
  std::vector<unsigned> Carried;
  const AtomTable &atoms() const { return Atoms; }

private:
  ASTContext &Ctx;
  const BodyInfo &Info;
  /// The memory the host reads at the call, as printed (invariantElement).
  std::set<std::string> HostRead;
  AtomTable Atoms;                                ///< a copy: bounds may add invariant atoms
  std::map<const Access *, const Expr *> Leaving; ///< leavingSubscript's answers
  const Expr *findLeavingSubscript(const Access &A);
  /// Builds subscripts of `A` over the loop variables `Loops`, each inner loop's variable as the
  /// atom of the loop around `A` (Access::LoopAtoms).
  PolyBuilder subscriptBuilder(const Access &A, const std::set<const VarDecl *> &Loops) {
    PolyBuilder B(
        Ctx, Atoms, [&Loops](const VarDecl *V) { return Loops.count(V) != 0; },
        [this](const Expr *X) { return X->getType()->isIntegerType() && !X->HasSideEffects(Ctx); });
    B.AtomOf = [this, &A](const VarDecl *V) {
      for (auto It = A.LoopAtoms.rbegin(); It != A.LoopAtoms.rend(); ++It)
        if (It->first == V)
          return It->second;
      return Atoms.loopVar(V);
    };
    return B;
  }
  std::map<unsigned, Interval> Ranges;
  std::map<unsigned, int64_t> Steps;

  Bound bound(const Expr *E) {
    PolyBuilder B(
        Ctx, Atoms, [](const VarDecl *) { return false; },
        [this](const Expr *X) { return X->getType()->isIntegerType() && !X->HasSideEffects(Ctx); });
    return B.build(E);
  }
  Interval rangeOf(const LoopForm &L) { return rangeOf(L, bound(L.Lo), bound(L.Hi)); }
  Interval rangeOf(const LoopForm &L, Bound Lo, Bound Hi) {
    bool Up = L.Step > 0;
    switch (L.Op) {
    case Cond::LT:
      return {Lo, sum(Hi, Poly::constant(-1))};
    case Cond::LE:
      return {Lo, Hi};
    case Cond::GT:
      return {sum(Hi, Poly::constant(1)), Lo};
    case Cond::GE:
      return {Hi, Lo};
    case Cond::NE:
      return Up ? Interval{Lo, sum(Hi, Poly::constant(-1))}
                : Interval{sum(Hi, Poly::constant(1)), Lo};
    }
    return {};
  }
  void addCarried(const LoopForm &L) {
    unsigned A = Atoms.loopVar(L.Var);
    if (std::find(Carried.begin(), Carried.end(), A) != Carried.end())
      return;
    Carried.push_back(A);
    Ranges[A] = rangeOf(L);
    Steps[A] = L.Step;
  }
  Interval rangeOfAtom(unsigned A) {
    auto It = Ranges.find(A);
    if (It != Ranges.end())
      return It->second;
    Interval R;
    if (Atoms.isQuotient(A)) // `e / c`: its range over the whole loop
      return Ranges[A] = Interval{Atoms.get(A).Lo, Atoms.get(A).Hi};
    bool First = true;
    for (const InnerLoop &L : Info.Inner)
      if (L.Atom == A) {
        Interval X = L.Tri      ? triangularHull(L)
                     : L.Bounds ? rangeOf(L.Form, L.LoBound, L.HiBound)
                                : rangeOf(L.Form);
        narrowByCuts(X, L);
        if (First)
          R = X, Steps[A] = L.Form.Step;
        else if (!(R.Lo && X.Lo && *R.Lo == *X.Lo && R.Hi && X.Hi && *R.Hi == *X.Hi))
          R = Interval();
        First = false;
      }
    Ranges[A] = R;
    return R;
  }
  /// Narrows `R`, loop `L`'s range, by the loop's further bounds (`t < v + 32 && t < n`) where
  /// they are known to be nearer (a constant apart).
  static void narrowByCuts(Interval &R, const InnerLoop &L) {
    auto Nearer = [](Bound &End, const Poly &Cut, int Sign) {
      Poly D;
      int64_t V = 0;
      if (!End) {
        End = Cut;
        return;
      }
      if (D.addScaled(*End, Sign) && D.addScaled(Cut, -Sign) && D.isConstant(&V) && V > 0)
        End = Cut;
    };
    for (const Guard &G : L.Cuts) {
      if (G.Hi)
        Nearer(R.Hi, *G.Hi, 1);
      if (G.Lo)
        Nearer(R.Lo, *G.Lo, -1);
    }
  }
  /// A triangular loop's variable over every iteration of the offloaded loop: from the least
  /// lower bound to the greatest upper bound (bounds are affine in the outer variable, so at
  /// its ends). A superset of each iteration's range: a dependence found with it is not proven.
  Interval triangularHull(const InnerLoop &L) {
    unsigned Outer = Info.OuterAtom;
    Interval R = rangeOfAtom(Outer);
    auto At = [&](const Poly &P, bool Least) -> Bound {
      int64_t C = 0;
      P.coefficient(Outer).isConstant(&C);
      const Bound &End = (C >= 0) == Least ? R.Lo : R.Hi;
      if (!End)
        return std::nullopt;
      Poly Out = P.invariantPart(Atoms);
      if (!Out.addScaled(*End, C))
        return std::nullopt;
      return Out;
    };
    return {At(L.TriLo, true), At(L.TriHi, false)};
  }
  Interval contribution(const Term &T) {
    int64_t C = 0;
    if (T.Coef.isConstant(&C))
      return scale(T.Range, C);
    int64_t L = 1, H = 1;
    if (T.Range.Lo && T.Range.Hi && T.Range.Lo->isConstant(&L) && T.Range.Hi->isConstant(&H) &&
        L == 0 && H == 0)
      return {Poly(), Poly()};
    return {};
  }
  Interval total(const std::vector<Term> &Terms, const Poly &K, int Skip) {
    Interval R{K, K};
    for (int I = 0; I < (int)Terms.size(); ++I) {
      if (I == Skip || Terms[I].Forced)
        continue;
      Interval C = contribution(Terms[I]);
      R = {sum(R.Lo, C.Lo), sum(R.Hi, C.Hi)};
    }
    return R;
  }

  // The steps of test(), in the order it takes them.
  /// Returns the equation of Subscript(W) - Subscript(T) with its `Vars` and `K` set.
  Equation difference(const Access &W, const Access &T);
  /// Adds to `E` its terms, one per loop variable and access (for a carried variable with one
  /// coefficient in both: one term in v - v'), the spans of their loops as facts, and whether
  /// a carried variable has different coefficients (`Mixed`).
  void addTerms(const Access &W, const Access &T, Equation &E);
  /// Step 1, forcing (delinearisation): marks as forced each carried variable's term v - v' for
  /// which everything else in the difference lies strictly between -|A*step| and |A*step|, so
  /// that v = v' in any solution; until no more can be forced.
  void force(Equation &E);
  /// Collects the terms left after forcing (`Left`, `AllConstant`), adds the carried variables
  /// with coefficient zero to `Absent`, and evaluates `K` (`KConst`, `KV`). Returns true when
  /// a carried variable's term is left.
  static bool collectLeft(Equation &E);
  /// Step 2, the exact test: returns the outcome when the remaining equation is A*d + k = 0
  /// with constant A and k (plus free carried variables); nothing when it is not of that form.
  static std::optional<Outcome> exactDistance(const Equation &E);
  /// Step 2b, exact by enumeration: returns the outcome (independent, or dependent with the
  /// distance in the outermost carried variable that differs) when only carried variables are
  /// left, with constant coefficients and spans, and few enough values to try; else nothing.
  std::optional<Outcome> enumeratedDistance(const Equation &E);
  /// Returns true when sum A*d + `KV` = 0 has a solution with each d a multiple of its Step in
  /// [-Span, Span], not all zero; `D`: that solution. The last d is solved for, the others are
  /// enumerated.
  static bool solveByEnumeration(const std::vector<DeltaVar> &Vs, int64_t KV,
                                 std::vector<int64_t> &D);
  /// Step 3, the GCD test: returns true when the coefficients are constants and the gcd of the
  /// coefficients (times the step for v - v'), and of K's invariant monomials, does not divide
  /// K's constant.
  static bool gcdRulesOut(const Equation &E);
  /// Step 4, Banerjee bounds: returns true when the difference, over the loop ranges, is
  /// provably positive or provably negative.
  bool banerjeeRulesOut(const Equation &E);
  /// Step 5, a distance with symbolic coefficients: every loop variable has the same
  /// coefficient in both accesses and the invariant difference is a whole multiple of one
  /// carried variable's coefficient (`a[i*m + j]` and `a[(i-1)*m + j]`; `A[i][j]` and
  /// `A[i-1][j]`). Equal values of the other variables and that carried distance solve the
  /// equation: a dependence whenever the loops run that far, as for constant subscripts (step
  /// 2). Returns that dependence, else unknown.
  Outcome symbolicDistance(const Access &W, const Access &T, const Equation &E);
  /// Returns the dependence at the distance d of carried variable `C` with K + d * Coef == 0
  /// (Coef: C's coefficient in `W`), when d is a whole number of steps within C's range and any
  /// constant remainder is taken up by another variable; nothing otherwise.
  std::optional<Outcome> carriedDistance(const Access &W, const Equation &E, unsigned C);
  /// Returns true when a loop variable of `Vars` other than `C`, with a constant coefficient a
  /// in `W`, can take values -`Rem` / a apart: a whole number of its steps, within its range.
  bool remainderSolved(const Access &W, const std::vector<unsigned> &Vars, unsigned C, int64_t Rem);
};

bool Tester::disjointByBounds(const std::vector<Poly> &DW, const std::vector<Poly> &DT,
                              bool &Meets) {
  Meets = false;
  // Unknowns: each loop variable twice (its value in W's iteration and in T's), and each
  // invariant monomial once (`n`, `n*m`: the same in both iterations).
  std::map<std::pair<unsigned, int>, unsigned> LoopVar; // (atom, copy) -> unknown
  std::map<Monomial, unsigned> Invariant;
  unsigned Next = 0;
  auto Unknown = [&](auto &Table, const auto &Key) {
    auto It = Table.find(Key);
    return It != Table.end() ? It->second : (Table[Key] = Next++);
  };
  typedef std::map<unsigned, int64_t> Linear; // unknown -> coefficient
  // P as a linear form in copy `Copy` (a triangular bound's outer variable: that copy's).
  auto Form = [&](const Poly &P, int Copy, Linear &L, int64_t &K, int64_t Scale) -> bool {
    for (const auto &[M, C] : P.Terms) {
      int64_t V = 0;
      if (__builtin_mul_overflow(C, Scale, &V))
        return false;
      if (M.empty()) {
        if (__builtin_add_overflow(K, V, &K))
          return false;
        continue;
      }
      unsigned Loops = 0;
      for (const auto &[A, Deg] : M)
        Loops += Atoms.isLoopVar(A) ? Deg : 0;
      if (Loops > 1 || (Loops == 1 && (M.size() != 1 || Atoms.isQuotient(M[0].first))))
        return false; // not affine with a constant coefficient
      unsigned X =
          Loops ? Unknown(LoopVar, std::make_pair(M[0].first, Copy)) : Unknown(Invariant, M);
      if (__builtin_add_overflow(L[X], V, &L[X]))
        return false;
    }
    return true;
  };
  // Collect the unknowns first so that every row has the final width.
  std::vector<std::pair<Linear, int64_t>> Zero, NonNegative;
  for (size_t D = 0; D < DW.size(); ++D) {
    Linear L;
    int64_t K = 0;
    if (!Form(DW[D], 0, L, K, 1) || !Form(DT[D], 1, L, K, -1))
      return false;
    Zero.push_back({L, K});
  }
  // Each loop variable within its bounds, in each copy; the carried ones even where a subscript
  // lacks them (`A[k][j]` against `A[i][j]` with i > k: no i' meets it).
  for (unsigned C : Carried)
    for (int Copy : {0, 1})
      Unknown(LoopVar, std::make_pair(C, Copy));
  std::vector<std::pair<unsigned, int>> Used;
  for (const auto &[Key, X] : LoopVar)
    Used.push_back(Key);
  for (const auto &[A, Copy] : Used) {
    std::optional<Poly> Lo, Hi;
    const InnerLoop *Tri = nullptr;
    unsigned Loops = 0;
    for (const InnerLoop &L : Info.Inner)
      if (L.Atom == A)
        ++Loops, Tri = L.Tri ? &L : nullptr;
    std::vector<Poly> MoreLo, MoreHi; // a loop's further bounds, over invariants
    if (Loops == 1 && Tri) {          // bounds over the copy's outer variable
      Lo = Tri->TriLo, Hi = Tri->TriHi;
      for (const Guard &G : Tri->Cuts) {
        if (G.Lo)
          MoreLo.push_back(*G.Lo);
        if (G.Hi)
          MoreHi.push_back(*G.Hi);
      }
    } else {
      Interval R = rangeOfAtom(A);
      Lo = R.Lo, Hi = R.Hi;
    }
    // v - X >= 0 for a lower bound X, X - v >= 0 for an upper one.
    auto Within = [&](const Poly &X, bool Lower) {
      Linear L;
      int64_t K = 0;
      if (!Form(X, Copy, L, K, Lower ? -1 : 1))
        return false;
      L[LoopVar[{A, Copy}]] += Lower ? 1 : -1;
      NonNegative.push_back({L, K});
      return true;
    };
    for (const Poly &X : MoreLo)
      if (!Within(X, true))
        return false;
    for (const Poly &X : MoreHi)
      if (!Within(X, false))
        return false;
    if ((Lo && !Within(*Lo, true)) || (Hi && !Within(*Hi, false)))
      return false;
  }
  auto Row = [&](const Linear &L) {
    std::vector<int64_t> R(Next, 0);
    for (const auto &[X, C] : L)
      R[X] = C;
    return R;
  };
  LinearSystem Base(Next);
  for (const auto &[L, K] : Zero)
    Base.addZero(Row(L), K);
  for (const auto &[L, K] : NonNegative)
    Base.addNonNegative(Row(L), K);
  // Different iterations differ in some carried variable, one way or the other, by at least its
  // step: both values are its start plus whole steps (a strip-mined loop's `i += 32` keeps
  // `ti` in [i, i + 31] from meeting the next strip's).
  for (unsigned C : Carried) {
    auto W = LoopVar.find({C, 0}), T = LoopVar.find({C, 1});
    int64_t Step = Steps.count(C) ? Steps[C] : 1;
    int64_t Gap = Step < 0 ? (Step == INT64_MIN ? INT64_MAX : -Step) : Step;
    for (int64_t Sign : {1, -1}) {
      LinearSystem S = Base;
      std::vector<int64_t> Apart(Next, 0);
      Apart[W->second] = Sign, Apart[T->second] = -Sign;
      S.addNonNegative(Apart, -Gap);
      bool GaveUp = false;
      if (!S.infeasible(4096, &GaveUp)) {
        Meets = !GaveUp;
        return false;
      }
    }
  }
  return true;
}

std::optional<std::pair<Poly, Poly>> Tester::split(const Poly &P, int64_t C) {
  // P = Row * C + Col as an identity, term by term; only the range check below makes the split
  // the unique one, so any identity whose column fits will do. Two are tried: division towards
  // zero, which keeps a small negative coefficient in the column as each dimension wrote it
  // (`a[i][M - 1 - j]`; `&u[i][ny - 1][k][0]` passed to a function), and floor division of each
  // coefficient. An invariant left in the column (`a[j*N + i]` in a loop over j) needs facts
  // about its value: the split that needs fewer is kept (towards zero on a tie).
  auto Parts = [&](bool Floor) {
    Poly Row, Col;
    for (const auto &[M, K] : P.Terms) {
      int64_t Q = K >= 0 ? K / C : Floor ? -((-K + C - 1) / C) : -(-K / C);
      Row.Terms[M] += Q;
      Col.Terms[M] += K - Q * C;
    }
    for (Poly *X : {&Row, &Col})
      for (auto It = X->Terms.begin(); It != X->Terms.end();)
        It = It->second == 0 ? X->Terms.erase(It) : std::next(It);
    return std::make_pair(Row, Col);
  };
  size_t Before = Pending.size();
  std::optional<std::pair<Poly, Poly>> Best;
  std::vector<Poly> BestFacts;
  for (bool Floor : {false, true}) {
    std::pair<Poly, Poly> S = Parts(Floor);
    if (Floor && Best && S.second == Best->second)
      break; // the same split
    // The column must lie in [0, C) in every iteration (triangular loops: their hull).
    if (columnFits(S.second, Poly::constant(C)) &&
        (!Best || Pending.size() - Before < BestFacts.size())) {
      Best = S;
      BestFacts.assign(Pending.begin() + Before, Pending.end());
    }
    Pending.resize(Before);
  }
  Pending.insert(Pending.end(), BestFacts.begin(), BestFacts.end());
  return Best;
}

Interval Tester::columnRange(const Poly &Col) {
  Interval R{Col.invariantPart(Atoms), Col.invariantPart(Atoms)};
  for (const auto &[M, K] : Col.Terms) {
    bool Loop = false;
    for (const auto &[X, Deg] : M)
      Loop |= Atoms.isLoopVar(X);
    if (!Loop)
      continue;
    if (M.size() != 1 || M[0].second != 1)
      return {};
    Interval V = scale(rangeOfAtom(M[0].first), K);
    R = {sum(R.Lo, V.Lo), sum(R.Hi, V.Hi)};
  }
  return R;
}

bool Tester::columnFits(const Poly &Col, const Poly &Stride) {
  Interval R = columnRange(Col);
  Bound Room = sum(Bound(Stride), scaled(R.Hi, -1)); // Stride - Hi - 1 >= 0
  if (!R.Lo || !Room || !Room->addScaled(Poly::constant(1), -1))
    return false;
  std::vector<Poly> Facts;
  for (const Poly &F : {*R.Lo, *Room}) {
    int64_t V = 0;
    if (F.isConstant(&V)) {
      if (V < 0)
        return false;
      continue;
    }
    // Checked before the loop, even when it runs no iteration: plain scalars, and elements the
    // host reads at the call anyway (NPB's `grid_points[2]`: BodyInfo::InvariantElements).
    for (const auto &[M, K] : F.Terms)
      for (const auto &[X, Deg] : M)
        if (Atoms.isLoopVar(X) ||
            !(isIdentifier(Atoms.get(X).Text) || invariantElement(Atoms.get(X).Text)))
          return false;
    Facts.push_back(F);
  }
  // Facts that hold only where the column's loops run no iteration would keep the loop off the
  // devices whenever it has work.
  if (!factsCanHold(Facts, Col.loopVars(Atoms)))
    return false;
  Pending.insert(Pending.end(), Facts.begin(), Facts.end());
  return true;
}

bool Tester::factsCanHold(const std::vector<Poly> &Facts, const std::vector<unsigned> &Vars) {
  if (Facts.empty())
    return true;
  std::vector<Poly> Rows = Facts;
  for (unsigned X : Vars)
    if (Bound S = span(rangeOfAtom(X)))
      Rows.push_back(*S);
  std::map<Monomial, unsigned> Unknowns;
  for (const Poly &F : Rows)
    for (const auto &[M, K] : F.Terms)
      if (!M.empty() && !Unknowns.count(M)) {
        for (const auto &[X, Deg] : M)
          if (Atoms.isLoopVar(X))
            return true; // not over invariants: cannot tell
        Unknowns.emplace(M, Unknowns.size());
      }
  LinearSystem S(Unknowns.size());
  for (const Poly &F : Rows) {
    std::vector<int64_t> Coef(Unknowns.size(), 0);
    for (const auto &[M, K] : F.Terms)
      if (!M.empty())
        Coef[Unknowns[M]] = K;
    S.addNonNegative(Coef, F.constantTerm());
  }
  return !S.infeasible();
}

bool Tester::factsPin(const std::vector<Poly> &Facts, const std::vector<unsigned> &Vars) {
  for (size_t I = 0; I < Facts.size(); ++I) {
    if (Facts[I].isConstant())
      continue;
    std::vector<Poly> Strict = Facts;
    if (Strict[I].addScaled(Poly::constant(1), -1) && !factsCanHold(Strict, Vars))
      return true; // F >= 1 cannot hold: F is 0
  }
  return false;
}

std::vector<Poly> Tester::delinearized(const Poly &A, const Poly &Other, unsigned Depth) {
  // The stride: a constant coefficient (>= 2) of a loop variable in either subscript, the
  // largest that splits both (the diagonal `s[j1*(M+1) + j1]` has M + 2, its row M + 1).
  std::set<int64_t> Strides;
  for (const Poly *P : {&A, &Other})
    for (const auto &[M, K] : P->Terms)
      if (M.size() == 1 && M[0].second == 1 && Atoms.isLoopVar(M[0].first) && K != INT64_MIN &&
          std::llabs(K) >= 2)
        Strides.insert(std::llabs(K));
  // Both split, with facts that can hold together while the loops run.
  std::vector<unsigned> Vars = A.loopVars(Atoms);
  for (unsigned X : Other.loopVars(Atoms))
    Vars.push_back(X);
  // The row and the column, each split further (at most 8 levels).
  auto Dims = [&](const std::pair<Poly, Poly> &SA, const std::pair<Poly, Poly> &SO) {
    if (Depth >= 7)
      return std::vector<Poly>{SA.first, SA.second};
    std::vector<Poly> R = delinearized(SA.first, SO.first, Depth + 1),
                      Col = delinearized(SA.second, SO.second, Depth + 1);
    R.insert(R.end(), Col.begin(), Col.end());
    return R;
  };
  // A split whose facts pin an invariant to one value (a column `offset + j`, j over all 16
  // of a stride 16, fits only when offset is 0) would keep the loop off the devices for every
  // other value: the pair is left as it is at this level.
  auto Both = [&](size_t Before, const std::optional<std::pair<Poly, Poly>> &SA,
                  const std::optional<std::pair<Poly, Poly>> &SO) {
    if (SA && SO &&
        factsCanHold(std::vector<Poly>(Pending.begin() + Before, Pending.end()), Vars) &&
        (Pending.size() == Before || !factsPin(Pending, Vars)))
      return true;
    Pending.resize(Before);
    return false;
  };
  for (auto C = Strides.rbegin(); C != Strides.rend(); ++C) {
    size_t Before = Pending.size();
    std::optional<std::pair<Poly, Poly>> SA = split(A, *C), SO = split(Other, *C);
    if (Both(Before, SA, SO))
      return Dims(*SA, *SO);
  }
  // Then a constant coefficient of an invariant: a row `13*i + j` of `a[i][j][k]` in a loop
  // over j, `i` fixed, splits into {i, j} when j stays within its 13.
  std::set<int64_t> InvariantStrides;
  for (const Poly *P : {&A, &Other})
    for (const auto &[M, K] : P->Terms)
      if (M.size() == 1 && M[0].second == 1 && !Atoms.isLoopVar(M[0].first) && K != INT64_MIN &&
          std::llabs(K) >= 2 && !Strides.count(std::llabs(K)))
        InvariantStrides.insert(std::llabs(K));
  for (auto C = InvariantStrides.rbegin(); C != InvariantStrides.rend(); ++C) {
    size_t Before = Pending.size();
    std::optional<std::pair<Poly, Poly>> SA = split(A, *C), SO = split(Other, *C);
    if (SA && SO && SA->first.Terms.empty() && SO->first.Terms.empty())
      continue; // nothing in the row: no split
    if (Both(Before, SA, SO))
      return Dims(*SA, *SO);
  }
  // A run-time stride: the invariant factor of a loop variable's monomial (`size` in
  // `k*size`) first, else a factor of an invariant monomial (`n` in `r*n`); among those, the
  // one that divides the most monomials of the two subscripts (`n` in `r*n - n + j`).
  std::map<Monomial, int64_t> Score;
  for (const Poly *P : {&A, &Other})
    for (const auto &[M, K] : P->Terms) {
      Monomial S;
      unsigned Loops = 0, Degree = 0;
      for (const auto &[X, Deg] : M) {
        Degree += Deg;
        if (Atoms.isLoopVar(X))
          Loops += Atoms.isQuotient(X) ? 2 : Deg;
        else
          S.push_back({X, Deg});
      }
      if (Loops == 1 && !S.empty())
        Score[S] += 1000;
      if (Loops == 0 && Degree >= 2)
        for (size_t I = 0; I < M.size(); ++I) {
          Monomial F = M;
          if (--F[I].second == 0)
            F.erase(F.begin() + I);
          Score.emplace(F, 0);
        }
    }
  for (auto &[S, Points] : Score)
    for (const Poly *P : {&A, &Other})
      for (const auto &[M, K] : P->Terms)
        Points += dividedBy(M, S).has_value();
  std::set<std::pair<int64_t, Monomial>> Symbolic;
  for (const auto &[S, Points] : Score)
    Symbolic.insert({Points, S});
  for (auto S = Symbolic.rbegin(); S != Symbolic.rend(); ++S) {
    size_t Before = Pending.size();
    std::optional<std::pair<Poly, Poly>> SA = splitSymbolic(A, S->second),
                                         SO = splitSymbolic(Other, S->second);
    if (Both(Before, SA, SO))
      return Dims(*SA, *SO);
  }
  return {A};
}

/// Returns Q with `M` = `S` * Q, when every atom of S occurs in M at least as often.
std::optional<Monomial> dividedBy(const Monomial &M, const Monomial &S) {
  Monomial Q = M;
  for (const auto &[X, Deg] : S) {
    auto It = std::find_if(Q.begin(), Q.end(), [&](const auto &E) { return E.first == X; });
    if (It == Q.end() || It->second < Deg)
      return std::nullopt;
    if ((It->second -= Deg) == 0)
      Q.erase(It);
  }
  return Q;
}

/// Returns true when `T` is a C identifier.
bool isIdentifier(const std::string &T) {
  return !T.empty() && (std::isalpha((unsigned char)T[0]) || T[0] == '_') &&
         std::all_of(T.begin(), T.end(),
                     [](char C) { return std::isalnum((unsigned char)C) || C == '_'; });
}

std::optional<std::pair<Poly, Poly>> Tester::splitSymbolic(const Poly &P, const Monomial &S) {
  Poly Row, Col;
  for (const auto &[M, K] : P.Terms)
    if (std::optional<Monomial> Q = dividedBy(M, S))
      Row.Terms[*Q] += K;
    else
      Col.Terms[M] += K;
  // Row * S + Col, also as (Row - 1) * S + (Col + S) and (Row + 1) * S + (Col - S): of those
  // whose column fits, the one that needs the fewest facts (`a[i*n + n - 1 - j]` is row i,
  // column n - 1 - j).
  Poly Stride;
  Stride.Terms[S] = 1;
  std::optional<std::pair<Poly, Poly>> Best;
  std::vector<Poly> BestFacts;
  for (int64_t Shift : {0, 1, -1}) {
    Poly R = Row, C = Col;
    if (!R.addScaled(Poly::constant(1), -Shift) || !C.addScaled(Stride, Shift))
      continue;
    size_t Before = Pending.size();
    bool Fits = columnFits(C, Stride);
    std::vector<Poly> Facts(Pending.begin() + Before, Pending.end());
    Pending.resize(Before);
    if (Fits && (!Best || Facts.size() < BestFacts.size())) {
      Best = std::make_pair(R, C);
      BestFacts = Facts;
    }
  }
  if (Best)
    Pending.insert(Pending.end(), BestFacts.begin(), BestFacts.end());
  return Best;
}

const Expr *Tester::leavingSubscript(const Access &A) {
  auto [It, New] = Leaving.try_emplace(&A, nullptr);
  if (New)
    It->second = findLeavingSubscript(A);
  return It->second;
}

const Expr *Tester::findLeavingSubscript(const Access &A) {
  // Each subscript with the array type it indexes, outermost first.
  std::vector<std::pair<const Expr *, const ArrayType *>> Levels;
  const Expr *Cur = A.Expr->IgnoreParenImpCasts();
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur)) {
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    Levels.insert(Levels.begin(), {AS->getIdx(), Ctx.getAsArrayType(Base->getType())});
    Cur = Base;
  }
  std::set<const VarDecl *> Loops;
  for (unsigned C : Carried)
    Loops.insert(Atoms.get(C).LoopVar);
  for (const InnerLoop &L : Info.Inner)
    Loops.insert(L.Form.Var);
  PolyBuilder B = subscriptBuilder(A, Loops);
  for (size_t D = 1; D < Levels.size(); ++D) {
    const Poly *Built = A.subscriptPoly(Levels[D].first);
    std::optional<Poly> Sub = Built ? std::optional<Poly>(*Built) : B.build(Levels[D].first), Size;
    if (!Sub)
      continue;
    if (const auto *CAT = dyn_cast_or_null<ConstantArrayType>(Levels[D].second))
      Size = Poly::constant((int64_t)CAT->getSize().getZExtValue());
    else if (const auto *VAT = dyn_cast_or_null<VariableArrayType>(Levels[D].second))
      Size = B.build(VAT->getSizeExpr());
    Interval R = columnRange(*Sub);
    int64_t V = 0;
    if (R.Lo && R.Lo->isConstant(&V) && V < 0)
      return Levels[D].first;
    Bound Room = Size ? sum(Bound(*Size), scaled(R.Hi, -1)) : Bound(); // size - hi
    if (Room && Room->isConstant(&V) && V <= 0)
      return Levels[D].first;
  }
  return nullptr;
}

bool Tester::dimensionPairs(const Access &W, const Access &T, std::vector<Poly> &DW,
                            std::vector<Poly> &DT) {
  if (!W.Affine || !T.Affine || W.Via || T.Via || W.Rows != T.Rows || leavesDimension(W) ||
      leavesDimension(T))
    return false;
  if (W.Rows) { // the runtime keeps rows apart: the row and the column are two dimensions
    DW = {W.Subscript, W.Column};
    DT = {T.Subscript, T.Column};
  } else {
    DW = dimensionsOf(W, T);
    DT = dimensionsOf(T, W);
  }
  return !DW.empty() && DW.size() == DT.size();
}

bool Tester::exclusionsSeparate(const Access &W, const Access &T) {
  std::vector<Poly> DW, DT;
  if ((W.Excluded.empty() && T.Excluded.empty()) || !dimensionPairs(W, T, DW, DT))
    return false;
  for (size_t K = 0; K < DW.size(); ++K)
    for (auto [A, DA, DB] : {std::tuple(&W, &DW[K], &DT[K]), std::tuple(&T, &DT[K], &DW[K])}) {
      // DA = s*v + rest with one loop variable v, DB invariant: they meet only where v is
      // s*(DB - rest), which A's conditions may exclude.
      std::vector<unsigned> Vars = DA->loopVars(Atoms);
      int64_t S = 0;
      if (Vars.size() != 1 || !DB->loopVars(Atoms).empty() ||
          !DA->coefficient(Vars[0]).isConstant(&S) || (S != 1 && S != -1))
        continue;
      Poly Rest = *DA, Meets;
      if (!Rest.addScaled(Poly::atom(Vars[0]), -S) || !Rest.addScaled(*DB, -1) ||
          !Meets.addScaled(Rest, -S))
        continue;
      for (const Exclusion &X : A->Excluded)
        if (X.Atom == Vars[0] && X.Value == Meets)
          return true;
    }
  return false;
}

bool Tester::residuesSeparate(const Access &W, const Access &T) {
  std::vector<Poly> DW, DT;
  if (W.Congruences.empty() || T.Congruences.empty() || !dimensionPairs(W, T, DW, DT))
    return false;
  std::map<unsigned, int64_t> Distance; // loop variable: its value in W's iteration minus T's
  for (size_t K = 0; K < DW.size(); ++K) {
    Poly Diff = DW[K];
    int64_t C = 0, S = 0;
    if (!Diff.addScaled(DT[K], -1) || !Diff.isConstant(&C))
      return false;
    std::vector<unsigned> Vars = DW[K].loopVars(Atoms);
    if (Vars.empty())
      continue;
    if (Vars.size() != 1 || !DW[K].coefficient(Vars[0]).isConstant(&S) || (S != 1 && S != -1))
      return false;
    // S*v(x) + C = S*v(y) where the elements meet: v(x) - v(y) = -C * S.
    auto [It, New] = Distance.insert({Vars[0], -C * S});
    if (!New && It->second != -C * S)
      return false;
  }
  for (const Congruence &CW : W.Congruences)
    for (const Congruence &CT : T.Congruences) {
      // CW.Sum(x) and CT.Sum(y) are multiples of M; with the same terms but the constant, their
      // difference is sum(a_v * d_v) + (cw - ct).
      Poly Apart = CW.Sum;
      int64_t M = CW.Modulus, Total = 0;
      if (CW.Modulus != CT.Modulus || !Apart.addScaled(CT.Sum, -1) || !Apart.isConstant(&Total))
        continue;
      Total %= M;
      bool Known = true;
      for (unsigned V : CW.Sum.loopVars(Atoms)) {
        int64_t A = 0;
        auto It = Distance.find(V);
        if (!CW.Sum.coefficient(V).isConstant(&A)) {
          Known = false;
          break;
        }
        if (A % M == 0)
          continue;
        if (It == Distance.end()) {
          Known = false; // v may differ by anything
          break;
        }
        Total = (Total + (A % M) * (It->second % M)) % M;
      }
      if (Known && Total != 0)
        return true;
    }
  return false;
}

std::vector<Poly> Tester::dimensionsOf(const Access &A, const Access &Other) {
  // An access in a called function is written against its parameter's shape, not the array's:
  // only its flat subscript locates it.
  std::vector<const Expr *> Subs = A.Via ? std::vector<const Expr *>() : dimensions(Ctx, A.Expr);
  if (!Subs.empty() && (leavesDimension(A) || leavesDimension(Other)))
    Subs.clear();
  if (Subs.empty())
    return A.Rows ? std::vector<Poly>() : delinearized(A, Other);
  std::set<const VarDecl *> Loops;
  for (unsigned C : Carried)
    Loops.insert(Atoms.get(C).LoopVar);
  for (const InnerLoop &L : Info.Inner)
    if (!L.Bounds || L.Hull)
      Loops.insert(L.Form.Var);
  std::set<unsigned> Vetted;
  for (const Poly *P : {&A.Subscript, &Other.Subscript})
    for (const auto &[M, C] : P->Terms)
      for (const auto &[X, Deg] : M)
        Vetted.insert(X);
  PolyBuilder B = subscriptBuilder(A, Loops);
  std::vector<Poly> Polys;
  for (const Expr *E : Subs) {
    const Poly *Built = A.subscriptPoly(E);
    std::optional<Poly> P = Built ? std::optional<Poly>(*Built) : B.build(E);
    if (!P)
      return {};
    for (const auto &[M, C] : P->Terms)
      for (const auto &[X, Deg] : M)
        if (!Atoms.isLoopVar(X) && !Vetted.count(X))
          return {};
    Polys.push_back(*P);
  }
  return Polys;
}

Outcome Tester::test(const Access &W, const Access &T) {
  // Subscript(W) - Subscript(T) = sum of terms + K.
  Equation E = difference(W, T);
  bool AnyCarried = false;
  for (unsigned C : Carried)
    AnyCarried |= contains(E.Vars, C);
  if (&W == &T && !AnyCarried) { // the same elements in every iteration
    Outcome O;
    O.K = Outcome::Dependent;
    O.Absent = true;
    O.Var = Carried.front();
    return O;
  }
  for (unsigned C : Carried)
    if (!contains(E.Vars, C))
      E.Absent.push_back(C);
  addTerms(W, T, E);
  // 1. Forcing.
  force(E);
  if (!collectLeft(E) && E.Absent.empty() && !E.Mixed)
    return Outcome{Outcome::Independent}; // every carried variable is forced equal
  // 2. Exact: the remaining equation is A*d + k = 0 (plus free carried variables).
  if (std::optional<Outcome> O = exactDistance(E))
    return *O;
  // 2b. Exact by enumeration: only carried variables left, constant coefficients and spans.
  if (std::optional<Outcome> O = enumeratedDistance(E))
    return *O;
  // 3. GCD test, then 4. Banerjee bounds.
  if (gcdRulesOut(E) || banerjeeRulesOut(E))
    return Outcome{Outcome::Independent};
  // 5. A distance with symbolic coefficients.
  return symbolicDistance(W, T, E);
}

Equation Tester::difference(const Access &W, const Access &T) {
  Equation E;
  E.Vars = W.Subscript.loopVars(Atoms);
  for (unsigned V : T.Subscript.loopVars(Atoms))
    if (!contains(E.Vars, V))
      E.Vars.push_back(V);
  E.K = W.Subscript.invariantPart(Atoms);
  E.K.addScaled(T.Subscript.invariantPart(Atoms), -1);
  return E;
}

void Tester::addTerms(const Access &W, const Access &T, Equation &E) {
  for (unsigned V : E.Vars) {
    Poly CW = W.Subscript.coefficient(V), CT = T.Subscript.coefficient(V);
    Interval R = rangeOfAtom(V);
    Bound Span = span(R);
    if (Span)
      E.Facts.push_back(*Span);
    bool IsCarried = contains(Carried, V);
    if (IsCarried && CW == CT) {
      Term D;
      D.Coef = CW;
      D.Delta = true;
      D.Atom = V;
      D.Step = Steps.count(V) ? Steps[V] : 1;
      D.Span = Span;
      D.Range = {scaled(D.Span, -1), D.Span};
      E.Terms.push_back(D);
      continue;
    }
    if (!CW.Terms.empty()) {
      Term A;
      A.Coef = CW;
      A.Range = R;
      A.Atom = V;
      E.Terms.push_back(A);
    }
    if (!CT.Terms.empty()) {
      Term B;
      B.Coef = Poly();
      B.Coef.addScaled(CT, -1);
      B.Range = R;
      B.Atom = V;
      E.Terms.push_back(B);
    }
    if (IsCarried) // different coefficients: v and v' cannot be forced equal
      E.Mixed = true;
  }
}

void Tester::force(Equation &E) {
  for (bool Progress = true; Progress;) {
    Progress = false;
    for (int I = 0; I < (int)E.Terms.size(); ++I) {
      Term &D = E.Terms[I];
      if (!D.Delta || D.Forced)
        continue;
      int64_t A = 0;
      Poly M;
      int64_t S = D.Step < 0 ? -D.Step : D.Step;
      if (D.Coef.isConstant(&A)) {
        if (A == 0)
          continue;
        if (!M.addScaled(Poly::constant(A < 0 ? -A : A), S))
          continue;
      } else if (!M.addScaled(D.Coef, S)) {
        continue;
      }
      Interval R = total(E.Terms, E.K, I);
      Bound Up = R.Hi ? sum(M, scaled(R.Hi, -1)) : std::nullopt;
      Bound Down = R.Lo ? sum(M, R.Lo) : std::nullopt;
      if (positive(Up, E.Facts) && positive(Down, E.Facts)) {
        D.Forced = true;
        Progress = true;
      }
    }
  }
}

bool Tester::collectLeft(Equation &E) {
  E.AllConstant = E.K.isConstant();
  for (const Term &X : E.Terms)
    if (!X.Forced) {
      int64_t C = 0;
      if (X.Delta && X.Coef.isConstant(&C) && C == 0)
        continue; // v - v' is free: the variable does not occur
      E.Left.push_back(&X);
      E.AllConstant &= X.Coef.isConstant();
    }
  // Carried variables that do not occur (or occur with coefficient zero) are free.
  for (const Term &X : E.Terms) {
    int64_t C = 0;
    if (X.Delta && X.Coef.isConstant(&C) && C == 0)
      E.Absent.push_back(X.Atom);
  }
  E.KConst = E.K.isConstant(&E.KV);
  bool LeftCarried = false;
  for (const Term *X : E.Left)
    LeftCarried |= X->Delta;
  return LeftCarried;
}

std::optional<Outcome> Tester::exactDistance(const Equation &E) {
  if (!E.KConst || E.Mixed || E.Left.size() > 1 || (!E.Left.empty() && !E.Left[0]->Delta))
    return std::nullopt;
  Outcome O;
  if (E.Left.empty()) {
    O.K = E.KV == 0 ? Outcome::Dependent : Outcome::Independent;
    O.Absent = true;
    O.Var = E.Absent.front();
    return O;
  }
  const Term &D = *E.Left[0];
  int64_t A = 0;
  if (!D.Coef.isConstant(&A) || A == 0)
    return std::nullopt;
  if (E.KV % A != 0 || (-E.KV / A) % D.Step != 0)
    return Outcome{Outcome::Independent};
  int64_t Delta = -E.KV / A; // v - v'
  int64_t Span = 0;
  if (D.Span && D.Span->isConstant(&Span) && (Delta > Span || -Delta > Span))
    return Outcome{Outcome::Independent};
  if (Delta == 0) {
    O.K = E.Absent.empty() ? Outcome::Independent : Outcome::Dependent;
    O.Absent = true;
    O.Var = E.Absent.empty() ? D.Atom : E.Absent.front();
    return O;
  }
  O.K = Outcome::Dependent;
  O.Distance = Delta / D.Step;
  O.Var = D.Atom;
  return O;
}

std::optional<Outcome> Tester::enumeratedDistance(const Equation &E) {
  if (!E.KConst || E.Mixed || !E.Absent.empty() || E.Left.empty() || E.Left.size() > 3)
    return std::nullopt;
  std::vector<DeltaVar> Vs;
  for (const Term *X : E.Left) {
    DeltaVar Y{0, X->Step < 0 ? -X->Step : X->Step, 0, X->Atom};
    if (!(X->Delta && X->Coef.isConstant(&Y.A) && X->Span && X->Span->isConstant(&Y.Span) &&
          Y.Span >= 0 && Y.Span < (1 << 20) && Y.A != 0 && Y.Step != 0))
      return std::nullopt;
    Vs.push_back(Y);
  }
  // The last variable is solved for; the others are enumerated.
  uint64_t Count = 1;
  for (size_t I = 0; I + 1 < Vs.size(); ++I)
    Count *= 2 * (uint64_t)(Vs[I].Span / Vs[I].Step) + 1;
  if (Count > 200000)
    return std::nullopt;
  std::vector<int64_t> D;
  if (!solveByEnumeration(Vs, E.KV, D))
    return Outcome{Outcome::Independent};
  // The distance in the outermost carried variable that differs.
  Outcome O;
  for (unsigned C : Carried)
    for (size_t I = 0; I < Vs.size(); ++I)
      if (Vs[I].Atom == C && D[I] != 0 && O.K != Outcome::Dependent) {
        O.K = Outcome::Dependent;
        O.Distance = D[I] / Vs[I].Step;
        O.Var = C;
      }
  if (O.K == Outcome::Dependent)
    return O;
  return std::nullopt;
}

bool Tester::solveByEnumeration(const std::vector<DeltaVar> &Vs, int64_t KV,
                                std::vector<int64_t> &D) {
  D.assign(Vs.size(), 0);
  bool Found = false;
  std::function<void(size_t, int64_t)> Go = [&](size_t I, int64_t Acc) {
    if (Found)
      return;
    if (I + 1 == Vs.size()) {
      const DeltaVar &L = Vs[I];
      int64_t Rem = -(KV + Acc);
      if (Rem % L.A != 0)
        return;
      int64_t X = Rem / L.A;
      if (X % L.Step != 0 || X > L.Span || -X > L.Span)
        return;
      D[I] = X;
      bool NonZero = false;
      for (int64_t Z : D)
        NonZero |= Z != 0;
      Found = NonZero;
      return;
    }
    const DeltaVar &C = Vs[I];
    for (int64_t K = 0; K <= C.Span / C.Step && !Found; ++K)
      for (int64_t Sign : {1, -1}) {
        if (K == 0 && Sign < 0)
          continue;
        D[I] = Sign * K * C.Step;
        Go(I + 1, Acc + C.A * D[I]);
        if (Found)
          return;
      }
  };
  Go(0, 0);
  return Found;
}

bool Tester::gcdRulesOut(const Equation &E) {
  int64_t G = 0;
  auto Join = [&G](int64_t C) {
    if (C == INT64_MIN)
      return false;
    G = std::gcd(G, C < 0 ? -C : C);
    return true;
  };
  for (const Term *X : E.Left) {
    int64_t C = 0;
    if (!X->Coef.isConstant(&C) || (X->Delta && __builtin_mul_overflow(C, X->Step, &C)) || !Join(C))
      return false;
  }
  // An invariant monomial is an integer too (atoms are integer expressions): its coefficient
  // joins the gcd (`u[1 - p]` and `u[p]`: 1 - 2p is odd whatever p is).
  for (const auto &[M, C] : E.K.Terms)
    if (!M.empty() && !Join(C))
      return false;
  return G > 0 && E.K.constantTerm() % G != 0;
}

bool Tester::banerjeeRulesOut(const Equation &E) {
  Interval H = total(E.Terms, E.K, -1);
  return positive(H.Lo, E.Facts) || positive(scaled(H.Hi, -1), E.Facts);
}

Outcome Tester::symbolicDistance(const Access &W, const Access &T, const Equation &E) {
  if (E.Mixed || !E.Absent.empty())
    return Outcome();
  for (unsigned V : E.Vars) // a quotient is a function of the carried variables, not free
    if (W.Subscript.coefficient(V) != T.Subscript.coefficient(V) || Atoms.isQuotient(V))
      return Outcome();
  for (unsigned C : Carried)
    if (std::optional<Outcome> O = carriedDistance(W, E, C))
      return *O;
  return Outcome();
}

std::optional<Outcome> Tester::carriedDistance(const Access &W, const Equation &E, unsigned C) {
  Poly Coef = W.Subscript.coefficient(C);
  if (Coef.Terms.empty())
    return std::nullopt;
  // d with K + d * Coef == 0, from the first monomial of Coef (rounded towards zero for a
  // constant one: A[i][j] vs A[i-1][j-1] in 100 columns gives d = -1, remainder 1).
  const auto &[Mono, A] = *Coef.Terms.begin();
  auto KIt = E.K.Terms.find(Mono);
  int64_t B = KIt == E.K.Terms.end() ? 0 : KIt->second;
  if (A == 0 || (!Mono.empty() && B % A != 0))
    return std::nullopt;
  int64_t D = -B / A; // v - v'
  Poly Check = E.K;
  int64_t Step = Steps.count(C) ? Steps[C] : 1;
  if (D == 0 || !Check.addScaled(Coef, D) || Step == 0 || D % Step != 0)
    return std::nullopt;
  // A constant remainder r: another variable of the same constant coefficient a in both
  // accesses takes values e = -r / a apart (seidel: j and j - 1), within its range.
  int64_t Rem = 0;
  if (!Check.Terms.empty() && (!Check.isConstant(&Rem) || !remainderSolved(W, E.Vars, C, Rem)))
    return std::nullopt;
  int64_t Span = 0;
  Bound S = span(rangeOfAtom(C));
  if (S && S->isConstant(&Span) && (D > Span || -D > Span))
    return std::nullopt; // the loop never runs that far
  Outcome O;
  O.K = Outcome::Dependent;
  O.Distance = D / Step;
  O.Var = C;
  return O;
}

bool Tester::remainderSolved(const Access &W, const std::vector<unsigned> &Vars, unsigned C,
                             int64_t Rem) {
  for (unsigned V : Vars) {
    int64_t AV = 0;
    if (V == C || !W.Subscript.coefficient(V).isConstant(&AV) || AV == 0 || Rem % AV != 0)
      continue;
    int64_t E = -Rem / AV, VSpan = 0, VStep = Steps.count(V) ? Steps[V] : 1;
    Interval VR = rangeOfAtom(V);
    if (VStep == 0 || E % VStep != 0)
      continue;
    Bound S = span(VR);
    if (S && S->isConstant(&VSpan) && (E > VSpan || -E > VSpan))
      continue;
    return true;
  }
  return false;
}

std::optional<__int128> valueAt(const Poly &P, const AtomTable &Atoms, unsigned Outer, __int128 I,
                                bool Top);

Problem Tester::quotientWrite(const Access &W) {
  unsigned Outer = Carried.front();
  std::string Var = "'" + Atoms.get(Outer).Text + "'", Text = sourceText(Ctx, W.Expr);
  const Atom *Shown = nullptr;
  for (unsigned V : W.Subscript.loopVars(Atoms))
    if (Atoms.isQuotient(V) && !Shown)
      Shown = &Atoms.get(V);
  auto Inexact = [&]() {
    return makeProblem(Diag::quotient_write_not_exact, W.Expr->getSourceRange(),
                       {Text, Shown ? Shown->Text : std::string("/")});
  };
  if (Carried.size() != 1 || !Shown || !W.Column.loopVars(Atoms).empty())
    return Inexact();
  bool Proven = W.Unconditional && !Info.HasJumps;
  auto Repeats = [&](const std::string &Where) {
    return makeProblem(Proven ? Diag::dependence_quotient : Diag::dependence_quotient_conditional,
                       W.Expr->getSourceRange(), {Text, Var, Shown->Text, Where});
  };
  // Constant bounds: the elements of every iteration, compared.
  Interval R = rangeOfAtom(Outer);
  int64_t Lo = 0, Hi = 0, Step = Steps.count(Outer) ? Steps[Outer] : 1;
  if (R.Lo && R.Hi && R.Lo->isConstant(&Lo) && R.Hi->isConstant(&Hi) && Step != 0 &&
      (__int128)Hi - Lo < (1 << 16)) {
    std::map<__int128, __int128> Seen; // element -> the first value of the variable
    __int128 S = Step < 0 ? -(__int128)Step : Step;
    for (__int128 K = 0; Hi >= Lo && K <= ((__int128)Hi - Lo) / S; ++K) {
      __int128 I = Step > 0 ? Lo + K * S : Hi - K * S;
      std::optional<__int128> E = valueAt(W.Subscript, Atoms, Outer, I, true);
      if (!E)
        return Inexact();
      auto [It, New] = Seen.insert({*E, I});
      if (!New)
        return Repeats("iterations " + Var.substr(0, Var.size() - 1) + " = " +
                       std::to_string((long long)It->second) + "' and " +
                       Var.substr(0, Var.size() - 1) + " = " + std::to_string((long long)I) + "'");
    }
    return Inexact(); // one element per iteration, but not one range
  }
  // Symbolic bounds: `a[(a*i + b) / c]` repeats in consecutive iterations when |a * step| < c,
  // `a[(a*i + b) % c]` every c / gcd(|a * step|, c) iterations (if the loop runs that far).
  Remainders Split = splitRemainders(W.Subscript, Atoms);
  std::vector<unsigned> Vars = Split.Rest.loopVars(Atoms);
  const Atom *Q = nullptr;
  if (Split.Parts.size() == 1 && Vars.empty())
    Q = &Atoms.get(Split.Parts[0].second);
  else if (Split.Parts.empty() && Vars.size() == 1 && Atoms.isQuotient(Vars[0]))
    Q = &Atoms.get(Vars[0]);
  int64_t A = 0;
  std::vector<unsigned> NumVars = Q ? Q->Num.loopVars(Atoms) : std::vector<unsigned>();
  if (!Q || NumVars.size() != 1 || NumVars[0] != Outer || !Q->Num.coefficient(Outer).isConstant(&A))
    return Inexact();
  __int128 AS = (__int128)A * Step;
  AS = AS < 0 ? -AS : AS;
  if (Split.Parts.empty())
    return AS < Q->Divisor ? Repeats("consecutive iterations") : Inexact();
  __int128 Period = Q->Divisor / std::gcd((long long)(AS % Q->Divisor), (long long)Q->Divisor);
  // Name the remainder as written: `i % 4` (the atom is the quotient `i / 4`).
  std::string Rem = Q->Text;
  if (size_t At = Rem.rfind(" / "); At != std::string::npos)
    Rem.replace(At, 3, " % ");
  std::string Where = Period == 1 ? std::string("every iteration")
                                  : "iterations " + std::to_string((long long)Period) + " apart";
  return makeProblem(Proven ? Diag::dependence_quotient : Diag::dependence_quotient_conditional,
                     W.Expr->getSourceRange(), {Text, Var, Rem, Where});
}

/// Returns whether `P` holds a quotient atom (`e / c`, `e % c`).
bool hasQuotient(const Poly &P, const AtomTable &Atoms) {
  for (unsigned V : P.loopVars(Atoms))
    if (Atoms.isQuotient(V))
      return true;
  return false;
}

/// The value of `P` when the carried variable `Outer` is `I`, when P's loop variables are
/// `Outer` and quotients of such polynomials, with constant coefficients. `Top`: invariant
/// monomials are left out (the same in every iteration); else they must be constants.
std::optional<__int128> valueAt(const Poly &P, const AtomTable &Atoms, unsigned Outer, __int128 I,
                                bool Top) {
  __int128 Sum = 0;
  for (const auto &[M, C] : P.Terms) {
    bool Loop = false;
    for (const auto &[A, D] : M)
      Loop |= Atoms.isLoopVar(A);
    if (!Loop) {
      if (Top)
        continue;
      if (!M.empty())
        return std::nullopt;
      Sum += C;
      continue;
    }
    if (M.size() != 1 || M[0].second != 1)
      return std::nullopt;
    __int128 V = I;
    if (M[0].first != Outer) {
      const Atom &Q = Atoms.get(M[0].first);
      if (!Q.Divisor)
        return std::nullopt;
      std::optional<__int128> N = valueAt(Q.Num, Atoms, Outer, I, false);
      if (!N || *N < 0)
        return std::nullopt;
      V = *N / Q.Divisor;
    }
    Sum += V * C;
  }
  return Sum;
}

/// The subscripts of `a[e0][e1]...` outermost first, when every dimension after the first has
/// a size, constant or not (`double a[N][M]`, `double (*a)[M]`, `double a[n][m][l]`); empty
/// otherwise.
std::vector<const Expr *> dimensions(ASTContext &Ctx, const Expr *E) {
  std::vector<const Expr *> Subs;
  const Expr *Cur = E->IgnoreParenImpCasts();
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur)) {
    Subs.insert(Subs.begin(), AS->getIdx());
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    // An inner dimension of unknown size; but rows of a pointer-to-pointer array (`a[i]` is a
    // pointer) are separate objects: the runtime checks that touched rows share no memory. A
    // variable-length dimension bounds its subscript as a constant one does.
    const ArrayType *AT = Ctx.getAsArrayType(Base->getType());
    if (isa<ArraySubscriptExpr>(Base) && !Base->getType()->isPointerType() &&
        !isa_and_nonnull<ConstantArrayType, VariableArrayType>(AT))
      return {};
    Cur = Base;
  }
  if (Subs.size() < 2 || !isa<DeclRefExpr>(Cur))
    return {};
  return Subs;
}

/// Returns the number of array dimensions of an array or pointer type: 3 for `double a[4][5][6]`
/// and `double (*r)[5][6]`, 1 for `double *p`.
static unsigned arrayRank(QualType T) {
  unsigned N = 0;
  if (const auto *PT = T->getAs<PointerType>()) {
    T = PT->getPointeeType();
    ++N;
  }
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe()) {
    T = AT->getElementType();
    ++N;
  }
  return N;
}

/// Matches `v`, `v + c`, `c + v`, `v - c` for a variable v; sets `C`.
const VarDecl *shifted(ASTContext &Ctx, const Expr *E, int64_t &C) {
  E = E->IgnoreParenImpCasts();
  C = 0;
  if (const VarDecl *V = referencedVar(E))
    return V;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !BO->isAdditiveOp())
    return nullptr;
  Expr::EvalResult R;
  const VarDecl *V = referencedVar(BO->getLHS());
  const Expr *K = BO->getRHS();
  if (!V && BO->getOpcode() == BO_Add) {
    V = referencedVar(BO->getRHS());
    K = BO->getLHS();
  }
  if (!V || !K->EvaluateAsInt(R, Ctx))
    return nullptr;
  C = R.Val.getInt().getExtValue();
  if (BO->getOpcode() == BO_Sub)
    C = -C;
  return V;
}

/// Subscript-by-subscript test for arrays with sized inner dimensions (C requires each
/// subscript to lie within its dimension, so two accesses meet only where every subscript is
/// equal): returns true when some dimensions pin every loop variable in `Vars` to the same
/// value in both accesses (`a[i][j]` against `a[i][j]`, or `b[i][j+1]` against `b[i][j+1]`),
/// so only one iteration touches each element.
bool samePointPerDimension(ASTContext &Ctx, const Access &W, const Access &T,
                           const std::vector<const VarDecl *> &Vars) {
  std::vector<const Expr *> DW = dimensions(Ctx, W.Expr), DT = dimensions(Ctx, T.Expr);
  if (DW.empty() || DW.size() != DT.size())
    return false;
  std::vector<bool> Pinned(Vars.size(), false);
  for (size_t D = 0; D < DW.size(); ++D) {
    int64_t CW = 0, CT = 0;
    const VarDecl *VW = shifted(Ctx, DW[D], CW), *VT = shifted(Ctx, DT[D], CT);
    if (!VW || VW != VT || CW != CT)
      continue;
    for (size_t K = 0; K < Vars.size(); ++K)
      Pinned[K] = Pinned[K] || Vars[K] == VW;
  }
  return std::all_of(Pinned.begin(), Pinned.end(), [](bool B) { return B; });
}

/// Tester::test on a second subscript of both accesses, `PW` for W and `PT` for T (a rows
/// array's columns, the offsets of struct members within their elements).
Outcome testOn(Tester &Test, const Access &W, const Access &T, const Poly &PW, const Poly &PT,
               bool Self) {
  Access WC = W, TC = T;
  WC.Subscript = PW;
  TC.Subscript = PT;
  WC.Rows = TC.Rows = WC.Partial = TC.Partial = false;
  return Self ? Test.test(WC, WC) : Test.test(WC, TC);
}

/// Whether `A` and `B` are dependences at one distance of one carried variable.
bool sameDistance(const Outcome &A, const Outcome &B) {
  return A.K == Outcome::Dependent && B.K == Outcome::Dependent && !A.Absent && !B.Absent &&
         A.Var == B.Var && A.Distance == B.Distance;
}

std::string describe(ASTContext &Ctx, const Access &A) {
  return std::string(A.IsWrite ? "write to '" : "read of '") + sourceText(Ctx, A.Expr) + "'";
}

} // namespace

bool checkDependences(ASTContext &Ctx, const LoopForm &F, const Directive &Dir, BodyInfo &Info,
                      Problem &P) {
  Tester Test(Ctx, F, Info);
  std::optional<Problem> Warning;
  bool Collapsed = Test.Carried.size() > 1;
  std::vector<const VarDecl *> CarriedVars;
  for (const LoopForm &C : Info.Collapse)
    CarriedVars.push_back(C.Var);
  if (CarriedVars.empty())
    CarriedVars.push_back(F.Var);
  auto Name = [&](unsigned Atom) { return "'" + Test.atoms().get(Atom).Text + "'"; };
  for (size_t WI = 0; WI < Info.Accesses.size(); ++WI) {
    const Access &W = Info.Accesses[WI];
    if (!W.IsWrite || W.InReduction)
      continue;
    // A write through `e / c` or `e % c` that did not cancel out (`a[i / 2]`): two iterations
    // writing one element (an error), else a section the runtime cannot copy back exactly. Its
    // pairs with other accesses are still tested (a dependence there is an error too).
    bool Quotient =
        W.Affine && (hasQuotient(W.Subscript, Test.atoms()) || hasQuotient(W.Column, Test.atoms()));
    if (Quotient) {
      Problem Q = Test.quotientWrite(W);
      if (Q.Level == Severity::Error) {
        P = Q;
        P.BetweenIterations = true;
        return false;
      }
      if (!Warning)
        Warning = Q;
    }
    for (size_t TI = 0; TI < Info.Accesses.size(); ++TI) {
      const Access &T = Info.Accesses[TI];
      if (T.Array != W.Array || T.InReduction || (T.IsWrite && TI < WI))
        continue;
      bool Self = TI == WI;
      if (Self && Quotient)
        continue;
      bool Identical = W.Affine && T.Affine && W.Subscript == T.Subscript && W.Column == T.Column &&
                       W.Partial == T.Partial &&
                       (!W.Partial || (W.WithinAffine && T.WithinAffine && W.Within == T.Within));
      if (!Self && Identical && T.IsWrite)
        continue; // the same element written twice in one iteration: as the write with itself
      Outcome O;
      if (W.Affine && T.Affine)
        O = Test.test(W, T);
      // A column that moves with the loop variable: the same element needs the same column.
      // Columns that never meet rule a dependence out (the runtime rejects rows that share
      // memory). With the same row subscript and rows that do not move (only inner variables,
      // none shared with the column) every row is reached by both accesses, so the columns
      // decide; rows that move too (`a[i][i]`) are left to the bound test on both dimensions.
      bool RowsMove = W.Rows && (W.Subscript.coefficient(Info.OuterAtom) != Poly() ||
                                 T.Subscript.coefficient(Info.OuterAtom) != Poly());
      if (W.Affine && T.Affine && O.K != Outcome::Independent &&
          (W.movesColumn(Info.OuterAtom) || T.movesColumn(Info.OuterAtom))) {
        Outcome C = testOn(Test, W, T, W.Column, T.Column, Self);
        // Rows and columns that both meet at one distance meet at one element.
        if (C.K == Outcome::Independent || (W.Subscript == T.Subscript && !RowsMove) ||
            (RowsMove && sameDistance(O, C)))
          O = C;
        else
          O.K = Outcome::Unknown;
      }
      // Rows of a pointer-to-pointer array: the test saw the row subscripts only; the same row
      // is the same element only where the columns meet too.
      else if (W.Rows && O.K != Outcome::Independent) {
        // Columns that never meet (`a[i][2 * j]`, `a[i - 1][2 * j + 1]`) keep any rows apart.
        if (W.Affine && T.Affine && !Self &&
            testOn(Test, W, T, W.Column, T.Column, false).K == Outcome::Independent)
          continue;
        if (!W.Via && !T.Via && !Test.leavesDimension(W) && !Test.leavesDimension(T) &&
            samePointPerDimension(Ctx, W, T, CarriedVars)) {
          W.SelfDisjoint |= Self;
          continue;
        }
        if (O.K == Outcome::Dependent && W.Column != T.Column)
          O.K = Outcome::Unknown;
      }
      // Struct members are parts of their elements (`p->v[k]`, `p[i].x`): the same element is
      // the same memory only where the offsets within it meet too. As for a rows array's
      // columns: offsets that never meet rule a dependence out; one fixed offset (`p[i].x`
      // and `p[i - 1].x`) leaves the elements to decide; with one element in every iteration
      // (`p->v[k]`: element 0) the offsets decide; otherwise a dependence needs the elements and
      // the offsets to meet at one distance.
      if (W.Partial && T.Partial && O.K != Outcome::Independent) {
        if (W.WithinAffine && T.WithinAffine) {
          Outcome C = testOn(Test, W, T, W.Within, T.Within, Self);
          bool OneElement =
              W.Subscript == T.Subscript && W.Subscript.loopVars(Test.atoms()).empty();
          bool SameOffset = W.Within == T.Within && W.Within.loopVars(Test.atoms()).empty();
          if (C.K == Outcome::Independent || (!SameOffset && (OneElement || sameDistance(O, C))))
            O = C;
          else if (!SameOffset)
            O.K = Outcome::Unknown;
        } else if (O.K == Outcome::Dependent) {
          O.K = Outcome::Unknown;
        }
      }
      bool Parts = W.Partial || T.Partial; // the tests on source dimensions see elements only
      // The bound test: a triangular loop's bounds per iteration, subscripts that swap loop
      // variables between dimensions (`a[j1][j2]` and `a[j2][j1]` with j2 >= j1).
      bool Meets = false;
      if (O.K != Outcome::Independent && W.Affine && T.Affine && !Parts && (W.Rows == T.Rows) &&
          (!W.Rows || RowsMove)) {
        Test.Pending.clear();
        std::vector<Poly> DW = W.Rows ? std::vector<Poly>{W.Subscript, W.Column}
                                      : Test.dimensionsOf(W, T),
                          DT = T.Rows ? std::vector<Poly>{T.Subscript, T.Column}
                                      : Test.dimensionsOf(T, W);
        // Under `independent` a pair left unproven is vouched for: no fact to check.
        if (!DW.empty() && DW.size() == DT.size() && (!Dir.Independent || Test.Pending.empty()) &&
            Test.disjointByBounds(DW, DT, Meets)) {
          Test.assumePending();
          W.SelfDisjoint |= Self;
          continue;
        }
      }
      // With a triangular loop's variable the test saw a superset of the pairs (its hull; a
      // guarded loop's range without its guards): a dependence is not proven, and the
      // runtime's footprint check does not apply.
      bool Tri = false;
      for (const Access *X : {&W, &T})
        for (unsigned V : X->Subscript.loopVars(Test.atoms()))
          for (const InnerLoop &L : Info.Inner)
            Tri |= L.Atom == V && (L.Tri || L.Hull || L.Guarded);
      bool TriAbsent = Tri && O.K == Outcome::Dependent && O.Absent;
      // A quotient is free in the test (its range over the whole loop): a superset too.
      bool Quotients =
          W.Affine && T.Affine &&
          (hasQuotient(W.Subscript, Test.atoms()) || hasQuotient(T.Subscript, Test.atoms()));
      if ((Tri || Quotients) && O.K == Outcome::Dependent)
        O = Outcome();
      if (O.K == Outcome::Independent) {
        W.SelfDisjoint |= Self;
        continue;
      }
      if (O.K == Outcome::Unknown && Identical && !Collapsed && !Tri)
        continue; // the runtime checks that one iteration's elements are not another's
      if (O.K == Outcome::Unknown && !W.Via && !T.Via && !Parts && !Test.leavesDimension(W) &&
          !Test.leavesDimension(T) && samePointPerDimension(Ctx, W, T, CarriedVars)) {
        W.SelfDisjoint |= Self;
        continue;
      }
      if (Test.residuesSeparate(W, T) || Test.exclusionsSeparate(W, T))
        continue; // W's iterations and T's never meet (red and black of a sweep, pivot row)
      // A multi-dimensional access whose subscripts could not be taken one per dimension (a
      // body local in one: `lhs[2][i][j][k1]`, k1 = k + 1) was tested by its flat subscript, in
      // which rows may run into each other: a dependence found there is not proven.
      // So is one through a called function's pointer into a multi-dimensional array
      // (`sub(r[i][j][k])` writing `b[m]`): its dimensions, when found, rest on run-time facts.
      bool FlatOnly = false;
      if (O.K == Outcome::Dependent && !W.Rows && !T.Rows)
        for (const Access *X : {&W, &T}) {
          FlatOnly |= (X->Via && arrayRank(X->Array->getType()) > 1) ||
                      (dimensions(Ctx, X->Expr).size() > 1 &&
                       Test.dimensionsOf(*X, X == &W ? T : W).size() <= 1);
          Test.Pending.clear();
        }
      Problem Q;
      SourceRange At = W.Expr->getSourceRange();
      bool Proven = O.K == Outcome::Dependent && W.Unconditional && T.Unconditional &&
                    !Info.HasJumps && !FlatOnly;
      std::string WText = describe(Ctx, W), TText = describe(Ctx, T);
      if (FlatOnly) {
        Q = Self ? makeProblem(Diag::dependence_unknown_self, At, {WText})
                 : makeProblem(Diag::dependence_unknown, At, {WText, TText});
      } else if (O.K == Outcome::Dependent) {
        std::string Var = Name(O.Var);
        std::string Distance =
            std::to_string(O.Distance < 0 ? -(uint64_t)O.Distance : (uint64_t)O.Distance);
        // A fixed-size array at the same elements in every iteration is, in OpenMP programs, a
        // scratch array private to each thread: `threadprivate` when global (NPB's `ue`, `buf`),
        // declared in the `parallel` block when local. The loop stays serial, and the warning
        // names the clause and when it holds. (Local arrays that the body itself writes before
        // reading are found private by iterationPrivateArrays: written here they keep the error.)
        bool Scratch = O.Absent && Proven && Ctx.getAsConstantArrayType(W.Array->getType()) &&
                       ((W.Array->hasGlobalStorage() && !W.Array->isStaticLocal()) || W.Via);
        std::string Arr = "'" + W.Array->getNameAsString() + "'";
        if (Scratch && Self)
          Q = makeProblem(Diag::dependence_same_element_scratch, At,
                          {WText, Var, Arr, W.Array->getNameAsString()});
        else if (Scratch)
          Q = makeProblem(Diag::dependence_same_element_scratch_read, At,
                          {WText, TText, Arr, Var, W.Array->getNameAsString()});
        else if (O.Absent && Self)
          Q = makeProblem(Proven ? Diag::dependence_same_element
                                 : Diag::dependence_same_element_conditional,
                          At, {WText, Var});
        else if (O.Absent)
          Q = makeProblem(Proven ? Diag::dependence_same_element_every_iteration
                                 : Diag::dependence_same_element_every_iteration_conditional,
                          At, {WText, TText, Var});
        else if (O.Var == Info.OuterAtom)
          Q = makeProblem(Proven ? Diag::dependence_distance
                                 : Diag::dependence_distance_conditional,
                          At, {WText, TText, Distance});
        else
          Q = makeProblem(Proven ? Diag::dependence_distance_in_loop
                                 : Diag::dependence_distance_in_loop_conditional,
                          At, {WText, TText, Distance, Var});
      } else {
        if (Dir.Independent)
          continue;
        Q = !Self       ? makeProblem(Diag::dependence_unknown, At, {WText, TText})
            : Collapsed ? makeProblem(Diag::dependence_unknown_collapsed, At, {WText})
                        : makeProblem(Diag::dependence_unknown_self, At, {WText});
      }
      if (W.Via)
        Q.Notes.push_back({W.Via->getSourceRange(), Diag::note_called_from_loop});
      // The same elements in every iteration, through a called function's pointer into a
      // fixed-size array of the caller's (BT's `exact_solution(..., &Pface[ix][0][0])` when a
      // row is missing): the scratch array's clause, as for a direct write.
      if (FlatOnly && O.K == Outcome::Dependent && O.Absent && W.Via &&
          Ctx.getAsConstantArrayType(W.Array->getType()))
        Q.Notes.push_back({W.Array->getLocation(),
                           Diag::note_private_scratch,
                           {"'" + W.Array->getNameAsString() + "'", W.Array->getNameAsString()}});
      if (!Self)
        Q.Notes.push_back(
            {T.Expr->getSourceRange(), T.IsWrite ? Diag::note_other_write : Diag::note_read});
      if (!Self && T.Via && T.Via != W.Via)
        Q.Notes.push_back({T.Via->getSourceRange(), Diag::note_called_from_loop});
      const Expr *Leaving = W.Via ? nullptr : Test.leavingSubscript(W);
      if (!Leaving && !T.Via)
        Leaving = Test.leavingSubscript(T);
      if (Leaving)
        Q.Notes.push_back(
            {Leaving->getSourceRange(), Diag::note_leaves_dimension, {sourceText(Ctx, Leaving)}});
      // Never `independent` where a dependence is likely: the subscripts differ by an invariant
      // only (`a[i]` and `a[i + k]`), go through a quotient, or the bound test found different
      // iterations that meet (an in-place transpose).
      Poly Apart = W.Subscript;
      bool Shifted = !Self && W.Affine && T.Affine && W.Column == T.Column &&
                     Apart.addScaled(T.Subscript, -1) && Apart.loopVars(Test.atoms()).empty() &&
                     !Apart.Terms.empty();
      if (Q.Level == Severity::Warning && O.K == Outcome::Unknown && !TriAbsent && !Shifted &&
          !Quotients && !Meets && !Leaving)
        Q.Notes.push_back(
            {W.Expr->getSourceRange(), Diag::note_add_independent, {W.Array->getNameAsString()}});
      if (Q.Level == Severity::Error) {
        P = Q;
        P.BetweenIterations = true;
        return false;
      }
      if (!Warning)
        Warning = Q;
    }
  }
  if (Warning) {
    P = *Warning;
    return false;
  }
  Info.Assumptions.clear();
  for (const Poly &F : Test.Assumed)
    Info.Assumptions.push_back(F.printC(Test.atoms()));
  return true;
}

bool checkDependences(ASTContext &Ctx, const LoopForm &F, BodyInfo &Info, Problem &P) {
  Directive None;
  return checkDependences(Ctx, F, None, Info, P);
}

} // namespace gpupar
