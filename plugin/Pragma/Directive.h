//===- Directive.h - the clauses of one `#pragma gpupar` -------------------===//
//
// Parses the clause tokens recorded by the pragma handler:
//
//   independent                       asserts what the compiler cannot disprove
//   private(x, y)                     scalars declared outside, private per iteration
//   reduction(op: s, hist[0:256])     op in + * min max & | ^ && ||; scalars or sections
//   collapse(n)                       the perfect nest of n loops is one iteration space
//   map(to|from|tofrom: a[lo:len])    extents the compiler cannot infer
//   if(expr)                          run-time condition: false runs the loop serially
//   devices(expr)                     cap on the number of devices
//
// Clauses may be separated by commas. Expressions are kept as C source text (the tokens after
// macro expansion, joined) with their locations; names in lists are checked against the loop's
// scope by the analysis (Analysis.cpp), not here.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_DIRECTIVE_H
#define GPUPAR_PLUGIN_DIRECTIVE_H

#include "Diagnostics.h"
#include "Pragma/PragmaHandler.h"
#include "gpupar/loop.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gpupar {

/// A reduction operator: a row of GPUPAR_RED_OP_MAP (gpupar/loop.h), with the runtime's value.
enum class ReductionOp {
#define GPUPAR_PLUGIN_RED_OP(NAME, name, Name, value, spelling, ident, combine, cls)               \
  Name = GPUPAR_RED_##NAME,
  GPUPAR_RED_OP_MAP(GPUPAR_PLUGIN_RED_OP)
#undef GPUPAR_PLUGIN_RED_OP
};

/// Returns the clause spelling of `Op` ("+", "min", "&&", ...).
const char *reductionOpSpelling(ReductionOp Op);

/// Returns the operator written `Spelling` in a `reduction` clause, or nothing.
std::optional<ReductionOp> reductionOpFromSpelling(llvm::StringRef Spelling);

/// A C expression from a clause: its text and where it was written.
struct ClauseExpr {
  std::string Text;         ///< the tokens joined with single spaces, e.g. "n > 1000"
  clang::SourceRange Range; ///< first to last token
};

/// One item of a variable list: `x` or the array section `a[lo:len]`.
struct ClauseItem {
  std::string Name;         ///< the variable's name
  clang::SourceRange Range; ///< the whole item (name to `]`)
  clang::SourceLocation NameLoc;
  bool IsSection = false; ///< written `a[lo:len]`
  ClauseExpr Lo, Len;     ///< the section's first element and length (IsSection only)
};

/// `reduction(op: items)`.
struct ReductionClause {
  ReductionOp Op = ReductionOp::Add;
  clang::SourceLocation Loc;   ///< the `reduction` keyword
  clang::SourceLocation OpLoc; ///< the operator
  std::vector<ClauseItem> Items;
};

enum class MapKind { To, From, ToFrom };

/// `map(kind: items)`; every item is a section.
struct MapClause {
  MapKind Kind = MapKind::ToFrom;
  clang::SourceLocation Loc; ///< the `map` keyword
  std::vector<ClauseItem> Items;
};

/// A parsed `#pragma gpupar`: its record and its clauses.
struct Directive {
  const PragmaRecord *Record = nullptr;
  bool Independent = false; ///< `independent` was given
  clang::SourceLocation IndependentLoc;
  std::vector<ClauseItem> Privates;        ///< items of every `private(...)` (scalars, no sections)
  clang::SourceLocation PrivateLoc;        ///< the `private` keyword
  std::vector<ReductionClause> Reductions; ///< one per `reduction(...)`
  unsigned Collapse = 1;                   ///< `collapse(n)`; 1 without the clause
  clang::SourceLocation CollapseLoc;       ///< the `collapse` keyword (invalid: no clause)
  clang::SourceRange CollapseArg;          ///< the `n`
  std::vector<MapClause> Maps;             ///< one per `map(...)`
  std::optional<ClauseExpr> If;            ///< `if(expr)`
  clang::SourceLocation IfLoc;
  std::optional<ClauseExpr> Devices; ///< `devices(expr)`
  clang::SourceLocation DevicesLoc;
  clang::SourceLocation OrderedLoc; ///< OpenMP's `ordered` (valid: the loop stays serial)
  /// A reduction identifier of OpenMP's `declare reduction` (`reduction(maximum: m)`), the
  /// first one; the loop stays serial.
  std::string UserReduction;
  clang::SourceLocation UserReductionLoc;
  /// Not a clause: the file's OpenMP `threadprivate` variables (OmpTeams::threadPrivates), which
  /// the analysis may make private to each iteration.
  std::vector<std::string> OmpThreadPrivates;

  /// Returns the reduction clause naming `Name` (and the item), or null.
  const ReductionClause *reductionOf(llvm::StringRef Name, const ClauseItem **Item = nullptr) const;
  /// Returns the private item naming `Name`, or null.
  const ClauseItem *privateOf(llvm::StringRef Name) const;
  /// Returns the map item naming `Name` (and its kind), or null.
  const ClauseItem *mapOf(llvm::StringRef Name, MapKind *Kind = nullptr) const;
};

/// Parses the clauses of `R` into `D`. Returns false (with the problems in `Problems`) when a
/// clause is malformed, unknown or repeated.
bool parseDirective(const PragmaRecord &R, Directive &D, std::vector<Problem> &Problems);

} // namespace gpupar

#endif
