//===- Scalars.h - scalars declared outside the loop and written inside ----===//
//
// Every outer scalar the body writes gets a role (Accesses.h `ScalarRole`):
// - named in `reduction(op: x)`: every use must be an update with op (`x op= e`, `x = x op e`,
//   `x = fmin(x, e)`, `x = x < e ? x : e` ...);
// - named in `private(x)`: no iteration may read it before writing it;
// - otherwise a reduction when every use is such an update with one operator (remark), or
//   private when every iteration writes it before reading it (remark); private-with-last-value
//   when it may be read after the loop, provided every iteration writes it (else the last
//   iteration's value is not known and the loop stays serial);
// - otherwise a dependence between iterations: an error when proven (read before written and
//   written in every iteration), a warning otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_SCALARS_H
#define GPUPAR_PLUGIN_SCALARS_H

#include "Analysis/Accesses.h"
#include "Pragma/Directive.h"

#include "llvm/ADT/ArrayRef.h"

namespace gpupar {

/// Returns the min or max that `Cond ? T : F` computes when T and F are Cond's two sides, in
/// either order (`a < b ? a : b` is the min), with Cond's sides in `A` and `B`.
std::optional<ReductionOp> choiceOp(const clang::ASTContext &Ctx, const clang::Expr *Cond,
                                    const clang::Expr *T, const clang::Expr *F,
                                    const clang::Expr *&A, const clang::Expr *&B);

/// Returns the operator of min and max calls (Min or Max): `fmin(x, e)`, `fmaxf(e, x)`, and
/// calls of a function of this file whose body is `return a > b ? a : b;` or `if (a > b)
/// return a; return b;` in any spelling. `Cmp`: the type they compare in.
std::optional<ReductionOp> minMaxCall(const clang::ASTContext &Ctx, const clang::CallExpr *CE,
                                      clang::QualType &Cmp);

/// Returns true when `A` and `B` are the same side-effect-free expression (parentheses and
/// implicit casts aside): `a[i + 1]` and `(a[1 + i])` are not, `a[i]` and `(a[i])` are.
bool sameValue(const clang::ASTContext &Ctx, const clang::Expr *A, const clang::Expr *B);

/// Returns whether `x = e < x ? e : x` (or `fmin(x, e)`), which compares in type `Cmp` and
/// converts the chosen value to x's type `X`, equals the min (max) of x and e in X's own type:
/// X's values are exact in Cmp and e's values (of type `E`) convert to X monotonically. An
/// `unsigned short x` against an `int e` is not (-5 is smaller in int, 65531 in x's type).
bool minMaxInType(const clang::ASTContext &Ctx, clang::QualType X, clang::QualType Cmp,
                  clang::QualType E);

/// Returns the reduction `E` (a statement-level expression) performs on a variable, with the
/// variable in `Var`, or nothing. `x -= e` and `x = x - e` count as '+'.
std::optional<ReductionOp> matchReductionUpdate(const clang::ASTContext &Ctx, const clang::Expr *E,
                                                const clang::VarDecl *&Var);

/// Returns true when `VD` may be read after loop `Loop` (in function `Fn`, which may be null)
/// ends before it is written again: a read on some path from the loop's end (the rest of the
/// blocks around it, and the loops around it once more) before a write on every path, a jump on
/// the way (`break`, `continue`, `goto`, a label: paths this does not follow), its address
/// taken, or a global.
bool mayBeReadAfter(const clang::ForStmt *Loop, const clang::FunctionDecl *Fn,
                    const clang::VarDecl *VD);

/// Classifies the outer scalars written in the body of `Loop` (inside function `Fn`, which may be
/// null). `LoopVars`: the offloaded (and collapsed) loop variables; `Bounds`: their bounds
/// (a write to a variable they mention is reported as such). Fills `Info.Written` and
/// `Info.Remarks`; returns false with the first problem in `P`.
bool classifyScalars(clang::ASTContext &Ctx, const clang::ForStmt *Loop,
                     const clang::FunctionDecl *Fn, llvm::ArrayRef<const clang::VarDecl *> LoopVars,
                     llvm::ArrayRef<const clang::Expr *> Bounds, const Directive &Dir,
                     BodyInfo &Info, Problem &P);

/// Turns the WrittenScalar::EntryLoops of `Info.Written` into Info.EntryGuards: each loop's
/// entry condition `lo OP hi`, which the host evaluates before `Loop`. Returns false with the
/// warning that the scalar's value after the loop is not known when a bound is not invariant
/// (`LoopVars`: the offloaded loop variables). Runs after the body walk, which finds the
/// elements the loop only reads.
bool checkEntryGuards(clang::ASTContext &Ctx, const clang::ForStmt *Loop,
                      llvm::ArrayRef<const clang::VarDecl *> LoopVars, BodyInfo &Info, Problem &P);

} // namespace gpupar

#endif
