//===- Dependence.h - may two iterations touch the same element? -----------===//
//
// For every write and every other access to the same array (and the write with itself), the
// test asks whether two DIFFERENT iterations of the offloaded loop (with collapse: of the
// collapsed nest) can touch the same element. Subscripts are affine polynomials in loop
// variables with coefficients that may be symbolic (`i*n + j`). Accesses inside one iteration at
// different iterations of an inner loop are not loop-carried; the inner variables of the two
// accesses are independent unknowns in their loop ranges.
//
// 1. Forcing (delinearisation): for a carried variable v with the same coefficient A in both
//    subscripts, if everything else in the difference provably lies strictly between -|A*step|
//    and |A*step|, then v = v' in any solution. When every carried variable is forced, the pair
//    is independent.
// 2. Exact test: one carried variable left, constant coefficients, no inner variables: the
//    distance is known (dependent, or independent when it is not a multiple of the step or
//    exceeds a known trip count).
// 3. GCD test on constant coefficients; Banerjee bounds with the loop ranges (symbolic bounds
//    count when the comparison reduces to a constant).
// Otherwise unknown. A proven dependence between unconditional accesses is an error; a
// dependence between conditional ones, and unknown, are warnings (the loop stays serial), and
// `independent` suppresses unknown. Pairs whose subscripts are identical, and a write with
// itself, are checked by the runtime when the analysis cannot (non-collapsed loops only).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_DEPENDENCE_H
#define GPUPAR_PLUGIN_DEPENDENCE_H

#include "Analysis/Accesses.h"

namespace gpupar {

/// Returns true when no dependence is carried by the loop (or, with `Dir.Independent`, none is
/// proven); otherwise describes the first problem in `P`.
/// A proof that needed facts only known at run time (a flat subscript `a[i*n + j]` split into
/// row and column needs `0 <= j < n`) records them in Info.Assumptions.
bool checkDependences(clang::ASTContext &Ctx, const LoopForm &F, const Directive &Dir,
                      BodyInfo &Info, Problem &P);

/// The same without a directive.
bool checkDependences(clang::ASTContext &Ctx, const LoopForm &F, BodyInfo &Info, Problem &P);

} // namespace gpupar

#endif
