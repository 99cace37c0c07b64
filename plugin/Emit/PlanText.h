//===- PlanText.h - the plan's values as C text ----------------------------===//
//
// What both emitters print of a LoopPlan: names and types of the values passed in scalar slots,
// the ends of access ranges, the comments naming each access term.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_PLANTEXT_H
#define GPUPAR_PLUGIN_PLANTEXT_H

#include "Plan/LoopPlan.h"

#include <string>
#include <utility>

namespace gpupar {

/// Returns the name of scalar `S` in the generated code (a user variable keeps its own).
std::string scalarName(const LoopPlan &P, const PlanScalar &S);
/// Returns the type of scalar `S` in the host file (C) or the .cu file (C++).
std::string scalarTypeC(const clang::ASTContext &Ctx, const PlanScalar &S);
std::string scalarTypeCxx(const clang::ASTContext &Ctx, const PlanScalar &S);
/// Returns the host-file expression of scalar `S`'s value.
std::string scalarValue(const clang::ASTContext &Ctx, const LoopPlan &P, const PlanScalar &S);

/// Returns the name of array `P.Arrays[I]` in the .cu file: a user variable keeps its own, a
/// struct member read once is `gpupar_p<I>`.
std::string arrayName(const LoopPlan &P, unsigned I);
/// Returns the host-file expression of array `P.Arrays[I]`'s base pointer.
std::string arrayValue(const clang::ASTContext &Ctx, const LoopPlan &P, unsigned I);

/// Returns end `B` of a range as a C `long long` expression of the host file; `Lower`: a lower end
/// (its clamps raise it), else an upper one.
std::string boundC(const clang::ASTContext &Ctx, const LoopPlan &P, const PlanBound &B, bool Lower);
/// Returns `V` as a C `long long` expression of the host file.
std::string polyC(const clang::ASTContext &Ctx, const LoopPlan &P, const Poly &V);
/// Returns the host file's name for scalar `P.Scalars[I]` (declared before the sections, which
/// name the struct members read once through it rather than read them again).
std::string hostScalarName(unsigned I);

/// Returns the host-file call computing collapsed loop P.Collapsed[I]'s trip count (0 where the
/// serial nest would not evaluate bounds that read memory: the loops around it run no iteration).
std::string tripCall(const clang::ASTContext &Ctx, const LoopPlan &P, unsigned I);

/// Returns what term `T` covers, for its comment: the access as written (`a[i + 1]`, `x[j] in
/// axpy_row`, `img, whole`).
std::string termText(const clang::ASTContext &Ctx, const LoopPlan &P, const PlanTerm &T);

/// Returns the first and last elements of section `W` as C `long long` expressions.
std::pair<std::string, std::string> wholeBounds(const clang::ASTContext &Ctx, const LoopPlan &P,
                                                const PlanWhole &W);

/// Returns the condition under which the loop may offload (the `if` clause and the reductions'
/// guards, and-ed), or "" when it always may.
std::string ifCondition(const clang::ASTContext &Ctx, const LoopPlan &P);

/// Returns the name of per-thread variable `R` (its user variable's).
std::string reductionName(const PlanReduction &R);
/// Returns array reduction `R`'s section as written in its clause, `a[lo:len]`.
std::string sectionText(const PlanReduction &R);

} // namespace gpupar

#endif
