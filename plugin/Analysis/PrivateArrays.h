//===- PrivateArrays.h - local arrays each iteration writes before it reads ----===//
//
// OpenMP programs keep per-thread scratch arrays declared in the `parallel` block around an
// `omp for` (PolyBench doitgen's `sum_local`); with `omp for` swapped for `#pragma gpupar`,
// the array is declared outside the loop and every iteration appears to write the same
// elements. Such an array is private to each iteration without a clause when no read outside
// the loop can see what the loop leaves and every read of an element follows, in the same
// iteration, a write of that element: see iterationPrivateArrays.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_PRIVATEARRAYS_H
#define GPUPAR_PLUGIN_PRIVATEARRAYS_H

#include "Analysis/LoopForm.h"

#include <optional>
#include <string>
#include <vector>

namespace gpupar {

/// Returns the sizes of `T`'s dimensions, outermost first, when `T` is an array whose every
/// dimension has a constant size; nothing otherwise (a variable-length array, not an array).
std::optional<std::vector<uint64_t>> constantDims(clang::ASTContext &Ctx, clang::QualType T);

/// Returns the local arrays of constant size and of numbers, declared outside `F` without an
/// initialiser, that every iteration of `F` writes before it reads them, and whose every read
/// elsewhere in the function is also written first in its own block (by a write outside `F`:
/// no value `F` leaves is read). A read is written first when an earlier statement of a block
/// around it (inside the loop, or the function for the other reads) writes, whenever it runs to
/// its end, elements that hold the read's:
/// - assignments `a[e1]...[ek] = v` whose subscripts are constants, the variables (plus or minus
///   a constant) of `for` loops inside the statement bounded by constants or a variable plus a
///   constant, or any other expression that the read repeats with its variables unchanged in
///   between; written boxes that meet are joined (LU's `tmat[m][0] = ...; ... tmat[m][4] = ...;`
///   over `m`), and a read lies in a box when its own loops' ranges provably do; an `if` with
///   an `else` writes what both branches write;
/// - `memset`/`memcpy`/`memmove` of the whole array (`sizeof a`), or a call of a function of the
///   file that fills its parameter so (the parameter only written there), or, passed a row
///   (`&a[e1]...[e(k-1)][0]`, `a[e1]...[e(k-1)]`) and filling the row's length, that row;
/// - a `for` with the same header as a `for` around the read whose body starts with such a
///   statement (one loop fills `t[p]`, a later one reads it).
/// Every other use (an address, a pointer, a partial subscript) rules the array out.
std::vector<const clang::VarDecl *> iterationPrivateArrays(clang::ASTContext &Ctx,
                                                           const LoopForm &F);

/// Returns the file arrays of numbers and constant size named in `Names` (the file's OpenMP
/// `threadprivate` variables: each thread's own scratch, NPB BT's `ue` and `buf`) whose every
/// mention in `F`'s body is a scratch use as above (each iteration writes what it reads first)
/// and which no function the body calls uses. Reads after the loop are not ruled out as
/// iterationPrivateArrays does: under OpenMP each thread's copy then holds what that thread's
/// iterations left, which no correct program relies on; after an offloaded run the arrays hold
/// what they held before the loop.
std::vector<const clang::VarDecl *> threadPrivateArrays(clang::ASTContext &Ctx, const LoopForm &F,
                                                        const std::vector<std::string> &Names);

} // namespace gpupar

#endif
