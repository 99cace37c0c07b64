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

struct Atom {
  const clang::VarDecl *LoopVar = nullptr; ///< set for loop-variable atoms
  std::string Text;                        ///< C text of an invariant atom (or the var name)
  bool Fresh = false;                      ///< from freshLoopVar: never found by loopVar
};

class AtomTable {
public:
  unsigned loopVar(const clang::VarDecl *VD);
  /// Returns a new atom for loop variable `VD` (a loop of a function walked once per call).
  unsigned freshLoopVar(const clang::VarDecl *VD);
  unsigned invariant(const std::string &Text);
  const Atom &get(unsigned Id) const { return Atoms[Id]; }
  bool isLoopVar(unsigned Id) const { return Atoms[Id].LoopVar != nullptr; }

private:
  std::vector<Atom> Atoms;
};

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

  /// Forward substitution: `Subst(VD)` returns the initializer to expand in place of `VD` (a
  /// body local initialised once and never reassigned), or null.
  std::function<const clang::Expr *(const clang::VarDecl *)> Subst;
  /// The atom of loop variable `VD` when set (else Atoms.loopVar(VD)).
  std::function<unsigned(const clang::VarDecl *)> AtomOf;

private:
  unsigned Depth = 0;
  clang::ASTContext &Ctx;
  AtomTable &Atoms;
  std::function<bool(const clang::VarDecl *)> IsLoopVar;
  std::function<bool(const clang::Expr *)> IsInvariant;
};

} // namespace gpupar

#endif
