//===- ElementUpdate.h - `a[e] op= v` forms of array reductions ------------===//
//
// Under `reduction(op: a[lo:len])` each access to `a` in the loop body must be an update of
// one element with the clause's operator. The emitter rewrites every such update into
// gpupar_red_update<Op>(&a[e], v) (kernel.h), which is a plain update on the host and an
// atomic one in a kernel; this matcher finds the update and its operand.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_ELEMENTUPDATE_H
#define GPUPAR_PLUGIN_ELEMENTUPDATE_H

#include "Pragma/Directive.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <vector>

namespace gpupar {

/// One update of an array element.
struct ElementUpdate {
  ReductionOp Op = ReductionOp::Add;
  const clang::Expr *Whole = nullptr;  ///< the assignment or increment
  const clang::Expr *Target = nullptr; ///< the element written (`a[e]`, parentheses stripped)
  /// The same element read on the right (`a[e] = a[e] + v`; twice in `a[e] = a[e] < v ? a[e] :
  /// v`), parentheses and implicit casts stripped.
  std::vector<const clang::Expr *> Reads;
  const clang::Expr *Value = nullptr; ///< the operand; null for `++`/`--` (one)
  bool Negate = false;                ///< `-=`, `a[e] = a[e] - v`, `--`
};

/// Matches `t op= v`, `t = t op v`, `t = v op t` (commutative op), `t = fmin(t, v)` (and fmax,
/// either order), `t = t < v ? t : v` (every spelling of min and max), `++t`, `t++`, `--t`, `t--`,
/// where `t` is not a plain variable. The operand may not mention `t`'s array again.
std::optional<ElementUpdate> matchElementUpdate(const clang::ASTContext &Ctx, const clang::Expr *E);

/// Returns true when the value of `E` is unused: it is an expression statement (possibly in
/// parentheses or the left of a comma), a `for` increment, or the body of a statement.
bool isDiscardedValue(clang::ASTContext &Ctx, const clang::Expr *E);

} // namespace gpupar

#endif
