//===- Emittable.h - the last checks before a loop is planned ---------------===//
//
// Types the generated code must spell: per-thread copies of scalars and reduction elements, and
// pointers to an array's rows. A loop that passes these is planned without further checks.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_EMITTABLE_H
#define GPUPAR_PLUGIN_EMITTABLE_H

#include "Analysis/Accesses.h"
#include "Diagnostics.h"

#include "gpupar/loop.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpupar {

/// Returns the runtime's kind of arithmetic type `T`, or none when the kernel cannot keep a
/// per-thread copy of it (pointers, records, complex, long double).
std::optional<gpupar_type_kind> perThreadKind(const clang::ASTContext &Ctx, clang::QualType T);

/// Returns the dimensions of array `VD` after the first (`double A[N][M]` and `double (*A)[M]`
/// give {M}), up to the first that is not a constant; that one, if any, in `*Variable`.
std::vector<uint64_t> innerDims(const clang::ASTContext &Ctx, const clang::VarDecl *VD,
                                const clang::ArrayType **Variable = nullptr);

/// Returns the array types of `VD`'s dimensions after the first, outermost first.
std::vector<const clang::ArrayType *> innerArrayTypes(const clang::ASTContext &Ctx,
                                                      const clang::VarDecl *VD);

/// Returns the integer variable that is the whole size of variable-length dimension `AT` (`m` in
/// `double A[n][m]`), or null (a constant dimension, or another size expression).
const clang::VarDecl *dimensionVariable(const clang::ArrayType *AT);

/// Returns the size expression of variable-length dimension `AT` when it is integer arithmetic
/// (`+ - * / %`, shifts, casts) over constants and integer locals or parameters that their
/// function never assigns (`n + 1` in Gaussian elimination's `double a[n][n + 1]`), so that its
/// value at the loop is the row size the type was given; else null.
const clang::Expr *dimensionSize(const clang::ArrayType *AT);

/// Returns true when the generated code can declare everything analysed loop `Info` needs;
/// otherwise false with a warning in `P` (the loop stays serial).
bool checkEmittable(const clang::ASTContext &Ctx, const BodyInfo &Info, Problem &P);

} // namespace gpupar

#endif
