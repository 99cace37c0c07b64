//===- Affine.h - polynomial subscripts ------------------------------------===//
//
// A subscript is a polynomial: monomials over atoms with int64 coefficients. Atoms are loop
// variables (the offloaded loop's and those of canonical inner loops) and loop-invariant
// sub-expressions (keyed by their printed C text, e.g. `n`, `n / 2`). A polynomial is affine
// when every monomial holds at most one loop variable, of degree 1.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_AFFINE_H
#define GPUPAR_PLUGIN_AFFINE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpupar {

class AtomTable;

/// Sorted (atom, degree) pairs; the empty monomial is the constant term.
using Monomial = std::vector<std::pair<unsigned, unsigned>>;

class Poly {
public:
  static Poly constant(int64_t V);
  static Poly atom(unsigned Id);

  /// this += K * O; returns false on overflow.
  bool addScaled(const Poly &O, int64_t K);
  /// this *= O; returns false on overflow.
  bool multiply(const Poly &O);

  bool operator==(const Poly &O) const { return Terms == O.Terms; }
  bool operator!=(const Poly &O) const { return !(*this == O); }
  /// Returns true (and the value) when the polynomial is a constant.
  bool isConstant(int64_t *V = nullptr) const;
  /// Returns the constant term.
  int64_t constantTerm() const;
  /// Returns true when every monomial holds at most one loop variable, of degree 1.
  bool isAffine(const AtomTable &Atoms) const;
  /// Returns the coefficient of loop variable atom `Id` (affine polynomials only).
  Poly coefficient(unsigned Id) const;
  /// Returns the monomials that hold no loop variable.
  Poly invariantPart(const AtomTable &Atoms) const;
  /// Returns the loop-variable atoms that occur.
  std::vector<unsigned> loopVars(const AtomTable &Atoms) const;
  /// Returns the polynomial without its constant term.
  Poly withoutConstant() const;
  /// Prints the polynomial as a C `long long` expression.
  std::string printC(const AtomTable &Atoms) const;

  std::map<Monomial, int64_t> Terms;
};

struct Atom {
  const clang::VarDecl *LoopVar = nullptr; ///< set for loop-variable atoms
  std::string Text;                        ///< C text of an invariant atom (or the var name)
  bool Fresh = false;                      ///< from freshLoopVar: never found by loopVar
  /// A quotient atom `Num / Divisor` (Divisor > 0; Num affine, proven >= 0 over the loop, so
  /// C's truncating division is the floor): it varies with the loop like a loop variable, over
  /// [Lo, Hi] (polynomials over invariant atoms: the quotients of Num's least and greatest
  /// values). `e % c` is built as `e - c * (e / c)`, so `(e / c) * c + e % c` is `e`.
  int64_t Divisor = 0;
  Poly Num, Lo, Hi;
  /// `Num / m` with m an invariant that is no constant (`idx / m`, Num in Num, m in
  /// SymbolicDivisor): it varies with the loop, and its range is not known. It stands only for
  /// C's identity `(e / m) * m + e % m == e` (PolyBuilder::SymbolicQuotients): a polynomial
  /// that still holds it is not affine for the analysis (BodyWalker::buildIndex).
  bool Symbolic = false;
  Poly SymbolicDivisor;
};

class AtomTable {
public:
  unsigned loopVar(const clang::VarDecl *VD);
  /// Returns a new atom for loop variable `VD` (a loop of a function walked once per call).
  unsigned freshLoopVar(const clang::VarDecl *VD);
  unsigned invariant(const std::string &Text);
  /// Returns the quotient atom of `Num / Divisor` over [Lo, Hi] (the same atom for the same
  /// values: two loops of one variable with different bounds give two atoms).
  unsigned quotient(const Poly &Num, int64_t Divisor, const Poly &Lo, const Poly &Hi,
                    const std::string &Text);
  /// Returns the symbolic quotient atom of `Num / Divisor` (Divisor over invariant atoms).
  unsigned symbolicQuotient(const Poly &Num, const Poly &Divisor, const std::string &Text);
  const Atom &get(unsigned Id) const { return Atoms[Id]; }
  /// Loop variables and quotient atoms: what varies from one iteration to the next.
  bool isLoopVar(unsigned Id) const {
    return Atoms[Id].LoopVar != nullptr || Atoms[Id].Divisor != 0 || Atoms[Id].Symbolic;
  }
  /// Whether `P` holds a symbolic quotient atom.
  bool hasSymbolic(const Poly &P) const;
  bool isQuotient(unsigned Id) const { return Atoms[Id].Divisor != 0; }

private:
  std::vector<Atom> Atoms;
  /// Returns the first atom `Same` accepts, else appends `New` and returns its index.
  template <typename Pred> unsigned findOrAdd(Pred Same, Atom New) {
    for (unsigned I = 0; I < Atoms.size(); ++I)
      if (Same(Atoms[I], I))
        return I;
    Atoms.push_back(std::move(New));
    return Atoms.size() - 1;
  }
};

