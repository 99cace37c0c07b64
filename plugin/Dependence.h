//===- Dependence.h - may two iterations touch the same element? -----------===//
//
// For each written array, every access to it must have the same polynomial as the write
// (with a nonzero coefficient of the loop variable); the runtime then checks the numbers.
// Pairs that differ by a constant offset under a constant coefficient are decided here:
// independent, or a proven dependence (an error: the annotation is wrong). Anything else is
// "cannot prove" (a warning; the loop stays serial). Read-only arrays are unconstrained.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_DEPENDENCE_H
#define GPUPAR_PLUGIN_DEPENDENCE_H

#include "Accesses.h"

namespace gpupar {

/// Returns true when no dependence is carried by the loop as far as the compiler can tell;
/// otherwise describes the first problem in `P`.
bool checkDependences(clang::ASTContext &Ctx, const LoopForm &F, const BodyInfo &Info, Problem &P);

} // namespace gpupar

#endif
