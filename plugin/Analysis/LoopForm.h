//===- LoopForm.h - canonical `for` loops ----------------------------------===//
//
// Recognises `for (T i = lo; i OP hi; STEP)` and `for (i = lo; i OP hi; STEP)`, OP in
// < <= > >= != (either operand order), STEP in i++ ++i i-- --i, i += c, i -= c, i = i + c,
// i = c + i, i = i - c with c a nonzero integer constant expression.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_LOOPFORM_H
#define GPUPAR_PLUGIN_LOOPFORM_H

#include "Diagnostics.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <cstdint>

namespace gpupar {

/// The comparison of the loop condition, written `i OP hi` (the values match gpupar_cond).
enum class Cond { LT = 0, LE = 1, GT = 2, GE = 3, NE = 4 };

struct LoopForm {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr;
  bool DeclaredOutside = false; ///< `i = lo`: the variable outlives the loop
  const clang::Expr *Lo = nullptr;
  const clang::Expr *Hi = nullptr;
  Cond Op = Cond::LT;
  clang::QualType CmpType; ///< the type the condition compares in
  int64_t Step = 1;
  /// The further bounds of a condition `i < a && i < b` (matched only when asked: an inner
  /// loop's): the loop runs while every one holds, each written `i OP bound` in the direction of
  /// Op. Hi and Op are the first.
  std::vector<std::pair<Cond, const clang::Expr *>> MoreHi;
  /// The reads of memory in Lo and Hi (`p->n`, `dim.number_boxes`, `*len`, `sz[0]`): the host
  /// file reads them once, as OpenMP does, so the analysis checks that the body writes nothing
  /// they may alias (checkReadOnce).
  std::vector<const clang::Expr *> BoundMemory;
};

/// Checks that no write of `Writes` (the loop's write accesses) may alias one of `Reads`, memory
/// the host file reads once before the loop (a bound's LoopForm::BoundMemory, BodyInfo::Hoisted).
/// Returns false with warning `Id` (arguments: the read, the write) in `P` when one may.
bool checkReadOnce(clang::ASTContext &Ctx, const std::vector<const clang::Expr *> &Reads,
                   const std::vector<const clang::Expr *> &Writes, Diag Id, Problem &P);

/// Matches `FS` against the canonical form. Returns false and describes why in `P` (a warning
/// at the offending part) when it does not match. With `Conjunction`, the condition may be
/// several bounds joined by `&&` (LoopForm::MoreHi).
bool matchLoopForm(clang::ASTContext &Ctx, const clang::ForStmt *FS, LoopForm &F, Problem &P,
                   bool Conjunction = false);

/// Returns the value integer variable `VD` always holds: a local that its function never
/// changes after a constant initialiser (`int tile = 32;`), or a `const` global initialised by a
/// constant. C calls neither an integer constant expression, yet programs step, bound and
/// subscript by both.
std::optional<llvm::APSInt> constantVariable(clang::ASTContext &Ctx, const clang::VarDecl *VD);

/// Returns the loop variable `VD` would be if `E` (parens and implicit casts ignored) names it.
const clang::VarDecl *referencedVar(const clang::Expr *E);

/// Returns the statement around `S` (its single parent, across a declaration: an initialiser's
/// DeclStmt), or null at the function.
const clang::Stmt *parentStatement(clang::ASTContext &Ctx, const clang::Stmt *S);

/// Returns the function whose body contains `S`, or null.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx, const clang::Stmt *S);

/// Returns true when `S` mentions `VD`.
bool mentions(const clang::Stmt *S, const clang::VarDecl *VD);

/// How a statement mentions an array variable: every reference to it, those that are the base
/// of a subscript (`a[k]`), those that pass the whole array to memset, memcpy or memmove (which
/// keep no pointer to it), and whether one of the elements is written or has its address taken.
/// `sizeof` operands are no mentions.
struct ArrayMentions {
  unsigned Refs = 0;
  unsigned Elements = 0;
  unsigned BlockCalls = 0;
  bool ElementWritten = false;
};

/// Counts how `S` mentions array `VD`. With `Until` valid, only the mentions at or before it
/// count. An element is `VD[e1]...[eRank]`: with `Rank` above 1, a row `VD[e1]` is none.
ArrayMentions countArrayMentions(const clang::ASTContext &Ctx, const clang::Stmt *S,
                                 const clang::VarDecl *VD,
                                 clang::SourceLocation Until = clang::SourceLocation(),
                                 unsigned Rank = 1);

} // namespace gpupar

#endif