/// A polynomial's quotient atoms split off for its range: `P = Rest + sum of Coef * (Num -
/// Divisor * Q)` where each remainder `Num - Divisor * Q` lies in [0, Divisor - 1]. A remainder is
/// split off only when P holds all of `Coef * Num`'s loop-variable monomials (`idx - M * Q` with
/// Q = idx / M, not `2 * Q` with Q = i / 2), so Rest keeps the quotients whose own range is
/// tighter.
struct Remainders {
  Poly Rest;
  std::vector<std::pair<int64_t, unsigned>> Parts; ///< (Coef, quotient atom)
};
Remainders splitRemainders(const Poly &P, const AtomTable &Atoms);

/// The least and greatest values of affine `P` when every loop variable's range is known
/// (`VarRange`; quotient atoms use their own) and every loop variable's coefficient is a
/// constant. Remainders count as [0, Divisor - 1] (splitRemainders).
std::optional<std::pair<Poly, Poly>>
polyRange(const Poly &P, const AtomTable &Atoms,
          const std::function<std::optional<std::pair<Poly, Poly>>(unsigned)> &VarRange);

/// Builds polynomials from integer expressions.
class PolyBuilder {
public:
  /// `IsLoopVar(VD)`: VD is a loop variable active at the expression. `IsInvariant(E)`: E may
  /// become an invariant atom.
  PolyBuilder(clang::ASTContext &Ctx, AtomTable &Atoms,
              std::function<bool(const clang::VarDecl *)> IsLoopVar,
              std::function<bool(const clang::Expr *)> IsInvariant)
      : Ctx(Ctx), Atoms(Atoms), IsLoopVar(std::move(IsLoopVar)),
        IsInvariant(std::move(IsInvariant)) {}

  /// Returns the polynomial of `E`, or nothing when `E` is not a polynomial in loop variables
  /// and invariant atoms.
  std::optional<Poly> build(const clang::Expr *E);

  /// Forward substitution: `Subst(VD, Ref)` returns the value to expand in place of `VD` read
  /// at `Ref` (a body local's initialiser, or the assignment that reaches the read), or null.
  std::function<const clang::Expr *(const clang::VarDecl *, const clang::DeclRefExpr *)> Subst;
  /// The atom of loop variable `VD` when set (else Atoms.loopVar(VD)).
  std::function<unsigned(const clang::VarDecl *)> AtomOf;
  /// The inclusive range of a loop variable's atom (polynomials over invariant atoms), when
  /// known. When set, `e / c` and `e % c` with `c` a positive integer constant and `e` affine in
  /// loop variables, of a range proven non-negative, become quotient atoms (AtomTable::quotient).
  std::function<std::optional<std::pair<Poly, Poly>>(unsigned)> VarRange;
  /// The arm of conditional `c ? a : b` (not loop-invariant) to build: 1 the true arm, 2 the
  /// false one, 0 none (the expression is then not a polynomial). Unset: none.
  std::function<int(const clang::ConditionalOperator *)> Arm;
  /// With VarRange: `e / m` and `e % m` with `m` an invariant that is no constant (a manually
  /// collapsed loop's `i = idx / m; j = idx % m;`) become a symbolic quotient atom Q and
  /// `e - m * Q`, so that `i * m + j` is `idx`. Polynomials that keep Q are for the caller to
  /// refuse (AtomTable::hasSymbolic).
  bool SymbolicQuotients = false;

private:
  /// `e / c` or `e % c` as a quotient atom (see VarRange), or nothing.
  std::optional<Poly> quotient(const clang::BinaryOperator *BO);
  /// `e / m` or `e % m` with a symbolic quotient atom (see SymbolicQuotients), or nothing.
  std::optional<Poly> symbolicQuotient(const clang::BinaryOperator *BO);
  unsigned Depth = 0;
  clang::ASTContext &Ctx;
  AtomTable &Atoms;
  std::function<bool(const clang::VarDecl *)> IsLoopVar;
  std::function<bool(const clang::Expr *)> IsInvariant;
};

} // namespace gpupar

#endif
