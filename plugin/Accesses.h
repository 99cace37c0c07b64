//===- Accesses.h - what an offloaded loop body reads and writes -----------===//
//
// Walks the body of a canonical loop: classifies every variable (loop variable, body local,
// loop-invariant scalar, array), records each array access with its polynomial subscript, finds
// canonical inner loops whose variables may appear in subscripts, and rejects what cannot run
// on a device (with the reason at the offending expression).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_ACCESSES_H
#define GPUPAR_PLUGIN_ACCESSES_H

#include "Affine.h"
#include "Diagnostics.h"
#include "LoopForm.h"

#include <vector>

namespace gpupar {

/// A canonical inner `for` loop whose variable may appear in subscripts.
struct InnerLoop {
  LoopForm Form;
  unsigned Atom = 0; ///< the loop variable's atom
};

/// One access to an array: a read or a write (a read-modify-write gives one of each).
struct Access {
  const clang::VarDecl *Array = nullptr;
  const clang::ArraySubscriptExpr *Expr = nullptr;
  bool IsWrite = false;
  Poly Subscript;
  bool Unconditional = false; ///< runs in every iteration (no branch around it)
};

struct BodyInfo {
  AtomTable Atoms;
  unsigned OuterAtom = 0;
  std::vector<const clang::VarDecl *> Arrays;  ///< in order of first use
  std::vector<const clang::VarDecl *> Scalars; ///< loop-invariant scalars read by the body
  std::vector<Access> Accesses;
  std::vector<InnerLoop> Inner;
  bool HasJumps = false; ///< `continue` or `break` somewhere in the body
};

/// Returns true when `VD` can be passed as an array: a pointer to, or a 1-D array of, an
/// arithmetic type.
bool isArrayVariable(const clang::VarDecl *VD);

/// Analyses the body of loop `F`. Returns false with the first reason in `P`.
bool analyzeBody(clang::ASTContext &Ctx, const LoopForm &F, BodyInfo &Info, Problem &P);

} // namespace gpupar

#endif
